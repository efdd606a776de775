//go:build unix

package validate

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

func tinyImage() image.Image {
	img := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.White, color.Black})
	img.SetColorIndex(1, 1, 1)
	return img
}

func encoded(t *testing.T, enc func(*bytes.Buffer, image.Image) error) string {
	t.Helper()
	var b bytes.Buffer
	if err := enc(&b, tinyImage()); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// pngHeader is the start of a PNG that claims a size, with a valid header chunk: enough for DecodeConfig.
func pngHeader(w, h uint32) string {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk := append([]byte("IHDR"), ihdr...)
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.String()
}

// runAssets runs the assets check alone on a package, through a Pass as the pipeline builds one.
func runAssets(t *testing.T, pkg *content.Package) diag.List {
	t.Helper()
	var ds diag.List
	if assetsCheck.Applies != nil && !assetsCheck.Applies(pkg) {
		return ds
	}
	assetsCheck.Package(&Pass{Pkg: pkg, Check: assetsCheck, run: newRun(pkg), diags: &ds})
	ds.Sort()
	return ds
}

// Every image the content names is read as the printers read it, and each problem is reported at the
// `image:` value: missing, outside the package, unreadable, too large, or not a format the printers draw.
func TestAssetsCheck(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "pkg")
	files := map[string]string{
		content.ManifestFile: "kind: Package\nid: p\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": "kind: System\nid: sys\nstats: [{id: attack, type: value}]\nclasses: [{id: combat}]\n" +
			"symbols:\n  - {id: banner, image: art/banner.gif}\n  - {id: flag, image: art/flag.bmp}\n",
		"art/good.png":   encoded(t, func(b *bytes.Buffer, m image.Image) error { return png.Encode(b, m) }),
		"art/banner.gif": encoded(t, func(b *bytes.Buffer, m image.Image) error { return gif.Encode(b, m, nil) }),
		"art/photo.jpg":  encoded(t, func(b *bytes.Buffer, m image.Image) error { return jpeg.Encode(b, m, nil) }),
		"art/flag.bmp":   "BM not drawn by the printers",
		"art/huge.png":   pngHeader(10000, 10000),
		"art/knight.png": "not an image at all",
		"art/torn.png":   damagedPNG(t),
	}
	units := []string{
		"good: art/good.png", "photo: art/photo.jpg", "shared: art/good.png", // fine
		"typo: art/god.png", // line 4 of units.yaml: missing, with a did-you-mean
		"abs: " + filepath.Join(tmp, "outside.png"),
		"up: ../outside.png",
		"linked: art/link.png", // a link out of the package
		"pipe: art/pipe.png",   // a named pipe: refused, never waited on
		"big: art/big.png",     // larger than the read limit
		"huge: art/huge.png",   // 100 megapixels
		"text: art/knight.png", // not an image
		"torn: art/torn.png",   // a PNG whose pixels do not decode
	}
	var u strings.Builder
	for i, line := range units {
		id, file, _ := strings.Cut(line, ": ")
		if i > 0 {
			u.WriteString("---\n")
		}
		u.WriteString("kind: UnitType\nid: " + id + "\nsymbol: image\nimage: " + file + "\nstats: {}\n")
	}
	u.WriteString("---\nkind: UnitType\nid: blank\nsymbol: image\nstats: {}\n")
	files["units.yaml"] = u.String()
	files["markers.yaml"] = "kind: Marker\nid: m\nsymbol: image\n"
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "outside.png"), []byte(files["art/good.png"]), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(tmp, "outside.png"), filepath.Join(dir, "art", "link.png")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "art", "pipe.png"), 0o644); err != nil {
		t.Fatal(err)
	}
	big, err := os.Create(filepath.Join(dir, "art", "big.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(content.MaxAssetBytes + 1); err != nil {
		t.Fatal(err)
	}
	big.Close()

	pkg, ds := content.Load(dir)
	if pkg == nil {
		t.Fatal(ds)
	}
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	got := map[string]string{}
	for _, d := range runAssets(t, pkg) {
		if d.Severity != diag.Error {
			t.Errorf("not an error: %v", d)
		}
		got[fmt.Sprintf("%s:%d:%d", filepath.Base(d.Pos.File), d.Pos.Line, d.Pos.Col)] = d.Code
		if strings.Contains(d.Message, "god.png") && !strings.Contains(d.Hint, `"art/good.png"`) {
			t.Errorf("missing image hint: %q", d.Hint)
		}
	}
	// Unit i (0-based) starts on line 1 + 6i of units.yaml; its image is on the 4th line, column 8.
	at := func(i int) string { return fmt.Sprintf("units.yaml:%d:8", 4+6*i) }
	want := map[string]string{
		at(3): "assets.missing", at(4): "assets.outside", at(5): "assets.outside", at(6): "assets.outside",
		at(7): "assets.unreadable", at(8): "assets.too-large", at(9): "assets.size", at(10): "assets.format", at(11): "assets.corrupt",
		fmt.Sprintf("units.yaml:%d:9", 3+6*12): "assets.no-file", "markers.yaml:3:9": "assets.no-file",
		"system.yaml:7:23": "assets.format",
	}
	for pos, code := range want {
		if got[pos] != code {
			t.Errorf("%s: got %q, want %s", pos, got[pos], code)
		}
	}
	for pos, code := range got {
		if want[pos] == "" {
			t.Errorf("unexpected %s at %s", code, pos)
		}
	}
}

// damagedPNG is a PNG whose header reads but whose pixels do not decode.
func damagedPNG(t *testing.T) string {
	t.Helper()
	im := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for i := range im.Pix {
		im.Pix[i] = byte(i * 7)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, im); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	copy(data[len(data)-40:], bytes.Repeat([]byte{0xee}, 28))
	return string(data)
}
