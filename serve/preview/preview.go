// Package preview draws a validated package as the pictures `muster serve` shows — every counter design front
// and back, the counter sheet pages, each map, the charts and the scenario sheets — and on each new version
// of the package draws again only the pictures whose content changed. Each picture carries a key, a hash of
// everything it is drawn from, so an unchanged key is an unchanged picture: a unit's value edited redraws its
// two faces and the sheet pages that hold it, not the rest.
package preview

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"path/filepath"
	"sort"
	"sync"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/internal/parallel"
	"github.com/muster-wargames/muster/print/charts"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/scenario"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// Sections of the preview, in the order the page shows them.
const (
	SectionFaces     = "faces"     // each counter design, front and back
	SectionCounters  = "counters"  // the counter sheet pages
	SectionMaps      = "maps"      // each map and board, and each scenario's map set
	SectionCharts    = "charts"    // the charts' pages
	SectionScenarios = "scenarios" // the scenario sheets' pages
)

// Resolutions of the pictures: small enough to draw in a few milliseconds, large enough to read. A face is
// drawn at twice the resolution the page shows its thumbnail at, so that a click shows it larger and sharp.
const (
	FaceDPI  = 300.0
	PageDPI  = 80.0
	MapDPI   = 60.0
	SheetDPI = 80.0
)

// Image is one picture of the preview. Name is unique in a snapshot and stable across versions (the server
// serves it at /img/<Name>); Key changes exactly when the picture does.
type Image struct {
	Name    string
	Section string
	Title   string
	Key     string
	Data    []byte // PNG
	File    string // the file it is drawn from, as far as one is (a unit's faces, a map), else the package folder
}

// Snapshot is the preview of one version of the package.
type Snapshot struct {
	Version int
	Images  []*Image  // in the order the page shows them
	Diags   diag.List // the package's diagnostics, and a printer's failures
	// Failed says the package has errors: Images are then those of the last version that had none (kept, so a
	// designer mid-edit still sees the game), or none when no version has loaded yet.
	Failed bool
	// Drawn are the names of the pictures drawn for this version; the others were kept from before.
	Drawn []string
	// Stale are the pictures kept from an earlier version because what they are drawn from has errors now, by
	// name, each with the errors of its file (shown beside it; an error no picture is drawn from shows above).
	Stale map[string]diag.List
}

// Renderer turns versions of a package into snapshots, keeping the pictures whose keys did not change.
type Renderer struct {
	mu      sync.Mutex
	version int
	last    *Snapshot
	byKey   map[string][]*Image // every picture of the last good snapshot, by the key of the job that drew it
}

// NewRenderer is a renderer with nothing drawn yet.
func NewRenderer() *Renderer { return &Renderer{byKey: map[string][]*Image{}} }

// Update loads and checks the package in dir (validate.Load: the whole pipeline) and draws what changed. A
// package with errors keeps the last good pictures, with the new diagnostics.
func (r *Renderer) Update(dir string) *Snapshot {
	res := validate.Load(dir)
	return r.Render(res)
}

// Render draws a pipeline result: what changed since the last good version when it has no errors, else
// the last good pictures with its diagnostics. It never panics: a printer's panic or limit while one picture
// is drawn is that picture's diagnostic, and one while the pictures are planned is the version's (Fail).
func (r *Renderer) Render(res validate.Result) (snap *Snapshot) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer func() {
		if p := recover(); p != nil {
			snap = r.fail(res.Diags, fmt.Errorf("planning the pictures failed (a bug in muster; please report it): %v", p))
		}
	}()
	return r.render(res)
}

// Fail is the snapshot of a version that could not be drawn at all (the pipeline itself failed): the last good
// pictures, with the version's diagnostics and err as an error among them.
func (r *Renderer) Fail(diags diag.List, err error) *Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fail(diags, err)
}

