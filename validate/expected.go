package validate

import (
	"path/filepath"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

func matchExpected(e content.ExpectedDiag, d diag.Diagnostic) bool {
	if e.Code != d.Code {
		return false
	}
	if e.Contains != "" && !strings.Contains(d.Message, e.Contains) {
		return false
	}
	if e.File != "" && filepath.ToSlash(filepath.Base(d.Pos.File)) != filepath.Base(e.File) &&
		!strings.HasSuffix(filepath.ToSlash(d.Pos.File), filepath.ToSlash(e.File)) {
		return false
	}
	return true
}
