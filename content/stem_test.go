package content

import "testing"

// Each rule keeps the names its output has always written: a change here renames designers' files.
func TestStem(t *testing.T) {
	cases := []struct {
		rule     StemRule
		id, want string
	}{
		{ExportStem, "Board II", "board-ii"},
		{ExportStem, "THG_1.0", "thg_1-0"},
		{ExportStem, "--", "x"},
		{ExportStem, "Ärger", "rger"},
		{ExportStem, "a/b", "a-b"},
		{PrintStem, "Board II", "Board-II"},
		{PrintStem, "thg_1.0", "thg_1.0"},
		{PrintStem, "..", "map"},
		{PrintStem, ".hidden.", "hidden"},
		{PrintStem, "-a b-", "-a-b-"},
		{PrintStem, "Ärger", "-rger"},
		{SheetStem, "Mix A.1", "Mix-A-1"},
		{SheetStem, "", "table"},
		{SheetStem, "--", "--"},
	}
	for _, c := range cases {
		if got := Stem(c.id, c.rule); got != c.want {
			t.Errorf("Stem(%q, %+v) = %q, want %q", c.id, c.rule, got, c.want)
		}
	}
}