func (r *Renderer) fail(diags diag.List, err error) *Snapshot {
	r.version++
	snap := &Snapshot{Version: r.version, Failed: true,
		Diags: append(append(diag.List{}, diags...), diag.Diagnostic{Severity: diag.Error, Code: "print.internal", Message: err.Error()})}
	if r.last != nil {
		snap.Images = r.last.Images
	}
	snap.Diags.Sort()
	return snap
}

func (r *Renderer) render(res validate.Result) *Snapshot {
	r.version++
	snap := &Snapshot{Version: r.version, Diags: res.Diags}
	checked, err := res.Checked()
	if err != nil && res.Pkg != nil && res.Diags.HasErrors() {
		// Draw what the errors do not touch: the package without the files that have errors.
		if part, broken, ok := withoutBroken(res); ok {
			snap.Failed = true
			jobs, ds := jobsFor(part.Package())
			snap.Diags = append(snap.Diags, ds...)
			return r.drawPartial(snap, jobs, broken, abs(res.Pkg.Dir))
		}
	}
	if err != nil {
		snap.Failed = true
		if res.Pkg == nil || !res.Diags.HasErrors() {
			snap.Diags = append(append(diag.List{}, res.Diags...), diag.Diagnostic{Severity: diag.Error, Code: "package.manifest", Message: err.Error()})
		}
		if r.last != nil {
			snap.Images = r.last.Images
		}
		return snap
	}
	jobs, ds := jobsFor(checked.Package())
	snap.Diags = append(snap.Diags, ds...)
	return r.draw(snap, jobs)
}

// withoutBroken checks the package without its own files that have errors, and without those that then have
// errors in turn, a few rounds at most: ok when what is left checks, with the files left out. The manifest
// and the System cannot be left out: with an error there, nothing is drawn anew.
func withoutBroken(res validate.Result) (*validate.Checked, map[string]diag.List, bool) {
	pkg := res.Pkg
	keep := map[string]bool{}
	for _, f := range []string{filepath.Join(pkg.Dir, content.ManifestFile)} {
		keep[abs(f)] = true
	}
	if pkg.System != nil && pkg.System.At.File != "" {
		keep[abs(pkg.System.At.File)] = true
	}
	broken := map[string]diag.List{} // each file left out, with the errors that left it out
	var cause diag.List              // the errors of the version itself, which left out the first files
	for _, d := range res.Diags {
		if d.Severity == diag.Error {
			cause = append(cause, d)
		}
	}
	diags := res.Diags
	for round := 0; round < 4; round++ {
		more := false
		for _, d := range diags {
			if d.Severity != diag.Error || d.Pos.File == "" {
				continue
			}
			f := abs(d.Pos.File)
			if keep[f] || !content.Within(pkg.Dir, f) {
				return nil, nil, false // the error is where everything else depends on it
			}
			if _, ok := broken[f]; !ok {
				more = true
				if round > 0 { // left out for what the version's errors left out: say those first
					broken[f] = append(broken[f], cause...)
				}
			}
			broken[f] = append(broken[f], d)
		}
		if !more {
			return nil, nil, false
		}
		var files []string
		for f := range broken {
			files = append(files, f)
		}
		sort.Strings(files)
		r := validate.LoadWithout(pkg.Dir, files)
		if c, err := r.Checked(); err == nil {
			return c, broken, true
		}
		if r.Pkg == nil {
			return nil, nil, false
		}
		diags = r.Diags
	}
	return nil, nil, false
}

func abs(f string) string {
	if a, err := filepath.Abs(f); err == nil {
		return a
	}
	return f
}

