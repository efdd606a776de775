package diag

import (
	"errors"
	"strings"
)

// Failure is an error made of diagnostics: what a stage below the command line (a printer, an exporter)
// returns when it cannot go on because of the content, so that the command line renders the problem like any
// other diagnostic, in the user's --format, with its file and line where they are known.
type Failure struct {
	Diags List // at least one error
}

// Fail returns a Failure of one error diagnostic.
func Fail(pos Pos, code, message, hint string) *Failure {
	return &Failure{Diags: List{{Severity: Error, Code: code, Message: message, Pos: pos, Hint: hint}}}
}

// Error is the diagnostics as lines of text, without the position of a diagnostic that has none.
func (f *Failure) Error() string {
	var lines []string
	for _, d := range f.Diags {
		s := d.Message
		if !d.Pos.IsZero() {
			s = d.Pos.String() + ": " + s
		}
		if d.Hint != "" {
			s += " (" + d.Hint + ")"
		}
		lines = append(lines, s)
	}
	return strings.Join(lines, "\n")
}

// AsFailure finds a Failure in err's chain.
func AsFailure(err error) (*Failure, bool) {
	var f *Failure
	ok := errors.As(err, &f)
	return f, ok
}
