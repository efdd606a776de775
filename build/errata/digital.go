package errata

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/export/tts"
	"github.com/muster-wargames/muster/export/vassal"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/validate"
)

// VASSAL is what changed in the module: its piece slots (by gpid, which muster derives from content ids,
// so a piece keeps its id across exports) and its prototypes (by name, from content ids too).
type VASSAL struct {
	Pieces     []Piece     `json:"pieces"`
	Prototypes []Prototype `json:"prototypes"`
}

// Piece is a piece slot of the module added, removed or changed. A changed definition (its traits: values,
// layers, prototypes) reaches a running game through VASSAL's Refresh Counters, which finds each piece's
// slot by its gpid; a changed picture only (the same definition, another image) shows as soon as the game
// is opened with the new module.
type Piece struct {
	GPID       string `json:"gpid"`
	Slot       string `json:"slot"` // the slot's name: unit:ID, marker:ID, card:DECK:ID
	Path       string `json:"path"` // the components above it in the module
	Status     string `json:"status"`
	Definition bool   `json:"definition,omitempty"`
	Picture    bool   `json:"picture,omitempty"`
}

// Prototype is a prototype definition added, removed or changed.
type Prototype struct {
	Name   string `json:"name"`
	Status string `json:"status"`
}

// TTS is what changed in the Tabletop Simulator set: its objects, in each saved object.
type TTS struct {
	Objects []Object `json:"objects"`
}

// Object is a Tabletop Simulator object added, removed or changed (any of its fields, or an image it shows),
// in a saved object's file. Objects are matched by nickname and their order among those of that nickname;
// OldGUID is set when the object's GUID differs in the old set.
type Object struct {
	File     string `json:"file"`
	GUID     string `json:"guid"`
	OldGUID  string `json:"oldGuid,omitempty"`
	Nickname string `json:"nickname"`
	Status   string `json:"status"`
}

// diffImageBase is where both sets read their images: the same for both, so that an object's fields differ
// only where the content does.
const diffImageBase = "file:///muster-diff/images/"

// exported is a version's module and set.
type exported struct {
	module *vassal.Module
	set    *tts.Set
}

func export(c *validate.Checked) (*exported, error) {
	m, ds, err := vassal.Export(c, vassal.Options{})
	if err == nil && m == nil {
		err = fmt.Errorf("the VASSAL export failed: %v", ds)
	}
	if err != nil {
		return nil, fmt.Errorf("errata: %s: %w", c.Package().Dir, err)
	}
	s, ds, err := tts.Export(c, tts.Options{ImageBaseURL: diffImageBase})
	if err == nil && s == nil {
		err = fmt.Errorf("the Tabletop Simulator export failed: %v", ds)
	}
	if err != nil {
		return nil, fmt.Errorf("errata: %s: %w", c.Package().Dir, err)
	}
	return &exported{module: m, set: s}, nil
}

// slot is a piece slot as the module holds it.
type slot struct {
	name, path, def string
	pictures        [32]byte
}

// pngName is an image a piece definition names.
var pngName = regexp.MustCompile(`[A-Za-z0-9_.\-]+\.png`)

func slots(m *vassal.Module) (map[string]slot, []string, map[string]string) {
	root, err := buildfile.Parse(bytes.NewReader(m.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		return nil, nil, nil // muster wrote it: it parses
	}
	out, protos := map[string]slot{}, map[string]string{}
	var order []string
	root.Walk(func(el *buildfile.Element, path string, _ *buildfile.Element) bool {
		switch {
		case el.Class == "VASSAL.build.module.PrototypeDefinition":
			protos[el.Attr("name")] = el.Text
		case el.Attr("gpid") != "" && strings.HasSuffix(el.Class, "Slot"):
			h := sha256.New()
			for _, n := range pngName.FindAllString(el.Text, -1) {
				h.Write([]byte(n))
				h.Write(m.File("images/" + n))
			}
			s := slot{name: el.Attr("entryName"), path: path, def: el.Text}
			copy(s.pictures[:], h.Sum(nil))
			g := el.Attr("gpid")
			if _, dup := out[g]; !dup {
				order = append(order, g)
			}
			out[g] = s
		}
		return true
	})
	return out, order, protos
}

func compareVASSAL(a, b *exported) *VASSAL {
	os, oorder, oprotos := slots(a.module)
	ns, norder, nprotos := slots(b.module)
	v := &VASSAL{Pieces: []Piece{}, Prototypes: []Prototype{}}
	for _, g := range norder {
		n := ns[g]
		o, ok := os[g]
		p := Piece{GPID: g, Slot: n.name, Path: n.path}
		switch {
		case !ok:
			p.Status = Added
		case o.def != n.def || o.pictures != n.pictures:
			p.Status, p.Definition, p.Picture = Changed, o.def != n.def, o.pictures != n.pictures
		default:
			continue
		}
		v.Pieces = append(v.Pieces, p)
	}
	for _, g := range oorder {
		if _, ok := ns[g]; !ok {
			o := os[g]
			v.Pieces = append(v.Pieces, Piece{GPID: g, Slot: o.name, Path: o.path, Status: Removed})
		}
	}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range nprotos {
			if !yield(k) {
				return
			}
		}
	}) {
		o, ok := oprotos[name]
		switch {
		case !ok:
			v.Prototypes = append(v.Prototypes, Prototype{Name: name, Status: Added})
		case o != nprotos[name]:
			v.Prototypes = append(v.Prototypes, Prototype{Name: name, Status: Changed})
		}
	}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range oprotos {
			if !yield(k) {
				return
			}
		}
	}) {
		if _, ok := nprotos[name]; !ok {
			v.Prototypes = append(v.Prototypes, Prototype{Name: name, Status: Removed})
		}
	}
	return v
}

