package content

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Integers are read as YAML 1.2 reads them: decimal with leading zeros as padding; 0o octal, 0x hexadecimal.
// Go's base-0 parsing read 010 as 8 and refused 08 (issue 19.2).
func TestIntegersAreDecimalWithPadding(t *testing.T) {
	cases := map[string]int64{
		"010": 10, "0100": 100, "08": 8, "09": 9, "007": 7, "-010": -10, "+010": 10, "0": 0, "-0": 0,
		"0o17": 15, "0x1F": 31, "0X1f": 31, "0b101": 5, "1_000": 1000, "0_10": 10, "-0x10": -16,
	}
	for text, want := range cases {
		if got, err := parseInt(text); err != nil || got != want {
			t.Errorf("parseInt(%q) = %d, %v; want %d", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "-", "0x", "0x-5", "0o+7", "1.5", "ten", "0o8", "99999999999999999999"} {
		if v, err := parseInt(bad); err == nil {
			t.Errorf("parseInt(%q) = %d, want an error", bad, v)
		}
	}
	if _, err := parseUint("-3"); err == nil {
		t.Error("parseUint(-3) must be an error")
	}

	docs, ds := Parse("n.yaml", []byte("a: 010\nb: 08\nc: 0101\nd: 0o17\ne: 0x1F\nf: 010.5\n"))
	if len(ds) != 0 {
		t.Fatal(ds)
	}
	m := docs[0].Value.(map[string]any)
	want := map[string]json.Number{"a": "10", "b": "8", "c": "101", "d": "15", "e": "31", "f": "10.5"}
	for k, w := range want {
		if m[k] != w {
			t.Errorf("%s = %#v, want %s", k, m[k], w)
		}
	}
}

// The Highest Ground with one counter mix line written `count: 010` prints ten of that counter, not eight;
// `count: 08` is eight, not an error.
func TestZeroPaddedCountInTheHighestGround(t *testing.T) {
	dir := filepath.Join("..", "examples", "highest-ground")
	file := filepath.Join(dir, "counters.yaml")
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for padded, want := range map[string]int{"010": 10, "08": 8, "0014": 14} {
		edited := strings.Replace(string(text), "{unit: foote-levies, count: 14}", "{unit: foote-levies, count: "+padded+"}", 1)
		if edited == string(text) {
			t.Fatal("the counter mix line to edit is not in counters.yaml any more")
		}
		pkg, ds := LoadWith(dir, file, []byte(edited))
		if pkg == nil || ds.HasErrors() {
			t.Fatalf("load: %v", ds)
		}
		if ds := pkg.Decode(nil); ds.HasErrors() {
			t.Fatalf("count: %s: %v", padded, ds)
		}
		mix := pkg.CounterMix("thg-counters")
		if mix == nil {
			t.Fatal("no thg-counters mix")
		}
		found := false
		for _, e := range mix.Counters {
			if e.Unit == "foote-levies" {
				found = true
				if e.Count != want {
					t.Errorf("count: %s gives %d foote-levies, want %d", padded, e.Count, want)
				}
			}
		}
		if !found {
			t.Error("no foote-levies line in the mix")
		}
	}
}

// A value decoded into an untyped field reads numbers the same way.
func TestUntypedFieldsReadDecimal(t *testing.T) {
	docs, ds := Parse("u.yaml", []byte("x: 010\ny: [08, 0x10]\n"))
	if len(ds) != 0 {
		t.Fatal(ds)
	}
	var v struct {
		X any `yaml:"x"`
		Y any `yaml:"y"`
	}
	decodeDocument(docs[0], &v, &ds)
	if len(ds) != 0 || v.X != json.Number("10") || fmt.Sprint(v.Y) != "[8 16]" {
		t.Errorf("x = %#v, y = %v (%v); want 10 and [8 16]", v.X, v.Y, ds)
	}
}