// drawPartial draws a version whose files with errors (broken) were left out: every picture drawn from files
// that are fine (a unit's faces, a map, a scenario sheet: what is left out takes with it what refers to it) is
// drawn, or kept, as for a good version. A picture of the last version drawn from a broken file, or from the
// whole package (the counter sheet pages, the charts, which would silently lack what was left out), is kept
// as it was, stale, with its file's errors beside it.
func (r *Renderer) drawPartial(snap *Snapshot, jobs []job, broken map[string]diag.List, pkgDir string) *Snapshot {
	whole := func(file string) bool { return file == "" || abs(file) == pkgDir }
	own := jobs[:0:0]
	for _, j := range jobs {
		if !whole(j.at.File) {
			own = append(own, j)
		}
	}
	jobs = own
	var last []*Image
	lastKeys := map[*Image]string{}
	if r.last != nil {
		last = r.last.Images
		for k, imgs := range r.byKey {
			for _, im := range imgs {
				lastKeys[im] = k
			}
		}
	}
	snap = r.draw(snap, jobs)
	have := map[string]bool{}
	for _, im := range snap.Images {
		have[im.Name] = true
	}
	for _, im := range last {
		errs, isBroken := broken[abs(im.File)]
		if have[im.Name] || !isBroken && !whole(im.File) {
			continue
		}
		if snap.Stale == nil {
			snap.Stale = map[string]diag.List{}
		}
		snap.Stale[im.Name] = errs
		snap.Images = append(snap.Images, im)
		if k, ok := lastKeys[im]; ok {
			r.byKey[k] = append(r.byKey[k], im) // kept for the version that fixes the file back
		}
	}
	sort.SliceStable(snap.Images, func(i, j int) bool {
		return sectionOrder[snap.Images[i].Section] < sectionOrder[snap.Images[j].Section]
	})
	return snap
}

var sectionOrder = map[string]int{SectionFaces: 0, SectionCounters: 1, SectionMaps: 2, SectionCharts: 3, SectionScenarios: 4}

// draw draws the jobs whose pictures the last good version does not have, and makes snap the last good one.
func (r *Renderer) draw(snap *Snapshot, jobs []job) *Snapshot {
	keep := map[string][]*Image{}
	results := make([][]*Image, len(jobs))
	var todo []int
	for i, j := range jobs {
		if imgs, ok := r.byKey[j.key]; ok {
			results[i] = imgs
			keep[j.key] = imgs
			continue
		}
		todo = append(todo, i)
	}
	// A drawing's panic (a bug) comes back from the pool as its error, so the preview never goes down.
	errs := parallel.Each(len(todo), func(k int) error {
		i := todo[k]
		var err error
		results[i], err = jobs[i].draw()
		return err
	})
	for k, i := range todo {
		j := jobs[i]
		if errs[k] != nil {
			snap.Diags = append(snap.Diags, failureDiags(j, errs[k])...)
			results[i] = nil // the picture is left out; the diagnostic says why
			continue
		}
		keep[j.key] = results[i]
		for _, im := range results[i] {
			im.Key = keyOf(j.key, im.Name)
			im.File = j.at.File
			snap.Drawn = append(snap.Drawn, im.Name)
		}
	}
	for i := range jobs {
		snap.Images = append(snap.Images, results[i]...)
	}
	snap.Diags.Sort()
	r.byKey = keep
	r.last = snap
	return snap
}

func failureDiags(j job, err error) diag.List {
	if f, ok := diag.AsFailure(err); ok {
		return f.Diags
	}
	return diag.List{{Severity: diag.Error, Code: "print.internal", Pos: j.at, Message: fmt.Sprintf("preview of %s: %v", j.title, err)}}
}

// job is one picture, or the pages of one document, to draw: its key says what it is drawn from.
type job struct {
	key   string
	title string
	at    diag.Pos
	draw  func() ([]*Image, error)
}

// hasher builds keys: a SHA-256 of the parts written in.
type hasher struct{ b bytes.Buffer }

func (h *hasher) add(parts ...any) *hasher {
	for _, p := range parts {
		switch v := p.(type) {
		case string:
			h.b.WriteString(v)
		case []byte:
			h.b.Write(v)
		default:
			b, err := json.Marshal(v)
			if err != nil {
				b = fmt.Appendf(nil, "%#v", v)
			}
			h.b.Write(b)
		}
		h.b.WriteByte(0)
	}
	return h
}

func (h *hasher) sum() string {
	s := sha256.Sum256(h.b.Bytes())
	return hex.EncodeToString(s[:12])
}

func keyOf(parts ...any) string { return new(hasher).add(parts...).sum() }

