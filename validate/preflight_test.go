package validate

import (
	"bytes"
	"image"
	"image/png"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/profile"
)

// validate --profile runs the preflight from the same code build does: a symbol image of 40 pixels on a 1in
// counter (40 dpi) is under the resolution of every print service, at the unit type's image line; without a
// profile the package is fine.
func TestPreflightCheck(t *testing.T) {
	var img bytes.Buffer
	if err := png.Encode(&img, image.NewRGBA(image.Rect(0, 0, 40, 40))); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"muster.yaml": "kind: Package\nid: pf\nversion: 1.0.0\nsystem: pf\nprint: {counterSize: 1in}\n",
		"system.yaml": "kind: System\nid: pf\nstats: [{id: attack, type: value}]\nclasses: [{id: combat}]\nfactions: [{id: red, name: Red, colour: \"#c0392b\"}]\n",
		"units.yaml":  "kind: UnitType\nid: knight\nname: K\nfaction: red\nclasses: [combat]\nsymbol: image\nimage: knight.png\nstats: {attack: 2}\n",
		"knight.png":  img.String(),
	}
	dir := writePackage(t, files)
	if r := Load(dir); r.Diags.HasErrors() {
		t.Fatalf("without a profile: %v", r.Diags)
	}
	p, err := profile.Lookup("pnp-productions")
	if err != nil {
		t.Fatal(err)
	}
	r := LoadFor(dir, Options{Profile: p})
	var found diag.List
	for _, d := range r.Diags {
		if d.Code == profile.CodeImageDPI {
			found = append(found, d)
		}
	}
	if len(found) == 0 {
		t.Fatalf("no %s: %v", profile.CodeImageDPI, r.Diags)
	}
	d := found[0]
	if filepath.Base(d.Pos.File) != "units.yaml" || d.Pos.Line != 7 || !strings.Contains(d.Message, "under the 300 dpi the pnp-productions profile asks") {
		t.Errorf("%v: want it at units.yaml:7 (image: knight.png)", d)
	}
	if c := CheckOf(d.Code); c == nil || c.Name != "preflight" {
		t.Errorf("%s belongs to no check", d.Code)
	}
}
