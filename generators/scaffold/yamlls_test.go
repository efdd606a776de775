package scaffold

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/output"
)

// yaml-language-server (pinned in testdata/yamlls; `npm ci` there installs it, as .ci/run does), driven over
// stdio as an editor drives it, completes and checks the second document of a multi-document file of a new
// package: once through the document's own schema line, and once through the package's VS Code settings
// alone (the line removed), which is how documents without a line are covered.
func TestYAMLLanguageServerSecondDocument(t *testing.T) {
	server := filepath.Join("testdata", "yamlls", "node_modules", "yaml-language-server", "bin", "yaml-language-server")
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: install Node.js, then run npm ci in generators/scaffold/testdata/yamlls (.ci/run does both)")
	}
	if _, err := os.Stat(server); err != nil {
		t.Skip("yaml-language-server is not installed: run npm ci in generators/scaffold/testdata/yamlls (.ci/run does)")
	}
	files, err := New(Options{ID: "my-game", Name: "My Game"})
	if err != nil {
		t.Fatal(err)
	}
	dir, err := filepath.Abs(filepath.Join(t.TempDir(), "my-game"))
	if err != nil {
		t.Fatal(err)
	}
	if err := output.CreateFolder(dir, files, output.FileOptions{}); err != nil {
		t.Fatal(err)
	}
	var settings map[string]any
	if err := json.Unmarshal(fileNamed(files, SettingsFile).Data, &settings); err != nil {
		t.Fatal(err)
	}
	units := string(fileNamed(files, "units.yaml").Data)
	// The second document (the cavalry) gets a wrong echelon, and a blank line where a key is to be typed. (A
	// symbol is a pattern, since Systems declare their own and built-ins combine with +: validate names an
	// unknown one.)
	first, second, ok := strings.Cut(units, "\n---\n")
	if !ok || !strings.Contains(second, "symbol: cavalry\n") {
		t.Fatalf("units.yaml has no second document with a symbol:\n%s", units)
	}
	second = strings.Replace(second, "symbol: cavalry\n", "symbol: cavalry\nechelon: regimentt\n\n", 1)
	// Without either, as before muster wrote a line per document and the settings, the second document gets
	// nothing: the test can tell.
	t.Run("neither", func(t *testing.T) {
		_, doc, _ := strings.Cut(second, "\n")
		s := startServer(t, server, dir, nil)
		defer s.close()
		uri := fileURI(filepath.Join(dir, "units.yaml"))
		text := first + "\n---\n" + doc
		s.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
		var comp struct {
			Items []struct{ Label string } `json:"items"`
		}
		line := strings.Count(first+"\n---\n"+doc[:strings.Index(doc, "echelon: regimentt")], "\n") + 1
		s.request("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": 0}}, &comp)
		for _, it := range comp.Items {
			if it.Label == "footprint" {
				t.Errorf("the second document is completed without a schema line or settings: the test cannot tell")
			}
		}
	})
	for _, variant := range []string{"modeline", "settings"} {
		t.Run(variant, func(t *testing.T) {
			doc := second
			if variant == "settings" {
				_, doc, _ = strings.Cut(second, "\n") // drop the schema line: only the settings map the file
			}
			text := first + "\n---\n" + doc
			lines := strings.Split(text, "\n")
			badLine, blankLine := -1, -1
			for i, l := range lines {
				if l == "echelon: regimentt" {
					badLine, blankLine = i, i+1
				}
			}
			s := startServer(t, server, dir, settings)
			defer s.close()
			uri := fileURI(filepath.Join(dir, "units.yaml"))
			s.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
				"uri": uri, "languageId": "yaml", "version": 1, "text": text}})
			// Diagnostics: the wrong echelon, on its line in the second document.
			diags := s.waitDiagnostics(uri, func(ds []lspDiagnostic) bool {
				for _, d := range ds {
					if d.Range.Start.Line == badLine {
						return true
					}
				}
				return false
			})
			found := false
			for _, d := range diags {
				found = found || (d.Range.Start.Line == badLine && strings.Contains(d.Message, "brigade"))
			}
			if !found {
				t.Errorf("no diagnostic on line %d naming the allowed echelons: %+v", badLine+1, diags)
			}
			// Completion on the blank line: the UnitType keys not yet written.
			var comp struct {
				Items []struct{ Label string } `json:"items"`
			}
			s.request("textDocument/completion", map[string]any{
				"textDocument": map[string]any{"uri": uri},
				"position":     map[string]any{"line": blankLine, "character": 0},
			}, &comp)
			var labels []string
			for _, it := range comp.Items {
				labels = append(labels, it.Label)
			}
			for _, want := range []string{"size", "components", "footprint"} {
				if !contains(labels, want) {
					t.Errorf("completion in the second document lacks %q: %v", want, labels)
				}
			}
			if contains(labels, "stats") {
				t.Errorf("completion offers stats, which the document has: %v", labels)
			}
		})
	}
}

func fileURI(p string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(p)}).String()
}

type lspDiagnostic struct {
	Message string `json:"message"`
	Range   struct {
		Start struct{ Line, Character int } `json:"start"`
	} `json:"range"`
}

