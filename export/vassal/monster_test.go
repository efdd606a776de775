package vassal

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/monster"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/validate"
)

// monsterModule exports a monster package (package monster) written into a temporary folder.
func monsterModule(t testing.TB, spec monster.Spec) (*Module, []byte) {
	t.Helper()
	dir := t.TempDir()
	if err := monster.Write(examplePath("highest-ground"), dir, spec); err != nil {
		t.Fatal(err)
	}
	c, err := validate.Load(dir).Checked()
	if err != nil {
		t.Fatal(err)
	}
	m, ds, err := Export(c, Options{})
	if err == nil && m == nil {
		err = errFromDiags(ds)
	}
	if err != nil {
		t.Fatal(err)
	}
	z, err := m.Zip()
	if err != nil {
		t.Fatal(err)
	}
	return m, z
}

// The monster on its 34 x 115in map: the board is drawn at the resolution that keeps it within VASSAL's
// budget (no image of the module is over it), and the real engine places every one of the scenario's 1,500
// units, each stack at the hex its location names (VASSAL resolves every stack's location on the board's grid,
// every grid name resolves back, no piece lies off the board, and a new game places as many pieces as the
// stacks hold). The one board keeps the engine's run to a few tens of seconds.
func TestMonsterLoadsInVASSAL(t *testing.T) {
	if testing.Short() {
		t.Skip("short: the monster module takes a while to draw")
	}
	script := vassalChecker(t)
	m, z := monsterModule(t, monster.PublishedLong)
	if m.DPI >= DefaultDPI {
		t.Errorf("a 34 x 115in board at %g dpi: the budget should have lowered it", m.DPI)
	}
	for _, f := range m.Files {
		if !strings.HasSuffix(f.Path, ".png") {
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(f.Data))
		if err != nil {
			t.Fatalf("%s: %v", f.Path, err)
		}
		if px := int64(cfg.Width) * int64(cfg.Height); px > digital.VassalMaxBoardPixels || cfg.Width > digital.VassalMaxBoardSide || cfg.Height > digital.VassalMaxBoardSide {
			t.Errorf("%s is %d x %d pixels, over VASSAL's board budget (%d pixels, %d a side)", f.Path, cfg.Width, cfg.Height, digital.VassalMaxBoardPixels, digital.VassalMaxBoardSide)
		}
	}
	r := loadInVASSAL(t, script, m, z, "monster-long")
	if r.SetupStacks.Resolved < 1500 {
		t.Errorf("VASSAL resolved %d set-up stacks; the scenario sets up 1,500 units, one to a hex", r.SetupStacks.Resolved)
	}
	placed := 0
	for _, g := range r.NewGames {
		placed = max(placed, g.Total)
	}
	if placed < 1500 {
		t.Errorf("a new game placed at most %d pieces; the scenario sets up 1,500", placed)
	}
}
