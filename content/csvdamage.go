package content

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content/diag"
)

// What a spreadsheet does to a CSV file it opens and saves again, found at the cell: text decoded with the
// wrong character set (mojibake: ½ saved as UTF-8, opened as Windows-1252, saved as UTF-8 again reads Â½), and
// dates and times where the file had a fraction or a ratio (4/2 read as the 2nd of April, 1:2 as 1:02 AM).
// A lost leading zero (0101 read as the number 101) leaves a value that is valid on its own; the reference it
// breaks is reported where it is used, with the hint diag.DidYouMean gives for ids that differ only so.

// damaged reports a cell that a spreadsheet changed in a way its text shows.
func (f *csvFile) damaged(c csvCell) {
	if c.text == "" || f.stopped {
		return
	}
	if fixed, ok := mojibake(c.text); ok {
		f.problem(f.cellPos(c), "csv.encoding", "cell %s reads %q, which is %q decoded with the wrong character set (UTF-8 read as Latin-1 or Windows-1252)",
			cellName(c), clip(c.text), clip(fixed)).Hint =
			"a spreadsheet opened or saved the file as Western (Windows-1252): open it as Unicode (UTF-8) and save it as CSV UTF-8, or write the cell again"
		return
	}
	if was, what, ok := spreadsheetDate(c.text); ok && !c.quoted {
		e := f.problem(f.cellPos(c), "csv.spreadsheet-date", "cell %s reads %q, a %s a spreadsheet made of the cell's text", cellName(c), c.text, what)
		e.Hint = "open the CSV with \"Detect special numbers\" off (LibreOffice) or the column as Text (Excel: Data › From Text/CSV), and write the cell again; muster export csv writes such cells as =\"4/2\" so that they stay text"
		if was != "" {
			e.Hint = fmt.Sprintf("was it %s? ", was) + e.Hint
		}
	}
}

// clip shortens a long cell's text for a message.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	r := []rune(s)
	return string(r[:40]) + "…"
}

// cp1252 maps the characters Windows-1252 gives to bytes 0x80–0x9F back to those bytes.
var cp1252 = map[rune]byte{
	'€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8A,
	'‹': 0x8B, 'Œ': 0x8C, 'Ž': 0x8E, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
	'˜': 0x98, '™': 0x99, 'š': 0x9A, '›': 0x9B, 'œ': 0x9C, 'ž': 0x9E, 'Ÿ': 0x9F,
}

// latinByte is the byte Latin-1 or Windows-1252 decodes to r; ok is false for a character neither gives.
func latinByte(r rune) (byte, bool) {
	if r >= 0x80 && r <= 0xFF {
		return byte(r), true
	}
	b, ok := cp1252[r]
	return b, ok
}

// mojibake reports whether s holds UTF-8 decoded as Latin-1 or Windows-1252: a character that is a UTF-8
// lead byte (Â, Ã, â, ð…) followed by the characters of its continuation bytes, which together decode as
// UTF-8. fixed is s with every such sequence decoded again.
func mojibake(s string) (fixed string, ok bool) {
	// Every lead character (U+00C2 to U+00F4) is written in UTF-8 starting with the byte C3: the search jumps
	// from one C3 to the next, and a cell without one, nearly every cell, is read no further.
	var b strings.Builder
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], 0xC3)
		if j < 0 {
			if ok {
				b.WriteString(s[i:])
			}
			break
		}
		if ok {
			b.WriteString(s[i : i+j])
		}
		i += j
		r, size := utf8.DecodeRuneInString(s[i:])
		if seq, n, used := mojibakeAt(s[i:], r, size); n > 0 {
			if !ok {
				b.Grow(len(s))
				b.WriteString(s[:i])
				ok = true
			}
			b.Write(seq[:n])
			i += used
			continue
		}
		if ok {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	if !ok {
		return s, false
	}
	return b.String(), true
}