// lspServer is a language server on the other end of two pipes, spoken to in LSP's framing (a Content-Length
// header, a blank line, a JSON-RPC message).
type lspServer struct {
	t        *testing.T
	cmd      *exec.Cmd
	in       io.WriteCloser
	msgs     chan map[string]any
	next     int
	settings map[string]any
	deadline time.Time
}

func startServer(t *testing.T, server, root string, vscode map[string]any) *lspServer {
	t.Helper()
	cmd := exec.Command("node", server, "--stdio")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The settings VS Code would send from the package's .vscode/settings.json.
	yamlSettings := map[string]any{"validate": true, "completion": true, "hover": true, "schemas": vscode["yaml.schemas"],
		"schemaStore": map[string]any{"enable": false}}
	s := &lspServer{t: t, cmd: cmd, in: in, msgs: make(chan map[string]any, 64), settings: map[string]any{"yaml": yamlSettings},
		deadline: time.Now().Add(2 * time.Minute)} // a guard against a hung server, not a speed test
	go func() {
		defer close(s.msgs)
		r := bufio.NewReader(out)
		for {
			n := -1
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				line = strings.TrimSpace(line)
				if line == "" {
					break
				}
				if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
					n, _ = strconv.Atoi(v)
				}
			}
			if n < 0 || n > 64<<20 {
				return
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(r, body); err != nil {
				return
			}
			var m map[string]any
			if json.Unmarshal(body, &m) == nil {
				s.msgs <- m
			}
		}
	}()
	var init map[string]any
	s.request("initialize", map[string]any{
		"processId":        os.Getpid(),
		"rootUri":          fileURI(root),
		"workspaceFolders": []any{map[string]any{"uri": fileURI(root), "name": filepath.Base(root)}},
		"capabilities": map[string]any{
			"workspace":    map[string]any{"configuration": true, "workspaceFolders": true},
			"textDocument": map[string]any{"completion": map[string]any{"completionItem": map[string]any{"snippetSupport": false}}, "publishDiagnostics": map[string]any{}},
		},
	}, &init)
	s.notify("initialized", map[string]any{})
	s.notify("workspace/didChangeConfiguration", map[string]any{"settings": s.settings})
	return s
}

func (s *lspServer) send(m map[string]any) {
	m["jsonrpc"] = "2.0"
	b, _ := json.Marshal(m)
	if _, err := fmt.Fprintf(s.in, "Content-Length: %d\r\n\r\n%s", len(b), b); err != nil {
		s.t.Fatalf("writing to the server: %v", err)
	}
}

func (s *lspServer) notify(method string, params any) {
	s.send(map[string]any{"method": method, "params": params})
}

// receive returns the next message, answering the server's own requests on the way (its configuration, with
// the settings; anything else, with null).
func (s *lspServer) receive() map[string]any {
	for {
		select {
		case m, ok := <-s.msgs:
			if !ok {
				s.t.Fatal("the language server stopped")
			}
			if _, isReq := m["id"]; isReq && m["method"] != nil {
				var result any
				if m["method"] == "workspace/configuration" {
					var items []any
					if p, ok := m["params"].(map[string]any); ok {
						items, _ = p["items"].([]any)
					}
					out := []any{}
					for _, it := range items {
						sec, _ := it.(map[string]any)["section"].(string)
						switch sec {
						case "yaml":
							out = append(out, s.settings["yaml"])
						default:
							out = append(out, nil)
						}
					}
					result = out
				}
				s.send(map[string]any{"id": m["id"], "result": result})
				continue
			}
			return m
		case <-time.After(time.Until(s.deadline)):
			s.t.Fatal("no answer from the language server")
		}
	}
}

func (s *lspServer) request(method string, params, result any) {
	s.next++
	id := s.next
	s.send(map[string]any{"id": id, "method": method, "params": params})
	for {
		m := s.receive()
		if got, ok := m["id"].(float64); ok && int(got) == id && m["method"] == nil {
			if e := m["error"]; e != nil {
				s.t.Fatalf("%s: %v", method, e)
			}
			b, _ := json.Marshal(m["result"])
			if err := json.Unmarshal(b, result); err != nil {
				s.t.Fatalf("%s: %v", method, err)
			}
			return
		}
	}
}

// waitDiagnostics returns the diagnostics the server publishes for uri once done says they are complete (the
// server may publish more than once as it reads the schemas), or the last ones after 50 publications.
func (s *lspServer) waitDiagnostics(uri string, done func([]lspDiagnostic) bool) []lspDiagnostic {
	var last []lspDiagnostic
	for n := 0; n < 50; {
		m := s.receive()
		if m["method"] != "textDocument/publishDiagnostics" {
			continue
		}
		var p struct {
			URI         string          `json:"uri"`
			Diagnostics []lspDiagnostic `json:"diagnostics"`
		}
		b, _ := json.Marshal(m["params"])
		json.Unmarshal(b, &p)
		if p.URI != uri {
			continue
		}
		n++
		last = p.Diagnostics
		if done(last) {
			return last
		}
	}
	return last
}

func (s *lspServer) close() {
	s.in.Close()
	s.cmd.Process.Kill()
	s.cmd.Wait()
}
