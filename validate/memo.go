package validate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash"
	"strconv"
	"sync"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/rules"
	"go.yaml.in/yaml/v3"
)

// Memo carries the findings of the costly checks from one run over a package to the next, for a caller that
// validates the same package again after each edit (`muster serve`, as files are saved). A check whose
// Scenario function says what it reads (Check.Inputs) is run again only when that changed; otherwise its
// findings of the last run are its findings, the same diagnostics a run without a memo gives. Everything
// else runs as ever. The zero value is an empty memo; a Memo is safe for use by one run at a time.
type Memo struct {
	mu   sync.Mutex
	last map[string]memoEntry // by check and scenario
	next map[string]memoEntry
	// Reused and Ran count, for the last run, the check functions whose findings were reused and those that
	// ran though they say their inputs.
	Reused, Ran int
}

type memoEntry struct {
	inputs string
	diags  diag.List
}

// LoadMemo is Load with a memo: what the last run with the same memo found is reused where nothing it was
// worked out from has changed.
func LoadMemo(path string, m *Memo) Result {
	pkg, ds := content.Load(path)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.next, m.Reused, m.Ran = map[string]memoEntry{}, 0, 0
	return checkFor(pkg, ds, Options{}, m)
}

// Forget empties the memo: the next run runs every check.
func (m *Memo) Forget() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.last, m.next = nil, nil
}

// run runs a check's Scenario function on a scenario, or reuses what it found last time.
func (m *Memo) run(c *Check, x *run, ds *diag.List, sc *content.Scenario) {
	if m == nil || c.Inputs == nil {
		runCheck(c, x, ds, func(p *Pass) { c.Scenario(p, sc) })
		return
	}
	key := c.Name + "\x00" + sc.ID
	in := inputsOf(c, x, sc)
	if e, ok := m.last[key]; ok && in != "" && e.inputs == in {
		ds.Extend(append(diag.List(nil), e.diags...))
		m.next[key] = e
		m.Reused++
		return
	}
	m.Ran++
	// A formula's run time error is reported once, at the end of the run, by the rules engine: one the check
	// causes is not among its findings, so a check that causes any is not reused.
	runtime := takeRuntime(x)
	ds.Extend(runtime)
	before := len(*ds)
	runCheck(c, x, ds, func(p *Pass) { c.Scenario(p, sc) })
	found := append(diag.List(nil), (*ds)[before:]...)
	if caused := takeRuntime(x); len(caused) > 0 {
		ds.Extend(caused)
		return
	}
	if in != "" {
		m.next[key] = memoEntry{inputs: in, diags: found}
	}
}

// done ends a run: its findings are what the next run reuses.
func (m *Memo) done() {
	if m == nil {
		return
	}
	m.last, m.next = m.next, nil
}

func takeRuntime(x *run) diag.List {
	if e, ok := x.results[Engine].(*rules.Engine); ok {
		return e.TakeRuntimeDiags()
	}
	return nil
}

// inputsOf is a check's key for a scenario; a panic working it out (a bug) is no key: the check runs.
func inputsOf(c *Check, x *run, sc *content.Scenario) (in string) {
	defer func() {
		if recover() != nil {
			in = ""
		}
	}()
	var ds diag.List
	return c.Inputs(&Pass{Pkg: x.pkg, Check: c, run: x, diags: &ds}, sc)
}

// inputs builds a key: a SHA-256 of what is written to it.
type inputs struct{ h hash.Hash }

func newInputs() *inputs { return &inputs{h: sha256.New()} }

func (in *inputs) str(parts ...string) {
	for _, s := range parts {
		in.h.Write([]byte(strconv.Itoa(len(s))))
		in.h.Write([]byte{':'})
		in.h.Write([]byte(s))
	}
}

func (in *inputs) sum() string { return hex.EncodeToString(in.h.Sum(nil)) }

// document writes a document as written: its file, place and every node with its line and column, so that
// findings at its positions are reused only where those positions hold.
func (in *inputs) document(d *content.Document) {
	in.str("doc", d.File, strconv.Itoa(d.Index), d.Kind, d.ID, d.Package)
	if d.Root == nil {
		b, _ := json.Marshal(d.Value)
		in.str("value", string(b))
		return
	}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		in.str(strconv.Itoa(int(n.Kind)), n.Tag, n.Value, n.Anchor, strconv.Itoa(n.Line), strconv.Itoa(n.Column), strconv.Itoa(len(n.Content)))
		if n.Alias != nil {
			walk(n.Alias)
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(d.Root)
}

// value writes a document's value alone (not where it is written), without some of its top-level keys and
// some keys of its maps (drop["back"] = ["stats"]: the back's stats).
func (in *inputs) value(d *content.Document, drop map[string][]string) {
	in.str("value", d.Kind, d.ID, d.Package)
	m, ok := d.Value.(map[string]any)
	if !ok {
		b, _ := json.Marshal(d.Value)
		in.str(string(b))
		return
	}
	out := make(map[string]any, len(m))
	for k, v := range m {
		sub, listed := drop[k]
		if listed && len(sub) == 0 {
			continue
		}
		if vm, ok := v.(map[string]any); ok && listed {
			c := make(map[string]any, len(vm))
			for kk, vv := range vm {
				c[kk] = vv
			}
			for _, kk := range sub {
				delete(c, kk)
			}
			v = c
		}
		out[k] = v
	}
	b, err := json.Marshal(out) // map keys sorted: deterministic
	if err != nil {
		b = fmt.Appendf(nil, "%#v", out)
	}
	in.str(string(b))
}
