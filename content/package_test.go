package content

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/internal/must"
)

func load(t *testing.T, dir string) (*Package, diag.List) {
	t.Helper()
	pkg, ds := Load(filepath.Join("testdata", "mods", dir))
	if pkg != nil {
		ds.Extend(pkg.Decode(nil))
	}
	return pkg, ds
}

func TestModAddsAndOverrides(t *testing.T) {
	pkg, ds := load(t, "mod-ok")
	if ds.HasErrors() {
		t.Fatalf("mod-ok: %v", ds)
	}
	if pkg.Base == nil || pkg.Base.ID != "base" {
		t.Fatalf("base not loaded")
	}
	if u := pkg.UnitType("pony-rider"); u == nil {
		t.Errorf("the mod's new unit is missing")
	}
	if u := pkg.UnitType("knight"); u == nil || u.Doc.Package != "base" {
		t.Errorf("the base's knight must be inherited unchanged")
	}
	legion := pkg.UnitType("legion")
	if legion == nil {
		t.Fatal("legion missing")
	}
	// merge: attack from the mod, movement, faction and classes from the base.
	if legion.Stats["attack"].Text != "3" || legion.Stats["movement"].Text != "1" || legion.Faction != "roman" {
		t.Errorf("merged legion = %+v", legion.Stats)
	}
	if f := legion.Stats["attack"].At.File; !strings.Contains(f, "mod-ok") {
		t.Errorf("merged attack must point at the mod's file, got %s", f)
	}
	if f := legion.Stats["movement"].At.File; !strings.Contains(f, filepath.Join("mods", "base")) {
		t.Errorf("inherited movement must point at the base's file, got %s", f)
	}
	mix := pkg.CounterMix("mix")
	if mix == nil || len(mix.Counters) != 2 || mix.Counters[1].Unit != "pony-rider" || mix.Counters[0].Count != 10 {
		t.Errorf("replaced mix = %+v", mix)
	}
	if pkg.System == nil || pkg.System.ID != "sys" {
		t.Errorf("the base's System must be the mod's System")
	}
	if len(pkg.UnitTypes()) != 3 {
		t.Errorf("unit types = %d, want 3", len(pkg.UnitTypes()))
	}
}

func TestModErrorsNameBothPlaces(t *testing.T) {
	_, ds := load(t, "mod-broken")
	want := map[string]string{
		"id.collision":     "mod-broken/units.yaml:2:5",
		"override.missing": "mod-broken/units.yaml:8:11",
		"id.duplicate":     "mod-broken/units.yaml:16:5",
	}
	for code, pos := range want {
		var d *diag.Diagnostic
		for i := range ds {
			if ds[i].Code == code {
				d = &ds[i]
			}
		}
		if d == nil {
			t.Errorf("want %s, got %v", code, ds)
			continue
		}
		if !strings.HasSuffix(d.Pos.String(), pos) {
			t.Errorf("%s at %s, want ...%s", code, d.Pos, pos)
		}
		switch code {
		case "id.collision":
			if len(d.Related) != 1 || !strings.Contains(d.Related[0].Pos.String(), filepath.Join("base", "units.yaml")+":8:5") {
				t.Errorf("collision must name the base's definition, related = %v", d.Related)
			}
		case "override.missing":
			if d.Hint != `did you mean "legion"?` {
				t.Errorf("override.missing hint = %q", d.Hint)
			}
		case "id.duplicate":
			if len(d.Related) != 1 || !strings.HasSuffix(d.Related[0].Pos.String(), "units.yaml:12:5") {
				t.Errorf("duplicate must name the first definition, related = %v", d.Related)
			}
		}
	}
}

func TestModBaseProblems(t *testing.T) {
	cases := map[string]string{
		"mod-version": "package.version-mismatch",
		"mod-missing": "package.base-missing",
		"cycle-a":     "package.cycle",
	}
	for dir, code := range cases {
		_, ds := load(t, dir)
		found := false
		for _, d := range ds {
			if d.Code == code {
				found = true
				if !strings.Contains(d.Pos.File, dir) && code != "package.cycle" {
					t.Errorf("%s: %s reported in %s", dir, code, d.Pos.File)
				}
			}
		}
		if !found {
			t.Errorf("%s: want %s, got %v", dir, code, ds)
		}
	}
}

func TestVersionRanges(t *testing.T) {
	cases := []struct {
		v, rng string
		ok     bool
	}{
		{"1.2.0", "^1.0", true}, {"2.0.0", "^1.0", false}, {"0.9.0", "^1.0", false}, {"1.2.5", "~1.2", true},
		{"1.3.0", "~1.2", false}, {"1.4.0", "1.x", true}, {"2.0.0", "1.x", false}, {"1.0.0", "1.0.0", true},
		{"1.0.1", "1.0.0", false}, {"1.5.0", ">=1.0 <2", true}, {"2.0.0", ">=1.0 <2", false}, {"3.0.0", "*", true},
	}
	for _, c := range cases {
		v, err := parseVersion(c.v)
		if err != nil {
			t.Fatal(err)
		}
		ok, err := versionMatches(v, c.rng)
		if err != nil || ok != c.ok {
			t.Errorf("%s in %s = %v (%v), want %v", c.v, c.rng, ok, err, c.ok)
		}
	}
	if _, err := versionMatches(version{1}, "^one"); err == nil {
		t.Error("a malformed range must be an error")
	}
}

