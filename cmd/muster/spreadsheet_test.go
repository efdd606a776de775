package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/internal/must"
	"github.com/muster-wargames/muster/validate"
)

// The spreadsheets muster export csv writes go through LibreOffice Calc (headless: open as CSV, save as CSV)
// with the import settings a user keeps: the defaults, "Detect special numbers" on (fractions become dates,
// ratios times), and formulas not evaluated. Read back as their includes read them, every example's sheets
// either come back with the same values, or every cell that changed is an error at its place; no formula ever
// runs (a formula's result would be a changed cell). CI installs Debian's libreoffice-calc-nogui (.ci/run);
// elsewhere the test skips without it.
func TestSpreadsheetRoundTripThroughLibreOffice(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("CI runs the LibreOffice round trip: install libreoffice-calc-nogui")
		}
		t.Skip("no LibreOffice (soffice) here")
	}
	type sheet struct {
		pkg  *content.Package
		file content.CSVFile
		name string // flat, for LibreOffice's one output folder
	}
	var sheets []sheet
	in := t.TempDir()
	for _, ex := range examples.Names() {
		checked, err := validate.Load(filepath.Join("..", "..", "examples", ex)).Checked()
		must.Do(t, err)
		files, _ := content.ExportCSV(checked.Package())
		for _, f := range files {
			name := ex + "__" + strings.ReplaceAll(f.Path, "/", "__")
			must.WriteFile(t, filepath.Join(in, name), f.Data)
			sheets = append(sheets, sheet{checked.Package(), f, name})
		}
	}
	if len(sheets) < 10 {
		t.Fatalf("the examples export only %d spreadsheets", len(sheets))
	}
	var names []string
	for _, s := range sheets {
		names = append(names, filepath.Join(in, s.name))
	}
	// LibreOffice's CSV filter options: separator, quote, UTF-8, first line, column formats, language (en-US),
	// quoted field as text, detect special numbers, -, -, trim spaces, sheet, evaluate formulas.
	for _, setting := range []struct{ name, options string }{
		{"default", "44,34,76,1,,1033,false,false,false,false,false,-1,true"},
		{"special numbers", "44,34,76,1,,1033,false,true,false,false,false,-1,true"},
		{"formulas not evaluated", "44,34,76,1,,1033,false,false,false,false,false,-1,false"},
	} {
		t.Run(setting.name, func(t *testing.T) {
			out := t.TempDir()
			args := append([]string{"-env:UserInstallation=file://" + filepath.ToSlash(t.TempDir()), "--headless", "--norestore",
				"--infilter=CSV:" + setting.options, "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1", "--outdir", out}, names...)
			cmd := exec.Command(soffice, args...)
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("soffice: %v\n%s", err, b)
			}
			changed, reported := 0, 0
			for _, s := range sheets {
				back, err := os.ReadFile(filepath.Join(out, s.name))
				must.Do(t, err)
				inc := s.file.Include
				want, wds := content.ReadCSV(s.pkg, s.name, s.file.Data, inc)
				if len(wds) != 0 {
					t.Fatalf("%s as exported: %v", s.name, wds)
				}
				got, ds := content.ReadCSV(s.pkg, s.name, back, inc)
				errorsAt := map[string]bool{}
				for _, d := range ds {
					if d.Severity == diag.Error {
						errorsAt[fmt.Sprintf("%d:%d", d.Pos.Line, d.Pos.Col)] = true
					}
				}
				if len(got) != len(want) {
					t.Errorf("%s: %d documents came back, %d went (%v)", s.name, len(got), len(want), ds)
					continue
				}
				for i := range want {
					for _, ptr := range differences("", want[i].Value, got[i].Value) {
						changed++
						p := got[i].PosOf(ptr)
						if !errorsAt[fmt.Sprintf("%d:%d", p.Line, p.Col)] {
							a, _ := json.Marshal(valueAt(want[i].Value, ptr))
							b, _ := json.Marshal(valueAt(got[i].Value, ptr))
							t.Errorf("%s:%d:%d (%s): %s came back as %s with no error at the cell", s.name, p.Line, p.Col, ptr, a, b)
							continue
						}
						reported++
					}
				}
			}
			t.Logf("%d spreadsheets, %d cells changed, %d of them reported", len(sheets), changed, reported)
		})
	}
}

// differences are the JSON pointers at which two values differ, leaves only.
func differences(ptr string, a, b any) []string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := map[string]bool{}
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		var ks []string
		for k := range keys {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		var out []string
		for _, k := range ks {
			out = append(out, differences(content.Pointer(ptr, k), am[k], bm[k])...)
		}
		return out
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		var out []string
		for i := range al {
			out = append(out, differences(content.Pointer(ptr, i), al[i], bl[i])...)
		}
		return out
	}
	if reflect.DeepEqual(a, b) {
		return nil
	}
	return []string{ptr}
}

// valueAt is the value at a pointer differences gave.
func valueAt(v any, ptr string) any {
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			var i int
			fmt.Sscan(tok, &i)
			if i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}
