package build

import (
	"fmt"
	"path"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/export/drawn"
	"github.com/muster-wargames/muster/export/tts"
	"github.com/muster-wargames/muster/export/vassal"
	"github.com/muster-wargames/muster/print/digital"
)

// The digital-play outputs write what muster export writes, into the build folder, so that one command
// makes the PDFs and the modules from the same content. They run the exporters on the checked package.

// TTSDir is the folder of the Tabletop Simulator set in the output folder.
const TTSDir = "tts"

// buildVassal writes <package id>.vmod.
func buildVassal(j *Job) error {
	if j.checked == nil {
		return fmt.Errorf("build: the vassal output needs a validated package")
	}
	m, ds, err := vassal.Export(j.checked, vassal.Options{Drawn: j.drawn()})
	if err := exportFailure(ds, err); err != nil {
		return err
	}
	data, err := m.Zip()
	if err != nil {
		return err
	}
	j.Notef("%s.vmod: a VASSAL module of %s and %s at %g dpi", content.Stem(j.Pkg.ID, content.PrintStem), english.Count(len(m.Boards), "board"), english.Count(m.Stats.Pieces, "piece"), m.DPI)
	for _, b := range m.Boards {
		j.Notef("  %s", digital.VassalBoard(b.Name, b.Width, b.Height, m.DPI))
	}
	return j.Add(content.Stem(j.Pkg.ID, content.PrintStem)+".vmod", data)
}

// buildTTS writes the Tabletop Simulator set under tts/.
func buildTTS(j *Job) error {
	if j.checked == nil {
		return fmt.Errorf("build: the tts output needs a validated package")
	}
	if j.Opt.TTSImageBaseURL == "" {
		return &Error{Diags: diag.List{{Severity: diag.Error, Code: CodeOptions,
			Message: "the tts output needs the address its images are read from (muster build gives the file:/// address of DIR/tts/images/)"}}}
	}
	s, ds, err := tts.Export(j.checked, tts.Options{ImageBaseURL: j.Opt.TTSImageBaseURL, Drawn: j.drawn()})
	if err := exportFailure(ds, err); err != nil {
		return err
	}
	var names []string
	for _, o := range s.Objects {
		names = append(names, o.File)
	}
	j.Notef("%s/: a Tabletop Simulator set, saved objects %s", TTSDir, strings.Join(names, ", "))
	for _, b := range s.Boards {
		j.Notef("  %s", b)
	}
	if drawn, reused := j.boardImages.Counts(); reused > 0 {
		j.Notef("  vassal and tts: %s drawn once for both (%s drawn in all)", english.Count(reused, "board image"), english.Count(drawn, "board image"))
	}
	for _, f := range s.Files {
		if err := j.Add(path.Join(TTSDir, f.Path), f.Data); err != nil {
			return err
		}
	}
	return nil
}

// drawn is the board images the build's exporters share: when the build writes both the VASSAL module and the
// Tabletop Simulator set, a board both show at one resolution is drawn once. A build of one of them keeps
// nothing.
func (j *Job) drawn() *drawn.Cache { return j.boardImages }

// exportFailure turns an exporter's refusal into the build's error: its diagnostics at the content (a
// package that validates exports, so these are the exporters' own refusals: a board too large at a
// resolution, a set-up they cannot place), or its error.
func exportFailure(ds diag.List, err error) error {
	if err != nil {
		return err
	}
	if ds.HasErrors() {
		var errs diag.List
		for _, d := range ds {
			if d.Severity == diag.Error {
				errs.Add(d)
			}
		}
		return &diag.Failure{Diags: errs}
	}
	return nil
}
