package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Formats the CLI can render diagnostics in.
var Formats = []string{"text", "json", "sarif", "github"}

// WriteText writes one diagnostic per line, `file:line:col: severity[code]: message (hint)`, then a summary
// line. With quiet, only errors are written and no summary.
func WriteText(w io.Writer, l List, quiet bool) error {
	return WriteTextStyled(w, l, TextStyle{Quiet: quiet})
}

// TextStyle says how WriteTextStyled writes.
type TextStyle struct {
	Quiet  bool // errors only, and no summary
	Colour bool // ANSI colours for a terminal: the position bold, the severity in its colour
	// Verbose writes a warning the package expects in full; without it, in one short line (the package knows
	// it already).
	Verbose bool
}

// expectedLine is how much of an expected warning's message one line shows.
const expectedLine = 90

// The ANSI colours of the text format: severities as compilers show them, positions bold.
const (
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[1;31m"
	ansiYellow = "\x1b[1;33m"
	ansiCyan   = "\x1b[1;36m"
	ansiReset  = "\x1b[0m"
)

// WriteTextStyled is WriteText with colours on a terminal. The text taken from content is escaped (see
// EscapeControls) before muster adds its own colour sequences, so content can never add any.
func WriteTextStyled(w io.Writer, l List, st TextStyle) error {
	paint := func(code, s string) string {
		if !st.Colour || s == "" {
			return s
		}
		return code + s + ansiReset
	}
	sevColour := map[Severity]string{Error: ansiRed, Warning: ansiYellow, Info: ansiCyan}
	for _, d := range l {
		if st.Quiet && d.Severity != Error {
			continue
		}
		line := fmt.Sprintf("%s: %s[%s]: %s", paint(ansiBold, EscapeControls(d.Pos.String(), true)),
			paint(sevColour[d.Severity], d.Severity.String()), EscapeControls(d.Code, true), EscapeControls(d.Message, true))
		if d.Expected && !st.Verbose {
			msg := []rune(EscapeControls(d.Message, true))
			if len(msg) > expectedLine {
				msg = append(msg[:expectedLine-1], '…')
			}
			line = fmt.Sprintf("%s: %s[%s] (expected): %s", paint(ansiBold, EscapeControls(d.Pos.String(), true)),
				paint(sevColour[d.Severity], d.Severity.String()), EscapeControls(d.Code, true), string(msg))
			if _, err := fmt.Fprintln(w, line); err != nil {
				return err
			}
			continue
		}
		if d.Hint != "" {
			line += " (" + EscapeControls(d.Hint, true) + ")"
		}
		for _, r := range d.Related {
			line += fmt.Sprintf(" [%s: %s]", paint(ansiBold, EscapeControls(r.Pos.String(), true)), EscapeControls(r.Message, true))
		}
		if _, err := fmt.Fprintln(w, line); err != nil {
			return err
		}
	}
	if st.Quiet {
		return nil
	}
	sum := l.Summary()
	if n := l.expected(); n > 0 && !st.Verbose {
		sum += fmt.Sprintf(" (%d expected by the package: --verbose writes them in full)", n)
	}
	_, err := fmt.Fprintln(w, sum)
	return err
}

// JSONSchema names the form of JSONReport: a script checks it before reading, and `muster schema export`
// writes its JSON Schema (output/diagnostics.v1.schema.json). A change that a reader could trip on gets a new
// name.
const JSONSchema = "muster/diagnostics/v1"

// expected counts the warnings the package expects.
func (l List) expected() int {
	n := 0
	for _, d := range l {
		if d.Expected && d.Severity == Warning {
			n++
		}
	}
	return n
}

// JSONReport is the document `--format json` writes.
type JSONReport struct {
	Schema      string       `json:"schema"` // JSONSchema
	Diagnostics []Diagnostic `json:"diagnostics"`
	Errors      int          `json:"errors"`
	Warnings    int          `json:"warnings"`
}

// WriteJSON writes the diagnostics as one JSON document.
func WriteJSON(w io.Writer, l List) error {
	r := JSONReport{Schema: JSONSchema, Diagnostics: l, Errors: l.Count(Error), Warnings: l.Count(Warning)}
	if r.Diagnostics == nil {
		r.Diagnostics = []Diagnostic{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteGitHub writes GitHub Actions workflow commands, so a mod's repository gets annotations on pull requests.
func WriteGitHub(w io.Writer, l List) error {
	for _, d := range l {
		level := map[Severity]string{Error: "error", Warning: "warning", Info: "notice"}[d.Severity]
		props := []string{"file=" + ghEscapeProp(filepath.ToSlash(d.Pos.File))}
		if d.Pos.Line > 0 {
			props = append(props, fmt.Sprintf("line=%d", d.Pos.Line))
		}
		if d.Pos.Col > 0 {
			props = append(props, fmt.Sprintf("col=%d", d.Pos.Col))
		}
		// The end of the value where the source gives it; else the annotation is the one line (or the file).
		switch {
		case d.Pos.Line > 0 && d.Pos.HasEnd():
			props = append(props, fmt.Sprintf("endLine=%d", d.Pos.EndLine))
			if d.Pos.EndCol > 0 {
				props = append(props, fmt.Sprintf("endColumn=%d", d.Pos.EndCol))
			}
		case d.Pos.Line > 0:
			props = append(props, fmt.Sprintf("endLine=%d", d.Pos.Line))
		}
		props = append(props, "title="+ghEscapeProp(d.Code))
		msg := d.Message
		if d.Hint != "" {
			msg += " (" + d.Hint + ")"
		}
		if _, err := fmt.Fprintf(w, "::%s %s::%s\n", level, strings.Join(props, ","), ghEscapeData(msg)); err != nil {
			return err
		}
	}
	return nil
}

func ghEscapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(EscapeControls(s, false))
}

func ghEscapeProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(EscapeControls(s, false))
}

// EscapeControls writes the characters of s that a terminal would act on instead of showing — control
// characters (ESC starts the sequences that move the cursor, change colours or set the window title), and the
// invisible marks that reorder text or separate lines — as Go escapes (\x1b, \u202e), so that text taken from
// content (an id, a file name) can never change what the rest of the output looks like. Line breaks and tabs
// are escaped when escapeBreaks is set (GitHub output encodes them its own way); so is a byte that is not
// UTF-8.
func EscapeControls(s string, escapeBreaks bool) string {
	clean := true
	for i := 0; i < len(s) && clean; {
		r, size := utf8.DecodeRuneInString(s[i:])
		clean = !(r == utf8.RuneError && size == 1) && !needsEscape(r, escapeBreaks)
		i += size
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1: // a byte that is not UTF-8 (0x9b alone is a CSI to some terminals)
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !needsEscape(r, escapeBreaks):
			b.WriteString(s[i : i+size])
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}

func needsEscape(r rune, escapeBreaks bool) bool {
	switch {
	case r == '\n' || r == '\r' || r == '\t':
		return escapeBreaks
	case unicode.IsControl(r): // C0, DEL and C1 (U+0080-U+009F, where U+009B is a one-character CSI)
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c: // bidi
		return true
	case r == 0x2028 || r == 0x2029: // line and paragraph separators
		return true
	}
	return false
}

// RuleDoc describes a family of diagnostic codes (a check) for SARIF's rule table: ID is the code prefix
// (`stacking` describes `stacking.limit`), Title one line, Detail the rest.
type RuleDoc struct {
	ID      string
	Title   string
	Detail  string
	HelpURI string // where the rule is documented (an absolute URI), or ""
}

// WriteSARIF writes a SARIF 2.1.0 log. Rule ids are the diagnostic codes, which are stable; each is described
// by the doc of the longest code prefix docs has for it.
func WriteSARIF(w io.Writer, l List, toolVersion string, docs []RuleDoc) error {
	type msg struct {
		Text string `json:"text"`
	}
	type region struct {
		StartLine   int `json:"startLine,omitempty"`
		StartColumn int `json:"startColumn,omitempty"`
		EndLine     int `json:"endLine,omitempty"`
		EndColumn   int `json:"endColumn,omitempty"`
	}
	type suppression struct {
		Kind          string `json:"kind"`
		Justification string `json:"justification,omitempty"`
	}
	type artifact struct {
		URI string `json:"uri"`
	}
	type physical struct {
		ArtifactLocation artifact `json:"artifactLocation"`
		Region           *region  `json:"region,omitempty"`
	}
	type location struct {
		PhysicalLocation physical `json:"physicalLocation"`
		Message          *msg     `json:"message,omitempty"`
	}
	type result struct {
		RuleID           string        `json:"ruleId"`
		RuleIndex        int           `json:"ruleIndex"`
		Level            string        `json:"level"`
		Message          msg           `json:"message"`
		Locations        []location    `json:"locations"`
		RelatedLocations []location    `json:"relatedLocations,omitempty"`
		Suppressions     []suppression `json:"suppressions,omitempty"`
	}
	type help struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown"`
	}
	type rule struct {
		ID               string `json:"id"`
		ShortDescription msg    `json:"shortDescription"`
		FullDescription  *msg   `json:"fullDescription,omitempty"`
		Help             *help  `json:"help,omitempty"`
		HelpURI          string `json:"helpUri,omitempty"`
	}
	byID := map[string]RuleDoc{}
	for _, d := range docs {
		byID[d.ID] = d
	}
	docOf := func(code string) (RuleDoc, bool) {
		for c := code; c != ""; {
			if d, ok := byID[c]; ok {
				return d, true
			}
			i := strings.LastIndexByte(c, '.')
			if i < 0 {
				break
			}
			c = c[:i]
		}
		return RuleDoc{}, false
	}
	loc := func(p Pos, m string) location {
		l := location{PhysicalLocation: physical{ArtifactLocation: artifact{URI: FileURI(p.File)}}}
		if p.Line > 0 {
			l.PhysicalLocation.Region = &region{StartLine: p.Line, StartColumn: p.Col, EndLine: p.EndLine, EndColumn: p.EndCol}
		}
		if m != "" {
			l.Message = &msg{Text: m}
		}
		return l
	}
	codes := map[string]bool{}
	for _, d := range l {
		codes[d.Code] = true
	}
	var ids []string
	for c := range codes {
		ids = append(ids, c)
	}
	sort.Strings(ids)
	index := map[string]int{}
	rules := make([]rule, len(ids))
	for i, id := range ids {
		index[id] = i
		rules[i] = rule{ID: id, ShortDescription: msg{Text: id}}
		if d, ok := docOf(id); ok {
			rules[i].ShortDescription.Text = d.Title
			if d.Detail != "" {
				rules[i].FullDescription = &msg{Text: d.Detail}
			}
			rules[i].HelpURI = d.HelpURI
			rules[i].Help = &help{Text: d.Title, Markdown: "**" + mdEscape(d.Title) + "**"}
			if d.Detail != "" {
				rules[i].Help.Text += "\n\n" + d.Detail
				rules[i].Help.Markdown += "\n\n" + mdEscape(d.Detail)
			}
			if d.HelpURI != "" {
				rules[i].Help.Text += "\n\nSee " + d.HelpURI
				rules[i].Help.Markdown += "\n\nSee [the check's documentation](" + d.HelpURI + ")."
			}
		}
	}
	results := make([]result, 0, len(l))
	for _, d := range l {
		text := d.Message
		if d.Hint != "" {
			text += " (" + d.Hint + ")"
		}
		r := result{RuleID: d.Code, RuleIndex: index[d.Code], Message: msg{Text: text},
			Level:     map[Severity]string{Error: "error", Warning: "warning", Info: "note"}[d.Severity],
			Locations: []location{loc(d.Pos, "")}}
		for _, rel := range d.Related {
			r.RelatedLocations = append(r.RelatedLocations, loc(rel.Pos, rel.Message))
		}
		if d.Expected {
			// The package declares this warning (published data that contradicts itself): SARIF's in-source
			// suppression, so code-scanning tools show it as accepted rather than as a new alert.
			r.Suppressions = []suppression{{Kind: "inSource", Justification: expectedWhy(d)}}
		}
		results = append(results, r)
	}
	log := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool": map[string]any{"driver": map[string]any{
				"name": "muster", "version": toolVersion, "informationUri": "https://github.com/muster-wargames/muster",
				"rules": rules,
			}},
			"results": results,
			// muster counts columns in characters (code points), not in UTF-16 units (§3.14.27).
			"columnKind": "unicodeCodePoints",
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log)
}