// docs is what the documents of a package hash to, by kind, computed once per version: a printer's key adds
// the kinds it reads. UnitType and Marker documents are also hashed without their values and backs
// (identity): the maps and scenario sheets draw a unit's name, symbol and colours, never its values.
type docs struct {
	pkg      *content.Package
	kinds    map[string]string
	identity map[string]string
	one      map[*content.Document]string
	// The art the maps draw, which no document holds: each map's background, the terrain tiles, and all of
	// them (what a scenario's map and its sheet's miniature may show).
	backgrounds map[*content.Map]string
	tiles, art  string
}

var printedValues = map[string]bool{"stats": true, "back": true, "notes": true, "source": true}

func newDocs(pkg *content.Package) *docs {
	d := &docs{pkg: pkg, kinds: map[string]string{}, identity: map[string]string{}, one: map[*content.Document]string{}}
	all := map[string]*hasher{}
	ident := map[string]*hasher{}
	for _, doc := range pkg.Docs {
		if all[doc.Kind] == nil {
			all[doc.Kind], ident[doc.Kind] = new(hasher), new(hasher)
		}
		k := keyOf(doc.Value)
		d.one[doc] = k
		all[doc.Kind].add(k)
		if m, ok := doc.Value.(map[string]any); ok && (doc.Kind == content.KindUnitType || doc.Kind == content.KindMarker) {
			id := map[string]any{}
			for f, v := range m {
				if !printedValues[f] {
					id[f] = v
				}
			}
			ident[doc.Kind].add(id)
		}
	}
	for k, h := range all {
		d.kinds[k] = h.sum()
		d.identity[k] = ident[k].sum()
	}
	d.tiles, d.backgrounds = tilesArt(pkg), map[*content.Map]string{}
	art := new(hasher).add(d.tiles)
	for _, m := range pkg.Maps() {
		d.backgrounds[m] = backgroundArt(pkg, m)
		art.add(d.backgrounds[m])
	}
	d.art = art.sum()
	return d
}

func (d *docs) of(kinds ...string) string {
	h := new(hasher)
	for _, k := range kinds {
		h.add(k, d.kinds[k])
	}
	return h.sum()
}

func (d *docs) doc(m *content.Meta) string {
	if m.Doc == nil {
		return keyOf(m.ID)
	}
	return d.one[m.Doc]
}

// jobsFor lists every picture of the package with its key. Working out the keys costs no drawing: the
// counters are resolved and laid out (plan.PlanCounters), maps and sheets are keyed by the documents they
// read.
func jobsFor(pkg *content.Package) ([]job, diag.List) {
	var ds diag.List
	set, err := plan.Settle(pkg, plan.Options{})
	if err != nil {
		return nil, failureDiags(job{title: "print settings", at: diag.Pos{File: pkg.Dir}}, err)
	}
	d := newDocs(pkg)
	setKey := keyOf(fmt.Sprintf("%#v", struct {
		Paper                       any
		Backs                       sheet.Backs
		Offset                      surface.Pt
		Size, Margin, Gutter, Bleed float64
	}{set.Paper, set.Backs, set.BackOffset, set.CounterSize, set.Margin, set.Gutter, set.Bleed}), d.of(content.KindPackage),
		fonts.Of(pkg).Identity()) // a font file's edit redraws what prints in it
	var jobs []job
	cj, err := counterJobs(pkg, set, setKey)
	if err != nil {
		ds = append(ds, failureDiags(job{title: "counters", at: diag.Pos{File: pkg.Dir}}, err)...)
	}
	jobs = append(jobs, cj...)
	jobs = append(jobs, mapJobs(pkg, set, setKey, d)...)
	jobs = append(jobs, sheetJobs(pkg, set, setKey, d)...)
	return jobs, ds
}

// ------------------------------------------------------------------------------------------------ counters

