package content

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
)

// bombDocument is one YAML document whose aliases expand to 10^levels values while its text stays small.
func bombDocument(b *strings.Builder, levels int) {
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(b, "a%d: &a%d [", i, i)
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "*a%d", i-1)
		}
		b.WriteString("]\n")
	}
}

// multiDocumentBomb is the attack of issue 19.3: a bomb in each of many documents of one small file. Each
// document stays under the per-document limit's reach only by being stopped there, so without a file limit
// the file builds documents × MaxValues values (20 documents: 40 million values, 2.4 GB).
func multiDocumentBomb(documents, levels int) []byte {
	var b strings.Builder
	for d := 0; d < documents; d++ {
		if d > 0 {
			b.WriteString("---\n")
		}
		bombDocument(&b, levels)
	}
	return []byte(b.String())
}

func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestAliasBombSpreadOverDocumentsIsBoundedPerFile(t *testing.T) {
	data := multiDocumentBomb(20, 7) // 20 documents of 10^7 values each, in about 8 KB
	if len(data) > 10<<10 {
		t.Fatalf("the bomb is %d bytes; it is meant to be small", len(data))
	}
	load := &valueBudget{}
	var docs []*Document
	var ds diag.List
	alloc := allocated(func() { docs, ds = parse("bomb.yaml", data, load) })
	if !hasCode(ds, "syntax.too-large") || len(docs) != 0 {
		t.Errorf("want syntax.too-large and no documents, got %d documents, %v", len(docs), ds)
	}
	if load.used > MaxFileValues+1 {
		t.Errorf("built %d values from one file, more than the file limit %d", load.used, MaxFileValues)
	}
	// One file's worth of values costs about 80 MB; the unbounded loader allocated 2.4 GB here.
	if alloc > 400<<20 {
		t.Errorf("parsing the bomb allocated %d MB", alloc>>20)
	}
	t.Logf("values built %d, allocated %d MB", load.used, alloc>>20)
}

// lowerValueLimits sets small file and package limits for one test, so that the package limit can be reached
// without building millions of values.
func lowerValueLimits(t *testing.T, file, pkg int) {
	t.Helper()
	oldFile, oldPkg := fileValueLimit, packageValueLimit
	fileValueLimit, packageValueLimit = file, pkg
	t.Cleanup(func() { fileValueLimit, packageValueLimit = oldFile, oldPkg })
}

// A bomb spread over the files of a package, each file under the file limit, is stopped by the package limit,
// and the files after it are not expanded.
func TestAliasBombSpreadOverFilesIsBoundedPerPackage(t *testing.T) {
	lowerValueLimits(t, 2_000, 5_000)
	dir := t.TempDir()
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(ManifestFile, []byte("kind: Package\nid: p\nversion: 1.0.0\n"))
	for i := 0; i < 10; i++ {
		var b strings.Builder
		b.WriteString("kind: Notes\nid: n" + string(rune('a'+i)) + "\n")
		bombDocument(&b, 2) // about 1,240 values: under the file limit
		write("part"+string(rune('a'+i))+".yaml", []byte(b.String()))
	}
	load := &valueBudget{}
	var ds diag.List
	pkg := loadDir(dir, nil, load, &ds)
	if pkg == nil {
		t.Fatal(ds)
	}
	var stopped []string
	for _, d := range ds {
		if d.Code == "syntax.too-large" && strings.Contains(d.Message, "the package expands to more than 5000 values") {
			stopped = append(stopped, filepath.Base(d.Pos.File))
		}
	}
	if len(stopped) == 0 || stopped[0] != "parte.yaml" {
		t.Errorf("want the package limit reported from the fifth file on, got %v", ds)
	}
	if load.used > 5_000+len(stopped) {
		t.Errorf("built %d values, more than the package limit", load.used)
	}
	if n := len(pkg.Docs); n != 5 { // the manifest and the four files read before the limit
		t.Errorf("%d documents loaded, want 5", n)
	}
}

// Merge keys are work even when every key they bring is overridden: `<<: [*a, *a, ...]` of a large mapping,
// aliased again, is counted and stopped.
func TestMergeKeysAreCounted(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: &a {")
	for i := 0; i < 1000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "k%d: 1", i)
	}
	b.WriteString("}\nb: &b {<<: [")
	for i := 0; i < 1000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("*a")
	}
	b.WriteString("]}\nc: [")
	for i := 0; i < 1000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("*b")
	}
	b.WriteString("]\n")
	load := &valueBudget{}
	_, ds := parse("merge.yaml", []byte(b.String()), load)
	if !hasCode(ds, "syntax.too-large") {
		t.Errorf("want syntax.too-large, got %v", ds)
	}
	if load.used > MaxValues+1 {
		t.Errorf("counted %d, more than the limit", load.used)
	}
}

// A file too large to be content is refused before the YAML parser builds its tree: a flat list of a million
// numbers held 2 GB in the parser's nodes before the value limit was reached.
func TestFlatFileIsRefusedBeforeParsing(t *testing.T) {
	data := []byte("[" + strings.Repeat("1,", 2*MaxFileValues) + "1]")
	var ds diag.List
	alloc := allocated(func() { _, ds = Parse("flat.json", data) })
	if !hasCode(ds, "syntax.too-large") {
		t.Errorf("want syntax.too-large, got %v", ds)
	}
	if alloc > 16<<20 {
		t.Errorf("refusing the file allocated %d MB; it must not be parsed", alloc>>20)
	}
	// A million bad keys make a hundred diagnostics, not a million.
	_, ds = Parse("keys.yaml", []byte("x:\n"+strings.Repeat(" ? \n", MaxFileValues/2)))
	if len(ds) > maxProblems+1 || !hasCode(ds, "syntax.too-many-problems") {
		t.Errorf("want at most %d diagnostics ending in too-many-problems, got %d", maxProblems+1, len(ds))
	}
}
