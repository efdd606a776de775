package validate

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

func TestExportVassalCheck(t *testing.T) {
	pkg, ds := content.Load("../examples/prestags")
	ds.Extend(pkg.Decode(nil))
	run := func() diag.List {
		var out diag.List
		runCheck(exportVassalCheck, newRun(pkg), &out, exportVassalCheck.Package)
		return out
	}
	if got := run(); len(got) != 0 {
		t.Fatalf("the example's labels are VASSAL's: %v", got)
	}
	m := pkg.Maps()[0]
	m.Grid.Numbering = &content.Numbering{Scheme: "pattern", Pattern: "{col:02}${row:02}"}
	got := run()
	if len(got) != 1 || got[0].Code != "export-vassal.numbering" || !strings.Contains(got[0].Message, "$") {
		t.Fatalf("got %v", got)
	}
}