// counterJobs are a picture of each design's front and back, and one of each sheet page. A face's key is the
// face as resolved (values, colours, symbol, image bytes) and its size; a page's key is its pieces' faces
// and places.
func counterJobs(pkg *content.Package, set plan.Settings, setKey string) ([]job, error) {
	cs, l, err := plan.PlanCounters(pkg, set, false)
	if err != nil || l == nil {
		return nil, err
	}
	faceKey := map[*counters.Face]string{}
	var jobs []job
	used := map[string]bool{}
	for i := range cs {
		c := &cs[i]
		stem := content.Stem(c.ID, content.PrintStem)
		if used[stem] {
			stem = c.Kind + "-" + stem
		}
		if used[stem] {
			stem = fmt.Sprintf("%s-%d", stem, i)
		}
		used[stem] = true
		sides := []struct {
			name string
			face *counters.Face
		}{{"front", &c.Front}, {"back", &c.Back}}
		for _, sd := range sides {
			k := keyOf("face", *sd.face, c.Width(), c.Height())
			faceKey[sd.face] = k
			if sd.name == "back" && set.Backs == sheet.NoBacks {
				continue
			}
			name := fmt.Sprintf("faces/%s-%s.png", stem, sd.name)
			face, w, h := sd.face, c.Width(), c.Height()
			title := c.Name + " (" + sd.name + ")"
			jobs = append(jobs, job{key: keyOf(k, name), title: title, at: c.At, draw: func() ([]*Image, error) {
				b, err := drawPNG(previewDPI(FaceDPI, w, h), func(s surface.Surface) error {
					s.BeginPage(w, h)
					return face.DrawRect(s, 0, 0, w, h, 0)
				})
				if err != nil {
					return nil, err
				}
				return []*Image{{Name: name, Section: SectionFaces, Title: title, Data: b[0]}}, nil
			}})
		}
	}
	for i, pg := range l.Pages {
		h := new(hasher).add("page", setKey, i, pg, l.Sheets[pg.Sheet].Slots)
		for _, sl := range l.Sheets[pg.Sheet].Slots {
			p := l.Pieces[sl.Piece]
			// A page draws the side it holds: a front page none of the backs, a back page none of the fronts.
			if pg.Side != sheet.BackPage {
				h.add(painterKey(p.Front, faceKey))
			}
			if pg.Side != sheet.FrontPage {
				h.add(painterKey(p.Back, faceKey))
			}
		}
		name := fmt.Sprintf("counters/page-%02d.png", i+1)
		side := "front"
		switch pg.Side {
		case sheet.BackPage:
			side = "back"
		case sheet.FoldPage:
			side = "fronts and backs"
		}
		title := fmt.Sprintf("Counter sheet %d (%s)", pg.Sheet+1, side)
		page := i
		jobs = append(jobs, job{key: h.sum(), title: title, at: diag.Pos{File: pkg.Dir}, draw: func() ([]*Image, error) {
			b, err := drawPNG(previewDPI(PageDPI, set.Paper.Width, set.Paper.Height), func(s surface.Surface) error { return l.RenderPage(s, page) })
			if err != nil {
				return nil, err
			}
			return []*Image{{Name: name, Section: SectionCounters, Title: title, Data: b[0]}}, nil
		}})
	}
	return jobs, nil
}

func painterKey(p sheet.Painter, keys map[*counters.Face]string) string {
	if f, ok := p.(*counters.Face); ok {
		return keys[f]
	}
	if p == nil {
		return ""
	}
	return fmt.Sprintf("%T", p)
}

// -------------------------------------------------------------------------------------------------- maps

