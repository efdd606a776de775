package content

import "strings"

// StemRule says how an id becomes a file stem. Each output names its files by one rule, kept apart by name
// because the names are already on designers' disks and in running games: changing a rule renames files.
type StemRule struct {
	Lower bool   // fold A–Z to lower case (a stem that is also part of a URL)
	Dots  bool   // keep '.' (otherwise it becomes '-')
	Trim  string // characters cut from both ends
	Empty string // the stem of an id with nothing left
}

// The rules of muster's outputs.
var (
	// ExportStem names the files of the digital-play exports (VASSAL entries, Tabletop Simulator images):
	// lower case, safe in a URL, no leading or trailing '-', "x" when nothing is left.
	ExportStem = StemRule{Lower: true, Trim: "-", Empty: "x"}
	// PrintStem names printed files (maps/<id>.pdf, scenarios/<id>.pdf, the .vmod): case and dots kept, no
	// leading or trailing '.', "map" when nothing is left.
	PrintStem = StemRule{Dots: true, Trim: ".", Empty: "map"}
	// SheetStem names the spreadsheets muster export csv writes: case kept, "table" for an empty id.
	SheetStem = StemRule{Empty: "table"}
)

// Stem makes id safe as part of a file name by rule r: ASCII letters, digits, '-' and '_' are kept (and '.'
// when r keeps dots); any other character becomes one '-'.
func Stem(id string, r StemRule) string {
	var b strings.Builder
	for _, c := range id {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '-', c == '_', c == '.' && r.Dots:
			b.WriteRune(c)
		case c >= 'A' && c <= 'Z':
			if r.Lower {
				c += 'a' - 'A'
			}
			b.WriteRune(c)
		default:
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), r.Trim)
	if s == "" {
		s = r.Empty
	}
	return s
}
