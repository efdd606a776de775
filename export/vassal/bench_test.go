package vassal

import (
	"github.com/muster-wargames/muster/export/vassal/check"
	"testing"

	"github.com/muster-wargames/muster/validate"
)

// BenchmarkExportTHG exports The Highest Ground (4 boards, the Introductory Scenario's map set, every
// counter) at 150 dpi, zip included, and reports the share of the time spent encoding PNG (summed over the
// two drawing workers, so on two busy cores it can reach 2x the wall time's share).
func BenchmarkExportTHG(b *testing.B) {
	c, err := validate.Load(examplePath("highest-ground")).Checked()
	if err != nil {
		b.Fatal(err)
	}
	var png, total float64
	var size int
	for b.Loop() {
		m, ds, err := Export(c, Options{DPI: 150})
		if err != nil || m == nil {
			b.Fatal(err, ds)
		}
		z, err := m.Zip()
		if err != nil {
			b.Fatal(err)
		}
		size = len(z)
		png += m.Stats.PNGEncode.Seconds()
		total += m.Stats.Total.Seconds()
	}
	b.ReportMetric(png/total, "png-share")
	b.ReportMetric(float64(size)/(1<<20), "MiB")
}

// BenchmarkCheckTHG checks The Highest Ground's module (zip, buildFile, every piece definition, grids,
// image headers).
func BenchmarkCheckTHG(b *testing.B) {
	e := exampleModule(b, "highest-ground")
	for b.Loop() {
		if r := check.Bytes(e.zip, "thg.vmod"); r.Diags.HasErrors() {
			b.Fatal(r.Diags)
		}
	}
	b.ReportMetric(float64(len(e.zip))/(1<<20), "MiB")
}