// mapJobs draw each map and board, and each scenario's map set, whole on one page at MapDPI.
func mapJobs(pkg *content.Package, set plan.Settings, setKey string, d *docs) []job {
	var jobs []job
	sysKey := d.of(content.KindSystem) + d.tiles
	for _, m := range pkg.Maps() {
		stem := content.Stem(m.ID, content.PrintStem)
		title := "Map " + m.ID
		if m.Name != "" {
			title = m.Name
		}
		at := m.At
		jobs = append(jobs, job{key: keyOf("map", stem, d.doc(&m.Meta), d.backgrounds[m], sysKey, setKey), title: title, at: at, draw: func() ([]*Image, error) {
			dr, err := maps.ForMap(pkg, m)
			if err != nil {
				return nil, err
			}
			return drawMap(dr, stem, title)
		}})
	}
	files := plan.ScenarioMapFiles(pkg)
	scKey := d.of(content.KindMap, content.KindForce, content.KindSystem) + d.identity[content.KindUnitType] + d.identity[content.KindMarker] + d.art
	for _, sc := range pkg.Scenarios() {
		f, ok := files[sc.ID]
		if !ok {
			continue
		}
		stem := content.Stem(f[len(plan.MapsDir)+1:len(f)-len(".pdf")], content.PrintStem)
		title := "Map of " + sc.ID
		if sc.Name != "" {
			title = "Map of " + sc.Name
		}
		jobs = append(jobs, job{key: keyOf("scenario-map", stem, d.doc(&sc.Meta), scKey, setKey), title: title, at: sc.At, draw: func() ([]*Image, error) {
			dr, err := maps.ForScenario(pkg, sc)
			if err != nil {
				return nil, err
			}
			return drawMap(dr, stem, title)
		}})
	}
	return jobs
}

// backgroundArt is what a map's painted background hashes to: its key changes when the image file does,
// though the map's document does not.
func backgroundArt(pkg *content.Package, m *content.Map) string {
	if m.Background == nil {
		return ""
	}
	return fileKey(pkg.ReadArt(m.Doc, "/background/image", m.Background.Image))
}

// tilesArt is what the System's terrain tiles hash to.
func tilesArt(pkg *content.Package) string {
	sys := pkg.System
	if sys == nil {
		return ""
	}
	h := new(hasher)
	for i, t := range sys.Terrain {
		if t.Tile != nil {
			h.add(t.ID, fileKey(pkg.ReadArt(sys.Doc, fmt.Sprintf("/terrain/%d/tile/image", i), t.Tile.Image)))
		}
	}
	return h.sum()
}

// fileKey is a file's bytes' key (their SHA-256, without copying a large painting into a hasher's buffer),
// or its error's.
func fileKey(b []byte, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:12])
}

// drawMap draws a map's artwork whole: on one page of its own size (and its legend page, if it has one).
func drawMap(dr *maps.Drawing, stem, title string) ([]*Image, error) {
	art := dr.Art()
	paper := surface.Size{W: art.W + 2*maps.DefaultMargin + 1, H: art.H + 2*maps.DefaultMargin + 1}
	pl, err := dr.Layout(maps.Options{Paper: paper, Margin: maps.DefaultMargin, Overlap: maps.DefaultOverlap})
	if err != nil {
		return nil, err
	}
	pages, err := drawPNG(previewDPI(MapDPI, paper.W, paper.H), func(s surface.Surface) error { return dr.Render(s, pl) })
	if err != nil {
		return nil, err
	}
	out := images(pages, "maps/"+stem, SectionMaps, title)
	// One picture of the whole map (then its legend), not the sheets the PDF tiles it onto: say so.
	for i, im := range out {
		switch {
		case i == 0:
			im.Title = title + ": the whole map"
		case i == 1 && len(out) == 2:
			im.Title = title + ": its legend"
		default:
			im.Title = fmt.Sprintf("%s: part %d of %d", title, i+1, len(out))
		}
	}
	return out, nil
}

// ------------------------------------------------------------------------------------------------ sheets