// mojibakeAt reads one UTF-8 character written as Latin-1 or Windows-1252 characters at the start of s (r
// of size bytes first): its n bytes, and how many bytes of s they took; n is 0 when s does not start so.
func mojibakeAt(s string, r rune, size int) (seq [4]byte, n, used int) {
	lead, isLatin := latinByte(r)
	switch {
	case !isLatin:
	case lead >= 0xC2 && lead <= 0xDF:
		n = 2
	case lead >= 0xE0 && lead <= 0xEF:
		n = 3
	case lead >= 0xF0 && lead <= 0xF4:
		n = 4
	}
	if n == 0 {
		return seq, 0, 0
	}
	seq[0] = lead
	k := 1
	used = size
	for k < n && used < len(s) {
		r, sz := utf8.DecodeRuneInString(s[used:])
		c, ok := latinByte(r)
		if !ok || c < 0x80 || c > 0xBF {
			return seq, 0, 0
		}
		seq[k] = c
		k++
		used += sz
	}
	if k != n || !utf8.Valid(seq[:n]) {
		return seq, 0, 0
	}
	return seq, n, used
}

// spreadsheetDate reports whether s is a date or a time as a spreadsheet writes one it made from a cell's
// text: 04/02/26 and 4/2/2026 (a fraction 4/2 read as a date, US order), 2026-04-02, 2-Apr, 01:02:00 AM and
// 1:02:00 (a ratio 1:2 read as a time), 1:02 (the same, as Excel shows it). was is the text it most likely
// was, when that can be told; what says "date" or "time".
func spreadsheetDate(s string) (was, what string, ok bool) {
	// Every form is short and holds a separator: most cells are read no further.
	if len(s) > 24 || !strings.ContainsAny(s, ":/-") {
		return "", "", false
	}
	l := strings.ToUpper(strings.TrimSpace(s))
	clock, ampm := strings.CutSuffix(l, "AM")
	if !ampm {
		clock, ampm = strings.CutSuffix(l, "PM")
	}
	clock = strings.TrimSpace(clock)
	if parts := strings.Split(clock, ":"); len(parts) >= 2 && len(parts) <= 3 && allDigitsAll(parts) {
		h, m := parts[0], parts[1]
		switch {
		case len(m) != 2 || len(h) > 2:
			return "", "", false
		case len(parts) == 3 && parts[2] == "00" || ampm:
			if len(parts) == 2 || parts[2] == "00" {
				return strings.TrimLeft(h, "0") + ":" + strings.TrimLeft(m, "0"), "time", true
			}
			return "", "time", true
		case len(parts) == 2 && m[0] == '0' && m != "00":
			return h + ":" + m[1:], "time", true // 1:02 is 1:2 as Excel shows a time
		}
		return "", "", false
	}
	if parts := strings.Split(l, "/"); len(parts) == 3 && allDigitsAll(parts) {
		mo, d, y := parts[0], parts[1], parts[2]
		if len(mo) <= 2 && len(d) <= 2 && (len(y) == 2 || len(y) == 4) && (len(y) == 4 || len(mo) == 2 && len(d) == 2) {
			return strings.TrimLeft(mo, "0") + "/" + strings.TrimLeft(d, "0"), "date", true
		}
	}
	if parts := strings.Split(l, "-"); len(parts) == 3 && allDigitsAll(parts) && len(parts[0]) == 4 && len(parts[1]) == 2 && len(parts[2]) == 2 {
		return "", "date", true
	}
	if monthDate(s) && strings.Count(s, "-") == 1 && !strings.Contains(s, " ") {
		return "", "date", true
	}
	return "", "", false
}

func allDigitsAll(parts []string) bool {
	for _, p := range parts {
		if !allDigits(p) {
			return false
		}
	}
	return true
}

// ReadCSV reads a spreadsheet as the include inc would in pkg (its System's stats name the columns): the
// documents its rows make and what is wrong with it, at its cells. Nothing of pkg changes.
func ReadCSV(pkg *Package, path string, data []byte, inc Include) ([]*Document, diag.List) {
	sys := ""
	if pkg.System != nil {
		sys = pkg.System.ID
	}
	return parseCSV(path, data, inc.Kind, inc.ID, systemStats(sys, pkg.Docs), &valueBudget{})
}