func TestGlob(t *testing.T) {
	cases := []struct {
		pat, name string
		ok        bool
	}{
		{"**/*.yaml", "a.yaml", true}, {"**/*.yaml", "units/a.yaml", true}, {"**/*.yaml", "a/b/c.yaml", true},
		{"units/*.yaml", "units/a.yaml", true}, {"units/*.yaml", "units/x/a.yaml", false}, {"*.yaml", "units/a.yaml", false},
		{"boards/**", "boards/x/y.yaml", true}, {"**/*.json", "a.yaml", false},
	}
	for _, c := range cases {
		if got := matchGlob(c.pat, c.name); got != c.ok {
			t.Errorf("matchGlob(%q, %q) = %v, want %v", c.pat, c.name, got, c.ok)
		}
	}
	if _, _, err := globFiles(".", "../x/*.yaml"); err == nil {
		t.Error("an include outside the package must be refused")
	}
}

func TestIncludes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("muster.yaml", "kind: Package\nid: inc\nversion: 1.0.0\ninclude:\n  - units/**/*.yaml\n  - missing/*.yaml\n  - units/a.yaml\n")
	write("units/a.yaml", "kind: UnitType\nid: a\nstats: {}\n")
	write("units/deep/b.yaml", "kind: UnitType\nid: b\nstats: {}\n---\nkind: UnitType\nid: c\nstats: {}\n")
	write("notes/ignored.yaml", "kind: UnitType\nid: ignored\nstats: {}\n")
	pkg, ds := Load(dir)
	if pkg == nil {
		t.Fatal(ds)
	}
	if len(ds) != 1 || ds[0].Code != "package.include" || ds[0].Pos.String() != filepath.Join(dir, "muster.yaml")+":6:5" {
		t.Errorf("want one package.include at muster.yaml:6:5, got %v", ds)
	}
	var ids []string
	for _, d := range pkg.Docs {
		ids = append(ids, d.ID)
	}
	if strings.Join(ids, ",") != "inc,a,b,c" {
		t.Errorf("documents = %v, want the manifest, a, b, c once each in include order", ids)
	}
}

func TestLoadWithReadsContentNotOnDisk(t *testing.T) {
	dir := filepath.Join("testdata", "mods", "base")
	extra := []byte("kind: UnitType\nid: pony\nfaction: feudal\nstats: {movement: 4}\n")
	pkg, ds := LoadWith(dir, filepath.Join(dir, "generated.yaml"), extra)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	if pkg.UnitType("pony") == nil || pkg.UnitType("legion") == nil {
		t.Fatalf("want the package's units and the extra one: %v", pkg.IDs(KindUnitType))
	}
	if got := pkg.UnitType("pony").At.String(); got != filepath.Join(dir, "generated.yaml")+":1:1" {
		t.Errorf("the extra document is positioned at %s", got)
	}
	// Standing in for a file on disk replaces what that file held.
	pkg, _ = LoadWith(dir, filepath.Join(dir, "units.yaml"), extra)
	pkg.Decode(nil)
	if pkg.UnitType("legion") != nil || pkg.UnitType("pony") == nil {
		t.Errorf("units.yaml's documents must be replaced by the data: %v", pkg.IDs(KindUnitType))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Errorf("LoadWith must not write into the package: %d entries", len(entries))
	}
}

// An include whose folder is not made yet is a warning (the package is laid out before it is written); one that
// matches nothing in a folder that exists is an error.
func TestIncludeOfAFolderNotMadeYet(t *testing.T) {
	for _, c := range []struct {
		include string
		sev     diag.Severity
	}{
		{"cards/*.yaml", diag.Warning},
		{"units/*.yaml", diag.Error},
	} {
		dir := t.TempDir()
		must.Mkdir(t, filepath.Join(dir, "units"))
		must.WriteFile(t, filepath.Join(dir, "muster.yaml"), []byte("kind: Package\nid: p\nversion: 1.0.0\nsystem: sys\ninclude: [system.yaml, \""+c.include+"\"]\n"))
		must.WriteFile(t, filepath.Join(dir, "system.yaml"), []byte("kind: System\nid: sys\n"))
		_, ds := Load(dir)
		var got []diag.Diagnostic
		for _, d := range ds {
			if d.Code == "package.include" {
				got = append(got, d)
			}
		}
		if len(got) != 1 || got[0].Severity != c.sev {
			t.Errorf("%s: %v, want one %v", c.include, got, c.sev)
		}
	}
}
