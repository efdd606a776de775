package output

import (
	"reflect"
	"testing"
)

// FuzzParseRecord: a record from anywhere (a repository, a zip) never panics the parser, and every entry it
// accepts is a clean path inside the folder with an output and, in the current format, a hash; what it
// accepts survives Encode and ParseRecord unchanged.
func FuzzParseRecord(f *testing.F) {
	for _, seed := range []string{
		`{"outputs":{"charts":["../victim.txt"]}}`,
		`{"outputs":{"counters":["counters.pdf","png/counters/a.png"],"maps":[]}}`,
		`{"format":2,"files":[{"path":"counters.pdf","output":"counters","sha256":"` + sha([]byte("x")) + `"}]}`,
		`{"format":2,"files":[{"path":"a/../b","output":"x","sha256":""},{"path":"/abs","output":"x"}]}`,
		`{"format":3}`, `[]`, `null`, `{"format":2,"files":{}}`, "",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		entries, legacy, _ := ParseRecord(data, "r")
		seen := map[string]bool{}
		for _, e := range entries {
			if !cleanRel(e.Path) || e.Path == RecordName || e.Output == "" || seen[e.Path] || (!legacy && !isSHA256(e.SHA256)) {
				t.Fatalf("accepted %+v", e)
			}
			seen[e.Path] = true
		}
		if legacy {
			return
		}
		again, legacy2, w := ParseRecord(Record{Files: entries}.Encode(), "r")
		if legacy2 || len(w) > 0 || len(again) != len(entries) {
			t.Fatalf("round trip: %d entries, then %d (%v)", len(entries), len(again), w)
		}
		byPath := map[string]Entry{}
		for _, e := range entries {
			byPath[e.Path] = e
		}
		for _, e := range again {
			if !reflect.DeepEqual(byPath[e.Path], e) {
				t.Fatalf("round trip changed %+v", e)
			}
		}
	})
}

// FuzzParseJournal: a journal found beside the output folder may come from anywhere; the parser never panics,
// and every step it accepts is a known operation on a clean path inside the folder.
func FuzzParseJournal(f *testing.F) {
	for _, seed := range []string{
		`{"format":1,"folder":"out","steps":[{"op":"aside","path":"counters.pdf"},{"op":"rmdir","path":"png","mode":493},{"op":"mkdir","path":"sheets"},{"op":"in","path":"counters.pdf","sha256":"` + sha([]byte("x")) + `"}]}`,
		`{"format":1,"folder":"out","steps":[{"op":"in","path":"../x","sha256":""}]}`,
		`{"format":1,"folder":"other","steps":[]}`, `{}`, `[`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		steps, err := parseJournal(data, "out")
		if err != nil {
			return
		}
		for _, s := range steps {
			ok := cleanRel(s.Path)
			switch s.Op {
			case opIn:
				ok = ok && isSHA256(s.SHA256)
			case opRmdir:
				ok = ok && s.Mode&^0o777 == 0
			case opAside, opMkdir:
			default:
				ok = false
			}
			if !ok {
				t.Fatalf("accepted %+v", s)
			}
		}
	})
}

// FuzzSeal: a file with one placeholder seals, and any change of one byte breaks the seal.
func FuzzSeal(f *testing.F) {
	f.Add([]byte("kind: Map\n"), []byte("# "), uint(3))
	f.Add([]byte("%PDF-1.4 trailer"), []byte("/Subject (\xfe\xff"), uint(40))
	f.Fuzz(func(t *testing.T, body, before []byte, at uint) {
		data := append(append(append([]byte{}, before...), Placeholder...), body...)
		sealed, err := Seal(data)
		if err != nil {
			if len(findSeals(data)) == 1 {
				t.Fatalf("one placeholder, but: %v", err)
			}
			return
		}
		if !Sealed(sealed) || len(sealed) != len(data) {
			t.Fatal("not sealed")
		}
		i := int(at % uint(len(sealed)))
		changed := append([]byte{}, sealed...)
		changed[i] ^= 0x20
		if Sealed(changed) {
			t.Fatalf("still sealed after changing byte %d", i)
		}
	})
}
