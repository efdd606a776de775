package vassal

import (
	"archive/zip"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// A VASSAL saved game (.vsav), in VASSAL's own format (GameState.saveGame): a zip whose entry "savedGame" is
// the game's restore command, obfuscated, beside "savedata" (SaveMetaData) and a copy of the module's
// "moduledata". The restore command is what GameModule.encode makes of GameState.getRestoreCommand(): commands
// separated by ESC, from "begin_save" (the game closes) through an AddPiece ("+/id/type/state") per piece,
// each stack and deck after the pieces it holds, then the game components' own commands (the boards each map
// shows, the turn, that the game is not a new one) to "end_save" (the game starts). The obfuscation
// (ObfuscatingOutputStream) is "!VCSK", a key byte as two hex digits, then every byte of the UTF-8 text XOR the
// key as two hex digits.
//
// muster writes the commands flat, one level of ESC-separated tokens, which GameModule.decode reads as VASSAL's
// own nested form; the key is fixed and the zip's times too, so that the same scenario gives the same bytes.

// Entries and markers of a saved game.
const (
	savedGameEntry = "savedGame" // GameState.SAVEFILE_ZIP_ENTRY
	saveDataEntry  = "savedata"  // SaveMetaData.ZIP_ENTRY_NAME
	vsavHeader     = "!VCSK"     // ObfuscatingOutputStream.HEADER
	beginSave      = "begin_save"
	endSave        = "end_save"
	// commandSeparator is GameModule's COMMAND_SEPARATOR.
	commandSeparator = 0x1b
	// vsavKey is the obfuscation key muster always uses (VASSAL draws one at random; any byte reads back).
	vsavKey = 0x5a
	// setupStackNotNew is the command that tells every SetupStack and DrawPile of the module that the game is
	// a loaded one (NewGameIndicator's MarkGameNotNew, prefix SetupStack.COMMAND_PREFIX): without it, the
	// stacks would place their pieces again when the game starts.
	setupStackNotNew = "SETUP_STACK\t"
	// layerMarker ends a stack's state: Stack.HAS_LAYER_MARKER and the layer, -1 for none.
	stackLayerNone = "@@-1"
)

// savedGame collects a game's restore command.
type savedGame struct {
	pieces []string // AddPiece commands, in order
	after  []string // the components' restore commands
	nextID int
}

// newID gives out the game's piece ids: numbers counted from 1 in the order the pieces are added (VASSAL's own
// ids are the time in milliseconds, far above).
func (g *savedGame) newID() string {
	g.nextID++
	return itoa(g.nextID)
}

// addPiece adds an AddPiece command: "+/" then the id, type and state separated by slashes.
func (g *savedGame) addPiece(id, typ, state string) error {
	body, err := seqenc.Encode('/', id, typ, state)
	if err != nil {
		return fmt.Errorf("vassal: saved game: piece %s: %w", id, err)
	}
	g.pieces = append(g.pieces, "+/"+body)
	return nil
}

// text is the restore command.
func (g *savedGame) text() (string, error) {
	cmds := make([]string, 0, len(g.pieces)+len(g.after)+2)
	cmds = append(cmds, beginSave)
	cmds = append(cmds, g.pieces...)
	cmds = append(cmds, g.after...)
	cmds = append(cmds, endSave)
	for _, c := range cmds {
		if strings.IndexByte(c, commandSeparator) >= 0 {
			return "", fmt.Errorf("vassal: saved game: a command holds an ESC character (a bug in muster): %.60q", c)
		}
	}
	return seqenc.Encode(commandSeparator, cmds...)
}

// obfuscate is ObfuscatingOutputStream's encoding of text with key.
func obfuscate(text string, key byte) []byte {
	out := make([]byte, 0, len(vsavHeader)+2+2*len(text))
	out = append(out, vsavHeader...)
	out = hex.AppendEncode(out, []byte{key})
	for i := 0; i < len(text); i++ {
		out = hex.AppendEncode(out, []byte{text[i] ^ key})
	}
	return out
}

// deobfuscate reads what obfuscate writes (DeobfuscatingInputStream); text without the header is returned as
// it is, as VASSAL reads it.
func deobfuscate(data []byte) (string, error) {
	if !bytes.HasPrefix(data, []byte(vsavHeader)) {
		return string(data), nil
	}
	data = data[len(vsavHeader):]
	if len(data)%2 != 0 {
		return "", errors.New("vassal: saved game: an odd number of hex digits")
	}
	raw := make([]byte, len(data)/2)
	if _, err := hex.Decode(raw, data); err != nil {
		return "", fmt.Errorf("vassal: saved game: %w", err)
	}
	if len(raw) == 0 {
		return "", errors.New("vassal: saved game: no key")
	}
	key := raw[0]
	for i := 1; i < len(raw); i++ {
		raw[i] ^= key
	}
	return string(raw[1:]), nil
}

// saveData is the savedata entry (SaveMetaData): the VASSAL version, the date saved (fixed, as the module's)
// and a description.
func saveData(description string) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8" standalone="no"?>` + "\n")
	b.WriteString(`<data version="1">` + "\n")
	b.WriteString("  <VassalVersion>" + VassalVersion + "</VassalVersion>\n")
	b.WriteString("  <dateSaved>" + dateSaved + "</dateSaved>\n")
	b.WriteString("  <description>" + xmlText(description) + "</description>\n")
	b.WriteString("</data>\n")
	return b.Bytes()
}

func xmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		default:
			if r >= 0x20 || r == '\t' || r == '\n' {
				b.WriteRune(r)
			}
		}
	}
	return b.String()
}

// vsav writes the saved game: its savedGame entry, savedata with description and the module's moduledata,
// every entry at the zip epoch.
func (g *savedGame) vsav(description string, moduleData []byte) ([]byte, error) {
	text, err := g.text()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, e := range []struct {
		name string
		data []byte
	}{
		{savedGameEntry, obfuscate(text, vsavKey)},
		{saveDataEntry, saveData(description)},
		{"moduledata", moduleData},
	} {
		h := &zip.FileHeader{Name: e.name, Method: zip.Deflate, Modified: zipTime}
		h.SetMode(0o644)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, fmt.Errorf("vassal: saved game: %w", err)
		}
		if _, err := w.Write(e.data); err != nil {
			return nil, fmt.Errorf("vassal: saved game: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("vassal: saved game: %w", err)
	}
	return b.Bytes(), nil
}

// ReadSavedGame returns the restore command of a saved game (.vsav) as VASSAL decodes it: the text of its
// savedGame entry, deobfuscated. It reads the zip in memory and at most limit bytes of the entry.
func ReadSavedGame(data []byte, limit int64) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", fmt.Errorf("vassal: saved game: %w", err)
	}
	for _, f := range zr.File {
		if f.Name != savedGameEntry {
			continue
		}
		if f.UncompressedSize64 > uint64(limit) {
			return "", fmt.Errorf("vassal: saved game: the %s entry is %d bytes, more than %d", savedGameEntry, f.UncompressedSize64, limit)
		}
		r, err := f.Open()
		if err != nil {
			return "", fmt.Errorf("vassal: saved game: %w", err)
		}
		var b bytes.Buffer
		_, err = b.ReadFrom(io.LimitReader(r, limit+1))
		r.Close()
		if err != nil {
			return "", fmt.Errorf("vassal: saved game: %w", err)
		}
		if int64(b.Len()) > limit {
			return "", fmt.Errorf("vassal: saved game: the %s entry is more than %d bytes", savedGameEntry, limit)
		}
		return deobfuscate(b.Bytes())
	}
	return "", fmt.Errorf("vassal: saved game: no %s entry", savedGameEntry)
}

// SavedGameCommands splits a restore command into its commands (GameModule.decode's first level).
func SavedGameCommands(text string) []string {
	return seqenc.Decode(text, commandSeparator)
}
