package tts

import (
	"testing"

	"github.com/muster-wargames/muster/validate"
)

// BenchmarkExportTHG exports The Highest Ground (four boards, the Introductory Scenario's map set, every
// counter design's two faces at 300 dpi, the saved objects). draw-s and png-s are the seconds spent drawing
// and encoding images, summed over the two workers; png-share is encoding's part of the images' work.
func BenchmarkExportTHG(b *testing.B) {
	c, err := validate.Load(examplePath("highest-ground")).Checked()
	if err != nil {
		b.Fatal(err)
	}
	var st Stats
	var size int
	n := 0
	for b.Loop() {
		s, ds, err := Export(c, Options{ImageBaseURL: testBase})
		if err != nil || s == nil {
			b.Fatal(err, ds)
		}
		st.Draw += s.Stats.Draw
		st.PNGEncode += s.Stats.PNGEncode
		st.Pixels, st.Images = s.Stats.Pixels, s.Stats.Images
		size = 0
		for _, f := range s.Files {
			size += len(f.Data)
		}
		n++
	}
	b.ReportMetric(st.Draw.Seconds()/float64(n), "draw-s/op")
	b.ReportMetric(st.PNGEncode.Seconds()/float64(n), "png-s/op")
	b.ReportMetric(st.PNGEncode.Seconds()/(st.Draw+st.PNGEncode).Seconds(), "png-share")
	b.ReportMetric(float64(st.Pixels)/1e6, "Mpx")
	b.ReportMetric(float64(size)/(1<<20), "MiB")
}

// BenchmarkExportFieldsOfHonor exports Fields of Honor (open tables of up to 8 ft drawn as tiles, every
// stand's counter): issue 32's row, under 600 ms and 150 MB.
func BenchmarkExportFieldsOfHonor(b *testing.B) {
	c, err := validate.Load(examplePath("fields-of-honor")).Checked()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var size int
	for b.Loop() {
		s, ds, err := Export(c, Options{ImageBaseURL: testBase})
		if err != nil || s == nil {
			b.Fatal(err, ds)
		}
		size = 0
		for _, f := range s.Files {
			size += len(f.Data)
		}
	}
	b.ReportMetric(float64(size)/(1<<20), "MiB")
}
