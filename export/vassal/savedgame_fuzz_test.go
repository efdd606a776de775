package vassal

import (
	"bytes"
	"testing"

	"github.com/muster-wargames/muster/internal/fuzzbound"
)

// FuzzReadSavedGame: any bytes read as a saved game give its restore command or an error, within the limit
// and without a panic; a game muster writes reads back as written, whatever its text.
func FuzzReadSavedGame(f *testing.F) {
	g := &savedGame{}
	if err := g.addPiece("1", "piece;;;a.png;A", "Map;10;20;1000;0"); err != nil {
		f.Fatal(err)
	}
	good, err := g.vsav("seed", []byte("<data/>"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good, "begin_save")
	f.Add([]byte("PK\x03\x04"), "")
	f.Add([]byte{}, "é\x1b\\")
	f.Add(good[:len(good)/2], "+/1/stack/Map;0;0;@@-1")
	f.Fuzz(func(t *testing.T, data []byte, cmd string) {
		fuzzbound.Run(t, func() error {
			const limit = 1 << 20
			text, err := ReadSavedGame(data, limit)
			if err == nil && len(text) > limit {
				t.Errorf("a %d-byte restore command over the %d limit", len(text), limit)
			}
			got, err := deobfuscate(obfuscate(cmd, 0x5a))
			if err != nil || got != cmd {
				t.Errorf("%q reads back as %q (%v)", cmd, got, err)
			}
			if !bytes.HasPrefix(data, []byte(vsavHeader)) {
				return nil
			}
			_, _ = deobfuscate(data)
			return nil
		})
	})
}
