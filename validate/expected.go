package validate

import (
	"path/filepath"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/validate/diag"
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

// IsExpected reports whether a diagnostic carries the package's "expected" note.
func IsExpected(d diag.Diagnostic) bool {
	for _, r := range d.Related {
		if strings.HasPrefix(r.Message, "expected by the package") {
			return true
		}
	}
	return false
}
