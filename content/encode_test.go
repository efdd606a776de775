package content

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content/diag"
)

// sameModel compares two decoded models as content: positions and the documents they came from are not
// compared, FieldPos only by the keys it records (which keys the document wrote). It returns where they
// first differ.
func sameModel(a, b reflect.Value, path string) error {
	if a.Type() != b.Type() {
		return fmt.Errorf("%s: %s against %s", path, a.Type(), b.Type())
	}
	switch a.Type() {
	case posType, documentType:
		return nil
	case fieldPosType:
		ka, kb := fieldKeys(a.Interface().(FieldPos)), fieldKeys(b.Interface().(FieldPos))
		if ka != kb {
			return fmt.Errorf("%s: written keys %q, then %q", path, ka, kb)
		}
		return nil
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Errorf("%s: nil %v, then nil %v", path, a.IsNil(), b.IsNil())
			}
			return nil
		}
		return sameModel(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if err := sameModel(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); err != nil {
				return err
			}
		}
		return nil
	case reflect.Slice, reflect.Array:
		if a.Kind() == reflect.Slice && a.IsNil() != b.IsNil() {
			return fmt.Errorf("%s: nil list %v, then %v", path, a.IsNil(), b.IsNil())
		}
		if a.Len() != b.Len() {
			return fmt.Errorf("%s: %d items, then %d", path, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if err := sameModel(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return fmt.Errorf("%s: mapping of %d (nil %v), then %d (nil %v)", path, a.Len(), a.IsNil(), b.Len(), b.IsNil())
		}
		for _, k := range a.MapKeys() {
			bv := b.MapIndex(k)
			if !bv.IsValid() {
				return fmt.Errorf("%s: key %v lost", path, k)
			}
			if err := sameModel(a.MapIndex(k), bv, fmt.Sprintf("%s[%v]", path, k)); err != nil {
				return err
			}
		}
		return nil
	}
	if !reflect.DeepEqual(a.Interface(), b.Interface()) {
		return fmt.Errorf("%s: %#v, then %#v", path, a.Interface(), b.Interface())
	}
	return nil
}

func fieldKeys(f FieldPos) string {
	keys := make([]string, 0, len(f))
	for k := range f {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, " ")
}

// roundTrip decodes a document, writes it as YAML, decodes that, and says how the two models differ. The
// written YAML must also read back to itself: writing the second model gives the same bytes.
func roundTrip(d *Document) error {
	first := newOfKind(d.Kind)
	if first == nil {
		return fmt.Errorf("kind %q has no model", d.Kind)
	}
	var ds diag.List
	decodeDocument(d, first, &ds)
	first.meta().Doc = d
	out, err := Marshal(first)
	if err != nil {
		return err
	}
	docs, ds2 := Parse(d.File+".roundtrip.yaml", out)
	if ds2.HasErrors() || len(docs) != 1 {
		return fmt.Errorf("the written YAML does not read as one document: %v\n%s", ds2, out)
	}
	second := newOfKind(docs[0].Kind)
	if second == nil {
		return fmt.Errorf("the written document has kind %q\n%s", docs[0].Kind, out)
	}
	var ds3 diag.List
	decodeDocument(docs[0], second, &ds3)
	second.meta().Doc = docs[0]
	if len(ds3) > len(ds) {
		return fmt.Errorf("the written YAML decodes with new problems: %v\n%s", ds3, out)
	}
	if err := sameModel(reflect.ValueOf(first).Elem(), reflect.ValueOf(second).Elem(), d.Kind); err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	again, err := Marshal(second)
	if err != nil {
		return err
	}
	if !bytes.Equal(out, again) {
		return fmt.Errorf("written twice, the YAML differs:\n%s\n---- then ----\n%s", out, again)
	}
	return nil
}