// sheetJobs draw the charts and each scenario sheet.
func sheetJobs(pkg *content.Package, set plan.Settings, setKey string, d *docs) []job {
	var jobs []job
	paper := plan.SheetPaper(set)
	dpi := previewDPI(SheetDPI, paper.W, paper.H)
	if !charts.Empty(pkg) {
		opt := plan.ChartsOptions(pkg, set, plan.Options{})
		jobs = append(jobs, job{key: keyOf("charts", d.of(content.KindTable, content.KindScenario, content.KindSystem), setKey), title: "Charts", at: diag.Pos{File: pkg.Dir},
			draw: func() ([]*Image, error) {
				pages, err := drawPNG(dpi, func(s surface.Surface) error { return charts.Render(s, pkg, opt) })
				if err != nil {
					return nil, err
				}
				return images(pages, "charts/charts", SectionCharts, "Charts"), nil
			}})
	}
	files := plan.ScenarioMapFiles(pkg)
	rest := d.of(content.KindForce, content.KindMap, content.KindSystem, content.KindTable) + d.identity[content.KindUnitType] + d.identity[content.KindMarker] + d.art // the miniature shows the art
	for _, sc := range pkg.Scenarios() {
		stem := content.Stem(sc.ID, content.PrintStem)
		opt := plan.ScenarioOptions(pkg, set, plan.Options{}, files[sc.ID])
		title := "Scenario " + sc.ID
		if sc.Name != "" {
			title = sc.Name
		}
		jobs = append(jobs, job{key: keyOf("scenario", stem, d.doc(&sc.Meta), rest, setKey), title: title, at: sc.At, draw: func() ([]*Image, error) {
			pages, err := drawPNG(dpi, func(s surface.Surface) error { return scenario.Render(s, pkg, sc, opt) })
			if err != nil {
				return nil, err
			}
			return images(pages, "scenarios/"+stem, SectionScenarios, title), nil
		}})
	}
	return jobs
}

func images(pages [][]byte, stem, section, title string) []*Image {
	out := make([]*Image, len(pages))
	for i, b := range pages {
		t := title
		if len(pages) > 1 {
			t = fmt.Sprintf("%s, page %d of %d", title, i+1, len(pages))
		}
		out[i] = &Image{Name: fmt.Sprintf("%s-page-%02d.png", stem, i+1), Section: section, Title: t, Data: b}
	}
	return out
}

// ---------------------------------------------------------------------------------------------- drawing

// maxPixels bounds one picture (4 megapixels): a larger page is drawn at a lower resolution.
const maxPixels = 4 << 20

// previewDPI is dpi, lowered so that a page of w x h points stays within maxPixels: the live preview's own
// budget, smaller than a build's previews (digital.PreviewMaxPixels), since the designer waits for it.
func previewDPI(dpi, w, h float64) float64 { return digital.DPIWithin(dpi, w, h, maxPixels) }

// pngEncoder favours speed: the preview is redrawn while the designer waits.
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed}

// drawPNG draws pages and encodes each as it is finished, while the next is drawn: one page is encoded at a
// time, so a document of many pages holds at most two in memory.
func drawPNG(dpi float64, draw func(surface.Surface) error) ([][]byte, error) {
	type encoded struct {
		b   []byte
		err error
	}
	var out [][]byte
	var pending chan encoded // the page being encoded
	collect := func() error {
		if pending == nil {
			return nil
		}
		e := <-pending
		pending = nil
		if e.err != nil {
			return e.err
		}
		out = append(out, e.b)
		return nil
	}
	p := surface.NewPNG(surface.PNGOptions{DPI: dpi, MaxPages: content.MaxPages, OnPage: func(_ int, im *image.RGBA) error {
		if err := collect(); err != nil {
			return err
		}
		ch := make(chan encoded, 1)
		go func() {
			defer func() {
				if p := recover(); p != nil {
					ch <- encoded{err: fmt.Errorf("encoding a picture failed (a bug in muster; please report it): %v", p)}
				}
			}()
			var b bytes.Buffer
			err := pngEncoder.Encode(&b, im)
			ch <- encoded{b.Bytes(), err}
		}()
		pending = ch
		return nil
	}})
	err := draw(p)
	if err == nil {
		err = p.Flush()
	}
	if cerr := collect(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Names lists the names of a snapshot's pictures, sorted (for tests and logs).
func (s *Snapshot) Names() []string {
	out := make([]string, len(s.Images))
	for i, im := range s.Images {
		out[i] = im.Name
	}
	sort.Strings(out)
	return out
}
