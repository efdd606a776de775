package vassal

import (
	"testing"
	"time"

	"github.com/muster-wargames/muster/internal/cputime"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/validate"
)

// benchmarkTerrainZones times the terrain zones of a package's boards alone (the step after the boards are
// drawn and their grids fitted), at 150 dpi as BenchmarkExportTHG exports; compare with that benchmark for
// the zones' share of an export.
func benchmarkTerrainZones(b *testing.B, name string) {
	c, err := validate.Load(examplePath(name)).Checked()
	if err != nil {
		b.Fatal(err)
	}
	x := newExporter(c.Package(), Options{DPI: 150})
	for _, step := range []func() error{x.planBoards, x.chooseDPI, x.planSides, x.buildPieces, x.renderBoards} {
		if err := step(); err != nil || x.diags.HasErrors() {
			b.Fatal(err, x.diags)
		}
	}
	grids := make([]*buildfile.Element, len(x.boards))
	kids := make([][]*buildfile.Element, len(x.boards))
	for i, bd := range x.boards {
		grids[i] = bd.grid
		if bd.grid != nil {
			kids[i] = append([]*buildfile.Element(nil), bd.grid.Children...)
		}
	}
	zones := 0
	cpu := cputime.Now()
	for b.Loop() {
		for i, bd := range x.boards {
			bd.grid = grids[i]
			if bd.grid != nil {
				bd.grid.Children = append([]*buildfile.Element(nil), kids[i]...)
			}
		}
		x.notes = nil
		if err := x.terrainZones(); err != nil {
			b.Fatal(err)
		}
		zones = 0
		for _, bd := range x.boards {
			if bd.grid != nil {
				bd.grid.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
					if el.Class == classZone {
						zones++
					}
					return true
				})
			}
		}
	}
	b.ReportMetric(float64(cputime.Now()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(zones), "zones")
}

// BenchmarkExportCPU exports a package whole at 150 dpi (zip included) and reports its CPU time per export,
// the measure the terrain zones' cpu-ms/op is compared with.
func benchmarkExportCPU(b *testing.B, name string) {
	c, err := validate.Load(examplePath(name)).Checked()
	if err != nil {
		b.Fatal(err)
	}
	cpu := cputime.Now()
	for b.Loop() {
		m, ds, err := Export(c, Options{DPI: 150})
		if err != nil || m == nil {
			b.Fatal(err, ds)
		}
		if _, err := m.Zip(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(cputime.Now()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

func BenchmarkExportCPUTHG(b *testing.B)     { benchmarkExportCPU(b, "highest-ground") }
func BenchmarkExportCPURampant(b *testing.B) { benchmarkExportCPU(b, "rampant") }

func BenchmarkTerrainZonesTHG(b *testing.B)     { benchmarkTerrainZones(b, "highest-ground") }
func BenchmarkTerrainZonesRampant(b *testing.B) { benchmarkTerrainZones(b, "rampant") }