// Every document of every example package, and of examples/testdata, survives decode, write YAML, decode: the
// models are equal but for positions, and the keys each mapping wrote are the same. The packages' effective
// documents (a mod's merged with its base) are round-tripped as well as the files' own.
func TestExampleDocumentsRoundTrip(t *testing.T) {
	root := filepath.Join("..", "examples")
	n, files := 0, 0
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err == nil && e.IsDir() && path != root && strings.HasPrefix(e.Name(), ".") {
			return filepath.SkipDir // .muster/schemas: the packages' schemas for editors, not content
		}
		if err != nil || e.IsDir() {
			return err
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".yaml", ".yml", ".json":
		default:
			return nil
		}
		files++
		docs, ds := ReadFile(path)
		if ds.HasErrors() {
			t.Errorf("%s: %v", path, ds)
		}
		for _, d := range docs {
			n++
			if err := roundTrip(d); err != nil {
				t.Errorf("%s, document %d (%s %s): %v", path, d.Index+1, d.Kind, d.ID, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	merged := 0
	pkgs := must.Glob(t, filepath.Join(root, "*", "muster.yaml"))
	more := must.Glob(t, filepath.Join(root, "testdata", "*", "muster.yaml"))
	for _, m := range append(pkgs, more...) {
		pkg, _ := Load(filepath.Dir(m))
		if pkg == nil {
			continue // a broken base; its files were round-tripped above
		}
		for _, d := range pkg.Docs {
			if len(d.origin) == 0 {
				continue // the file's own document, done above
			}
			merged++
			if err := roundTrip(d); err != nil {
				t.Errorf("%s: merged %s %s: %v", filepath.Dir(m), d.Kind, d.ID, err)
			}
		}
	}
	t.Logf("%d documents in %d files, %d merged documents", n, files, merged)
	if files < 80 || n < 200 || merged == 0 {
		t.Errorf("only %d documents in %d files and %d merged documents: the examples were not found", n, files, merged)
	}
}

// A zero the designer wrote survives: `firstCol: 0` means column 0 (absent, it means 1), and written empty
// lists stay empty lists. Generated content, with no document behind it, leaves zeros out.
func TestEncodeKeepsWrittenZeros(t *testing.T) {
	src := "kind: Map\nid: m\ngrid: {type: hex, cols: 2, rows: 2, numbering: {firstCol: 0, firstRow: 1}}\nlocations: []\n"
	docs, ds := Parse("m.yaml", []byte(src))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if err := roundTrip(docs[0]); err != nil {
		t.Fatal(err)
	}
	m := &Map{}
	decodeDocument(docs[0], m, &ds)
	m.Doc = docs[0]
	out, _ := Marshal(m)
	for _, want := range []string{"firstCol: 0", "locations: []"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("%q lost:\n%s", want, out)
		}
	}
	m.Doc = nil
	out, _ = Marshal(m)
	if strings.Contains(string(out), "firstCol") {
		t.Errorf("a zero nobody wrote is written:\n%s", out)
	}
}

// The written YAML keeps wargame notation: halves, flagged values, dice, lengths and stats as written.
func TestEncodeKeepsNotation(t *testing.T) {
	src := `kind: UnitType
id: u
stats: {attack: "3*", defence: 3*, melee: "[4]", move: 2½, fire: ., range: "-", morale: B, quoted: "5"}
---
kind: Generator
id: g
type: scenario
scenario:
  boards: {from: [I, II], count: 1d4}
  objectives: {count: 8, column: 2D20, points: 1/2, spacing: 6in}
  points: 2 1/2
---
kind: System
id: s
terrain: [{id: wood, protection: 1 1/2}]
`
	docs, ds := Parse("u.yaml", []byte(src))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var all []string
	for _, d := range docs {
		if err := roundTrip(d); err != nil {
			t.Error(err)
		}
		v := newOfKind(d.Kind)
		decodeDocument(d, v, &ds)
		out, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, string(out))
	}
	text := strings.Join(all, "")
	for _, want := range []string{`attack: "3*"`, `defence: 3*`, `melee: "[4]"`, `move: 2½`, `fire: .`, `range: "-"`, `morale: B`, `quoted: "5"`,
		`count: 1d4`, `count: 8`, `column: 2d20`, `points: ½`, `spacing: 6in`, `points: 2½`, `protection: 1 1/2`} {
		if !strings.Contains(text, want) {
			t.Errorf("%q not in the written YAML:\n%s", want, text)
		}
	}
	if testing.Verbose() {
		os.Stdout.WriteString(text)
	}
}

// What `muster generate` writes (testdata/generated: a file of each example generator, kept current by the
// generators' TestGeneratedFixtures) survives decode, write, decode, and is already in the writer's layout:
// each decoded document written again gives its own bytes back.
func TestGeneratedDocumentsRoundTrip(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "generated", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs, ds := Parse(f, data)
		if ds.HasErrors() {
			t.Fatalf("%s: %v", f, ds)
		}
		for i, d := range docs {
			kinds[d.Kind]++
			if err := roundTrip(d); err != nil {
				t.Errorf("%s, document %d (%s %s): %v", f, i+1, d.Kind, d.ID, err)
				continue
			}
			m := newOfKind(d.Kind)
			decodeDocument(d, m, &ds)
			m.meta().Doc = nil // as generated: no document behind it
			var b bytes.Buffer
			if err := WriteYAML(&b, m); err != nil {
				t.Fatal(err)
			}
			if own := documentText(data, i); b.String() != own {
				t.Errorf("%s, document %d: written again, it reads\n%s\nnot\n%s", f, i+1, b.String(), own)
			}
		}
	}
	if len(files) < 10 || kinds[KindMap] == 0 || kinds[KindScenario] == 0 || kinds[KindForce] == 0 {
		t.Errorf("%d files, documents %v: the generated files were not found", len(files), kinds)
	}
}

// documentText is the text of the i'th document of a file, without its comment lines and separator.
func documentText(data []byte, i int) string {
	docs := strings.Split(string(data), "\n---\n")
	var out []string
	for _, l := range strings.Split(docs[i], "\n") {
		if !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	s := strings.Join(out, "\n")
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return s
}

// Keys the schemas require are written even when empty: a force that bought nothing, a generator's seed 0.
func TestEncodeWritesRequiredKeys(t *testing.T) {
	out, err := Marshal(&Force{Meta: Meta{Kind: KindForce, ID: "f"}}, &Map{Meta: Meta{Kind: KindMap, ID: "m"}, Generated: &Generated{Generator: "g"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"units: []", "generated: {generator: g, seed: 0}"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("%q not written:\n%s", want, out)
		}
	}
}