// object is a TTS object as a saved object holds it: its fields without the objects it contains, and the
// images it names.
type object struct {
	guid, nickname string
	digest         [32]byte
}

// objects lists a set's objects by file and by nickname with their order among that nickname's, flattening
// bags and decks.
func objects(s *tts.Set) (map[string]object, []string) {
	images := map[string][]byte{}
	for _, f := range s.Files {
		if name, ok := strings.CutPrefix(f.Path, "images/"); ok {
			images[name] = f.Data
		}
	}
	out := map[string]object{}
	var order []string
	for _, f := range s.Files {
		if !strings.HasSuffix(f.Path, ".json") || strings.Contains(f.Path, "/") {
			continue
		}
		var save struct {
			ObjectStates []map[string]json.RawMessage `json:"ObjectStates"`
		}
		if json.Unmarshal(f.Data, &save) != nil {
			continue // muster wrote it: it parses
		}
		seen := map[string]int{}
		var walk func(objs []map[string]json.RawMessage)
		walk = func(objs []map[string]json.RawMessage) {
			for _, o := range objs {
				var guid, nick string
				_ = json.Unmarshal(o["GUID"], &guid)
				_ = json.Unmarshal(o["Nickname"], &nick)
				var inner []map[string]json.RawMessage
				_ = json.Unmarshal(o["ContainedObjects"], &inner)
				delete(o, "GUID")
				delete(o, "ContainedObjects")
				own, _ := json.Marshal(o) // keys sorted
				h := sha256.New()
				h.Write(own)
				for _, u := range urls.FindAllString(string(own), -1) {
					h.Write(images[strings.TrimPrefix(u, diffImageBase)])
				}
				seen[nick]++
				k := f.Path + "\x00" + nick + "\x00" + strconv.Itoa(seen[nick])
				ob := object{guid: guid, nickname: nick}
				copy(ob.digest[:], h.Sum(nil))
				out[k] = ob
				order = append(order, k)
				walk(inner)
			}
		}
		walk(save.ObjectStates)
	}
	return out, order
}

// urls are the images an object's fields name.
var urls = regexp.MustCompile(regexp.QuoteMeta(diffImageBase) + `[^"\\]+`)

func compareTTS(a, b *exported) *TTS {
	os, oorder := objects(a.set)
	ns, norder := objects(b.set)
	t := &TTS{Objects: []Object{}}
	file := func(k string) string { f, _, _ := strings.Cut(k, "\x00"); return f }
	for _, k := range norder {
		n := ns[k]
		o, ok := os[k]
		ob := Object{File: file(k), GUID: n.guid, Nickname: n.nickname}
		switch {
		case !ok:
			ob.Status = Added
		case o.digest != n.digest:
			ob.Status = Changed
		default:
			continue
		}
		if ok && o.guid != n.guid {
			ob.OldGUID = o.guid
		}
		t.Objects = append(t.Objects, ob)
	}
	for _, k := range oorder {
		if _, ok := ns[k]; !ok {
			o := os[k]
			t.Objects = append(t.Objects, Object{File: file(k), GUID: o.guid, Nickname: o.nickname, Status: Removed})
		}
	}
	return t
}
