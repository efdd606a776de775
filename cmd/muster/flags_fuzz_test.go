package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/muster-wargames/muster/build"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/internal/fuzzbound"
	"github.com/muster-wargames/muster/print/plan"
)

// FuzzBuildFlags gives muster build's flags anything — paper, backs, back offset, counter size, margin,
// overlap, gutter, bleed, --only, --image-base-url, the output folder — through the command line's own parsing
// (urfave/cli and buildOptions): nothing panics, and what is taken is what the build can use: a paper and
// lengths finite and not negative, a back offset within an inch, backs and outputs muster knows, and an image
// address with no query or fragment.
func FuzzBuildFlags(f *testing.F) {
	f.Add("letter", "long-edge", "0.5mm,-1mm", "1/2in", "0.25in", "0.5in", "0", "1/16in", "counters,maps", "", "out")
	f.Add("23x35in", "foldover", "-1in,1in", "16mm", "½in", "2\"", "1cm", "0pt", "all", "https://ex.org/images/", "x#y")
	f.Add("0x0in", "sideways", "1,2", "-1in", "1e999in", "NaN", "", "", "vasal", "https://ex.org/#", "p%20q")
	f.Add("300x300in", "", "73pt,0", "0x1in", "1/0in", "∞", "1.5", "-0", "tts,,", "file:///tmp/x/", "")
	f.Fuzz(func(t *testing.T, paper, backs, offset, counter, margin, overlap, gutter, bleed, only, base, out string) {
		fuzzbound.Run(t, func() error {
			var opt plan.Options
			var optErr error
			cmd := &cli.Command{Name: "build", Flags: buildFlags(), Action: func(c *cli.Context) error {
				opt, optErr = buildOptions(c)
				return nil
			}}
			app := &cli.App{Name: "muster", Commands: []*cli.Command{cmd}, Writer: io.Discard, ErrWriter: io.Discard,
				ExitErrHandler: func(*cli.Context, error) {}}
			args := []string{"muster", "build"}
			for _, f := range []struct{ name, v string }{{"paper", paper}, {"backs", backs}, {"back-offset", offset}, {"counter-size", counter},
				{"margin", margin}, {"overlap", overlap}, {"gutter", gutter}, {"bleed", bleed}, {"only", only}, {"image-base-url", base}, {"out", out}} {
				args = append(args, "--"+f.name+"="+f.v)
			}
			if err := app.Run(append(args, "pkg")); err != nil || optErr != nil {
				return nil // refused, with a message: what a flag may not hold
			}
			if p := opt.Paper; p != nil && !(p.Width > 0 && p.Height > 0 && !math.IsInf(p.Width, 0) && !math.IsInf(p.Height, 0)) {
				return fmt.Errorf("--paper=%q taken as %+v", paper, *p)
			}
			for _, l := range []struct {
				name string
				v    *float64
			}{{"counter-size", ptsOf(opt.CounterSize)}, {"margin", ptsOf(opt.Margin)}, {"overlap", ptsOf(opt.Overlap)}, {"gutter", ptsOf(opt.Gutter)}, {"bleed", ptsOf(opt.Bleed)}} {
				if l.v != nil && !(*l.v >= 0 && !math.IsInf(*l.v, 0)) {
					return fmt.Errorf("--%s taken as %g points", l.name, *l.v)
				}
			}
			if o := opt.BackOffset; o != nil && !(math.Abs(o.X) <= 72 && math.Abs(o.Y) <= 72) {
				return fmt.Errorf("--back-offset=%q taken as %+v", offset, *o)
			}
			if opt.Backs != "" && !slices.Contains([]string{"long-edge", "short-edge", "foldover", "none"}, opt.Backs) {
				return fmt.Errorf("--backs=%q taken", backs)
			}
			for _, o := range strings.Split(only, ",") {
				if o = strings.TrimSpace(o); o != "" && !slices.Contains(build.Selectable(), o) {
					return fmt.Errorf("--only=%q taken", only)
				}
			}
			if opt.TTSImageBaseURL == "" || strings.ContainsAny(opt.TTSImageBaseURL, "?#") || !strings.HasSuffix(opt.TTSImageBaseURL, "/") {
				return fmt.Errorf("the image address %q (from %q, out %q)", opt.TTSImageBaseURL, base, out)
			}
			return nil
		})
	})
}

// ptsOf is a length flag's points, nil when the flag is not given.
func ptsOf(l *value.Length) *float64 {
	if l == nil {
		return nil
	}
	return &l.Points
}