// mdEscape keeps a check's plain-text doc from being read as Markdown markup: the characters that would start
// emphasis, code, links or HTML are escaped.
func mdEscape(s string) string {
	return strings.NewReplacer("\\", "\\\\", "*", "\\*", "_", "\\_", "`", "\\`", "[", "\\[", "]", "\\]", "<", "&lt;", ">", "&gt;", "#", "\\#").Replace(s)
}

// FileURI writes a file path as SARIF's artifactLocation.uri wants it, a URI reference (RFC 3986): a relative
// path stays relative, with forward slashes; an absolute path becomes a file: URI (file:///C:/x on Windows);
// every byte other than letters, digits, '-', '.', '_', '~' and '/' is percent-encoded, so spaces, '#', '%'
// and accented letters (as UTF-8) are valid.
func FileURI(path string) string {
	p := filepath.ToSlash(path)
	prefix := ""
	switch {
	case filepath.IsAbs(path) && strings.HasPrefix(p, "/"):
		prefix = "file://"
	case filepath.IsAbs(path): // C:/x
		prefix = "file:///"
	}
	var b strings.Builder
	b.WriteString(prefix)
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '.', c == '_', c == '~', c == '/':
			b.WriteByte(c)
		case c == ':' && prefix == "file:///" && i == 1: // the drive letter's colon
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// expectedWhy is the reason a package gives for an expected warning (the note applyExpected adds).
func expectedWhy(d Diagnostic) string {
	for _, r := range d.Related {
		if why, ok := strings.CutPrefix(r.Message, ExpectedNote); ok {
			return why
		}
	}
	return ""
}

// ExpectedNote begins the related note that says why a package expects a warning.
const ExpectedNote = "expected by the package: "
