// Package diag defines diagnostics: positioned findings about a game's content (errors, warnings, notes)
// that every stage of muster produces and the CLI renders. A diagnostic is data, never printed here, so the
// same finding can be shown as text, JSON, SARIF or CI annotations. It is a leaf: it imports no other muster
// package, so the loader, the schema layer, the checks and the printers can all speak it.
package diag

import (
	"fmt"
	"sort"
)

// Severity says how bad a finding is. Errors make `muster validate` fail; warnings are suspicious but legal
// content (they fail only under --strict); info is a note. The zero Severity is invalid, so a diagnostic
// built without saying how bad it is is caught (Valid) rather than silently read as an error.
type Severity int

const (
	Error Severity = iota + 1
	Warning
	Info
)

// Valid reports whether s is one of Error, Warning and Info.
func (s Severity) Valid() bool { return s >= Error && s <= Info }

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return "invalid"
}

// MarshalText makes severities appear as words in JSON.
func (s Severity) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, fmt.Errorf("invalid severity %d", int(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads the words MarshalText writes.
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "error":
		*s = Error
	case "warning":
		*s = Warning
	case "info":
		*s = Info
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Pos is a place in a content file. Line and Col count from 1 (Col in characters, not bytes); a zero Line
// means "the whole file". Where the source gives them, EndLine and EndCol mark the end of the value (the
// character after it), and Path is the value's JSON pointer inside its document (`/units/3/count`), so a tool
// can find the value without reading the file.
type Pos struct {
	File    string `json:"file"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	EndLine int    `json:"endLine,omitempty"`
	EndCol  int    `json:"endCol,omitempty"`
	Path    string `json:"path,omitempty"`
}

// Start is the position without its end and path: the point where the value begins.
func (p Pos) Start() Pos { return Pos{File: p.File, Line: p.Line, Col: p.Col} }

// HasEnd reports whether the position knows where its value ends.
func (p Pos) HasEnd() bool { return p.EndLine > 0 }

// IsZero reports whether the position names no file.
func (p Pos) IsZero() bool { return p.File == "" }

func (p Pos) String() string {
	switch {
	case p.File == "":
		return "-"
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Less orders positions by file, line and column.
func (p Pos) Less(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// Related is a second place a diagnostic refers to: the other definition of a duplicate id, the base package's
// document a mod overrides, the candidate a did-you-mean points at.
type Related struct {
	Pos     Pos    `json:"pos"`
	Message string `json:"message"`
}

// Diagnostic is one finding. Code is a stable identifier (`schema.type`, `ref.unknown`, ...) that tools and
// content tests can match on; Message is written for a designer; Hint suggests the fix. Expected is set on a
// warning the package declares it knowingly carries (published data that contradicts itself); the reason is
// among the Related notes.
type Diagnostic struct {
	Severity Severity  `json:"severity"`
	Code     string    `json:"code"`
	Message  string    `json:"message"`
	Pos      Pos       `json:"pos"`
	Hint     string    `json:"hint,omitempty"`
	Related  []Related `json:"related,omitempty"`
	Expected bool      `json:"expected,omitempty"`
}

func (d Diagnostic) String() string {
	s := fmt.Sprintf("%s: %s[%s]: %s", d.Pos, d.Severity, d.Code, d.Message)
	if d.Hint != "" {
		s += " (" + d.Hint + ")"
	}
	return s
}

// List collects diagnostics. The zero value is ready to use.
type List []Diagnostic

// Add appends a diagnostic.
func (l *List) Add(d Diagnostic) { *l = append(*l, d) }

// Errorf appends an error.
func (l *List) Errorf(pos Pos, code, format string, args ...any) *Diagnostic {
	return l.add(Error, pos, code, format, args...)
}

// Warnf appends a warning.
func (l *List) Warnf(pos Pos, code, format string, args ...any) *Diagnostic {
	return l.add(Warning, pos, code, format, args...)
}

// Infof appends a note.
func (l *List) Infof(pos Pos, code, format string, args ...any) *Diagnostic {
	return l.add(Info, pos, code, format, args...)
}

func (l *List) add(sev Severity, pos Pos, code, format string, args ...any) *Diagnostic {
	*l = append(*l, Diagnostic{Severity: sev, Code: code, Pos: pos, Message: fmt.Sprintf(format, args...)})
	return &(*l)[len(*l)-1]
}

// Extend appends all of m.
func (l *List) Extend(m List) { *l = append(*l, m...) }

// Count returns how many diagnostics have the given severity.
func (l List) Count(sev Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == sev {
			n++
		}
	}
	return n
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool { return l.Count(Error) > 0 }

// Sort orders diagnostics by position, then severity, code and message, and drops exact duplicates, so output
// is stable from run to run.
func (l *List) Sort() {
	s := *l
	sort.SliceStable(s, func(i, j int) bool {
		a, b := s[i], s[j]
		if a.Pos.Start() != b.Pos.Start() {
			return a.Pos.Less(b.Pos)
		}
		if a.Severity != b.Severity {
			return a.Severity < b.Severity
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
	out := s[:0]
	for i, d := range s {
		if i > 0 && sameDiag(d, out[len(out)-1]) {
			continue
		}
		out = append(out, d)
	}
	*l = out
}

func sameDiag(a, b Diagnostic) bool {
	return a.Pos.Start() == b.Pos.Start() && a.Severity == b.Severity && a.Code == b.Code && a.Message == b.Message
}

// Summary is the one-line count printed after a list: "2 errors, 1 warning". It names its two nouns itself
// (content/english composes every other count) so that diag stays a leaf.
func (l List) Summary() string {
	e, w := l.Count(Error), l.Count(Warning)
	if e == 0 && w == 0 {
		return "no problems"
	}
	errs, warns := "errors", "warnings"
	if e == 1 {
		errs = "error"
	}
	if w == 1 {
		warns = "warning"
	}
	return fmt.Sprintf("%d %s, %d %s", e, errs, w, warns)
}
