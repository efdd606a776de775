package build

import (
	"errors"
	"strings"
	"testing"
)

// The digital outputs run only when named, write the exporters' files into the build (the module at the
// top, the set under tts/), each under its output, and need a checked package and the set's image address.
func TestDigitalOutputs(t *testing.T) {
	c := fixture(t, "thg")
	opt := Options{TTSImageBaseURL: "file:///tmp/out/tts/images/"}
	res, err := Run(c, opt, []string{"vassal", "tts"})
	if err != nil {
		t.Fatal(err)
	}
	owners := map[string]int{}
	for _, f := range res.Files {
		owners[f.Output]++
		switch f.Output {
		case "vassal":
			if f.Path != "thg-mini.vmod" {
				t.Errorf("vassal writes %s", f.Path)
			}
		case "tts":
			if !strings.HasPrefix(f.Path, TTSDir+"/") {
				t.Errorf("tts writes %s", f.Path)
			}
			if f.Path == TTSDir+"/thg-mini.json" && !strings.Contains(string(f.Data), opt.TTSImageBaseURL) {
				t.Error("the set's images are not at the address given")
			}
		default:
			t.Errorf("%s ran, not asked for", f.Output)
		}
	}
	if owners["vassal"] != 1 || owners["tts"] < 3 || len(res.Notes) < 2 {
		t.Errorf("files by output %v, notes %v", owners, res.Notes)
	}
	// Without --only, the digital outputs stay out.
	res, err = Run(c, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Outputs {
		if o == "vassal" || o == "tts" {
			t.Errorf("%s built without being asked for", o)
		}
	}
	// The set needs its images' address; an unchecked package exports nothing.
	var be *Error
	if _, err := Run(c, Options{}, []string{"tts"}); !errors.As(err, &be) || be.Diags[0].Code != CodeOptions {
		t.Errorf("tts without an image address: %v", err)
	}
	if _, err := runPackage(c.Package(), opt, []string{"vassal"}); err == nil {
		t.Error("vassal built from an unchecked package")
	}
}
