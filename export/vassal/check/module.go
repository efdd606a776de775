package check

import (
	"bytes"
	"encoding/xml"
	"image"
	_ "image/gif"  // board images may be GIF
	_ "image/jpeg" // or JPEG
	_ "image/png"
	"io"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
	"github.com/muster-wargames/muster/print/digital"
)

const (
	vassalPrefix   = "VASSAL."
	classModule    = "VASSAL.launch.BasicModule"
	classModuleOld = "VASSAL.build.GameModule"
	classMap       = "VASSAL.build.module.Map"
	classBP        = "VASSAL.build.module.map.BoardPicker"
	classBoard     = "VASSAL.build.module.map.boardPicker.Board"
	classSetup     = "VASSAL.build.module.map.SetupStack"
	classSlot      = "VASSAL.build.widget.PieceSlot"
	classProto     = "VASSAL.build.module.PrototypeDefinition"
	classPW        = "VASSAL.build.module.PieceWindow"
	classCW        = "VASSAL.build.module.ChartWindow"
	classChart     = "VASSAL.build.widget.Chart"
	classHelp      = "VASSAL.build.module.documentation.HelpFile"
	classPDF       = "VASSAL.build.module.documentation.BrowserPDFFile"
	classDice      = "VASSAL.build.module.DiceButton"
	classRoster    = "VASSAL.build.module.PlayerRoster"
	classOptions   = "VASSAL.build.module.GlobalOptions"
)

// mapLike are the classes that are maps (and take a map's components).
var mapLike = map[string]bool{classMap: true, "VASSAL.build.module.PrivateMap": true, "VASSAL.build.module.PlayerHand": true}

// widgets take their children from the window they are in.
var widgets = map[string]bool{
	"VASSAL.build.widget.TabWidget": true, "VASSAL.build.widget.PanelWidget": true,
	"VASSAL.build.widget.BoxWidget": true, "VASSAL.build.widget.ListWidget": true,
}

// childrenOfWindow are what a window's widgets may hold (its getChildAllowableConfigureComponents).
var childrenOfWindow = map[string][]string{
	classPW: {"VASSAL.build.widget.TabWidget", "VASSAL.build.widget.PanelWidget", "VASSAL.build.widget.BoxWidget",
		"VASSAL.build.widget.ListWidget", classSlot},
	classCW: {classChart, "VASSAL.build.widget.HtmlChart", "VASSAL.build.widget.TabWidget", "VASSAL.build.widget.PanelWidget",
		"VASSAL.build.widget.BoxWidget", "VASSAL.build.widget.ListWidget", "VASSAL.build.widget.MapWidget"},
}

// dataChildren are elements that are not components: data a component reads itself.
var dataChildren = map[string]string{classRoster: "entry", classBP: "setup", classOptions: "option"}

// extraChildren are children VASSAL builds that no allowable list names.
var extraChildren = map[string][]string{
	"VASSAL.build.widget.MapWidget": {"VASSAL.build.widget.WidgetMap"},
}

var known map[string]bool

func init() {
	known = map[string]bool{classModule: true, classModuleOld: true}
	for p, cs := range allowedChildren {
		known[p] = true
		for _, c := range cs {
			known[c] = true
		}
	}
	for w := range widgets {
		known[w] = true
	}
	for p, cs := range childrenOfWindow {
		known[p] = true
		for _, c := range cs {
			known[c] = true
		}
	}
	for p, cs := range extraChildren {
		known[p] = true
		for _, c := range cs {
			known[c] = true
		}
	}
}

// allowed reports whether class may be a child of parent, given the window (PieceWindow, ChartWindow)
// the parent is in.
func allowed(parent, window, class string) bool {
	if dataChildren[parent] == class {
		return true
	}
	var list []string
	if widgets[parent] {
		list = childrenOfWindow[window]
	} else {
		list = allowedChildren[parent]
		if cw, ok := childrenOfWindow[parent]; ok && parent == classCW {
			list = cw
		}
		list = append(list[:len(list):len(list)], extraChildren[parent]...)
	}
	for _, c := range list {
		if c == class {
			return true
		}
	}
	return false
}

// moduleData reads the moduledata entry and returns its VassalVersion.
func (c *checker) moduleData(data []byte) string {
	var md struct {
		XMLName       xml.Name `xml:"data"`
		VassalVersion string   `xml:"VassalVersion"`
		Name          string   `xml:"name"`
	}
	d := xml.NewDecoder(strings.NewReader(string(data)))
	d.Strict = true
	if err := d.Decode(&md); err != nil {
		c.errorf(CodeMissing, nil, "", "moduledata is not VASSAL's metadata XML: %v", err)
		return ""
	}
	v := strings.TrimSpace(md.VassalVersion)
	if v == "" {
		c.errorf(CodeVersion, nil, "", "moduledata gives no VassalVersion")
	}
	return v
}

// versionAtLeast compares dotted versions by their numbers (3.10 > 3.9).
func versionAtLeast(v string, major, minor int) (bool, bool) {
	parts := strings.SplitN(strings.TrimSpace(v), ".", 3)
	if len(parts) < 2 {
		return false, false
	}
	ma, err1 := strconv.Atoi(parts[0])
	mi, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return false, false
	}
	return ma > major || ma == major && mi >= minor, true
}

// module checks the component tree.
func (c *checker) module(root *buildfile.Element, mdVersion string) {
	rootPath := "GameModule"
	if root.Class != classModule && root.Class != classModuleOld {
		c.errorf(CodeClass, root, rootPath, "the root element is %s; a module's is %s", root.Class, classModule)
		return
	}
	bv, ok := root.Get("VassalVersion")
	switch {
	case !ok || bv == "":
		c.errorf(CodeVersion, root, rootPath, "the module names no VassalVersion")
	default:
		if at, valid := versionAtLeast(bv, 3, 5); !valid {
			c.errorf(CodeVersion, root, rootPath, "VassalVersion %q is not a version", bv)
		} else if !at {
			c.errorf(CodeVersion, root, rootPath, "VassalVersion %s is older than 3.5: VASSAL would look for buildFile, not buildFile.xml", bv)
		}
		if mdVersion != "" && mdVersion != bv {
			c.errorf(CodeVersion, root, rootPath, "the buildFile says VassalVersion %s, moduledata %s", bv, mdVersion)
		}
	}
	if v, ok := root.Get("nextPieceSlotId"); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			c.errorf(CodeAttr, root, rootPath, "nextPieceSlotId %q is not a whole number", v)
		} else {
			c.nextGPID, c.hasNext = n, true
		}
	}
	c.protos = map[string]bool{}
	c.gpids = map[string]string{}
	c.imageSizes = map[string][2]int{}
	// First the names pieces refer to: prototypes and maps with their boards.
	root.Walk(func(el *buildfile.Element, p string, parent *buildfile.Element) bool {
		switch {
		case el.Class == classProto:
			c.protos[el.Attr("name")] = true
		case mapLike[el.Class]:
			c.collectMap(el, p)
			return false
		}
		return true
	})
	// Then every element.
	var walk func(el *buildfile.Element, p string, parent *buildfile.Element, window string)
	walk = func(el *buildfile.Element, p string, parent *buildfile.Element, window string) {
		c.res.Elements++
		if parent != nil {
			switch {
			case dataChildren[parent.Class] == el.Class:
				c.dataChild(el, p, parent)
				return
			case !known[el.Class]:
				if strings.HasPrefix(el.Class, vassalPrefix) {
					c.errorf(CodeClass, el, p, "%s is not a class VASSAL 3.7 has", el.Class)
				} else {
					c.errorf(CodeClass, el, p, "%s is not a VASSAL class (a custom class needs its .class files in the module; muster does not check those)", el.Class)
				}
				return
			case !allowed(parent.Class, window, el.Class):
				c.errorf(CodeClass, el, p, "%s is not allowed inside %s", buildfile.Short(el.Class), buildfile.Short(parent.Class))
				return
			}
		}
		if _, isWindow := childrenOfWindow[el.Class]; isWindow {
			window = el.Class
		}
		c.element(el, p, parent)
		for _, ch := range el.Children {
			walk(ch, p+"/"+ch.Label(), el, window)
		}
	}
	walk(root, rootPath, nil, "")
	if !c.hasNext && c.res.Pieces > 0 {
		c.errorf(CodeGPID, root, rootPath, "the module has piece slots but no nextPieceSlotId")
	}
}

// dataChild checks an element a component reads as data.
func (c *checker) dataChild(el *buildfile.Element, p string, parent *buildfile.Element) {
	if parent.Class == classBP {
		c.boardSetup(el, p, parent)
	}
}

// element runs the checks of one component.
func (c *checker) element(el *buildfile.Element, p string, parent *buildfile.Element) {
	if v, ok := el.Get("icon"); ok && v != "" && !strings.HasPrefix(v, "/") {
		c.needImage(el, p, v, "icon")
	}
	switch el.Class {
	case classSlot:
		c.res.Pieces++
		c.pieceSlot(el, p)
	case classProto:
		if el.Attr("name") == "" {
			c.errorf(CodePiece, el, p, "a prototype without a name cannot be used")
		}
		c.definition(el, p, false)
	case classChart:
		if f := el.Attr("fileName"); f != "" {
			c.needImage(el, p, f, "chart image")
		}
	case classHelp:
		if t := el.Attr("fileType"); (t == "" || t == "archive") && el.Attr("fileName") != "" {
			c.needFile(el, p, el.Attr("fileName"))
		}
	case classPDF:
		if f := el.Attr("pdfFile"); f != "" {
			c.needFile(el, p, f)
		} else {
			c.errorf(CodeImage, el, p, "names no PDF file")
		}
	case classDice:
		for _, a := range []string{"nDice", "nSides", "plus", "addToTotal"} {
			if v, ok := el.Get(a); ok {
				if _, err := strconv.ParseInt(v, 10, 32); err != nil {
					c.errorf(CodeAttr, el, p, "%s=%q is not a whole number", a, v)
				}
			}
		}
	case classSetup:
		c.setupStack(el, p, parent)
	}
	if mapLike[el.Class] {
		c.mapComponents(el, p)
	}
}

// needImage reports an image the module lacks, and returns its entry.
// needImage reports an image an element names that the module does not hold, or that VASSAL cannot load: not
// an image at all, or more pixels than it can hold (see imageSize).
func (c *checker) needImage(el *buildfile.Element, p, name, what string) bool {
	if _, ok := c.images[name]; !ok {
		c.errorf(CodeImage, el, p, "%s %s is not in the module's images/", what, name)
		return false
	}
	c.imageSize(el, p, name)
	return true
}

func (c *checker) needFile(el *buildfile.Element, p, name string) {
	if _, ok := c.files[name]; !ok {
		c.errorf(CodeImage, el, p, "file %s is not in the module", name)
	}
}

// imageSize reads an image's size from its header (no more than its first megabyte, never its pixels); ok
// is false for an image it cannot read, or VASSAL could not (SVG is not measured). Each image is read and
// reported once, at the first element that names it: one that is not a PNG, GIF or JPEG (or an SVG that is
// not XML), or one of more pixels than VASSAL can hold (digital.VassalMaxImagePixels).
func (c *checker) imageSize(el *buildfile.Element, p, name string) (w, h int, ok bool) {
	if s, done := c.imageSizes[name]; done {
		return s[0], s[1], s[0] > 0
	}
	c.imageSizes[name] = [2]int{}
	f := c.images[name]
	if f == nil {
		return 0, 0, false
	}
	rc, err := f.Open()
	if err != nil {
		c.errorf(CodeImage, el, p, "image %s cannot be read: %v", name, err)
		return 0, 0, false
	}
	defer rc.Close()
	head := io.LimitReader(rc, 1<<20)
	if strings.HasSuffix(strings.ToLower(name), ".svg") {
		b, _ := io.ReadAll(io.LimitReader(head, 512))
		b = bytes.TrimLeft(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")), " \t\r\n")
		if !bytes.HasPrefix(b, []byte("<")) {
			c.errorf(CodeImage, el, p, "image %s is named .svg but is not SVG (XML): VASSAL cannot draw it", name)
		}
		return 0, 0, false
	}
	cfg, format, err := image.DecodeConfig(head)
	if err != nil {
		c.errorf(CodeImage, el, p, "image %s is not a PNG, GIF or JPEG VASSAL can read: %v", name, err)
		return 0, 0, false
	}
	px := int64(cfg.Width) * int64(cfg.Height)
	switch {
	case cfg.Width <= 0 || cfg.Height <= 0:
		c.errorf(CodeImage, el, p, "image %s is a %s of %d x %d pixels: VASSAL cannot draw an image without pixels", name, strings.ToUpper(format), cfg.Width, cfg.Height)
		return 0, 0, false
	case px > digital.VassalMaxImagePixels:
		c.errorf(CodeImage, el, p, "image %s is a %s of %d x %d pixels, %.1f GB once VASSAL decodes it at %d bytes a pixel: more than the %d MB heap VASSAL runs in by default holds (at most %d pixels), so VASSAL cannot load it",
			name, strings.ToUpper(format), cfg.Width, cfg.Height, float64(px*digital.VassalBytesPerPixel)/1e9, digital.VassalBytesPerPixel, digital.VassalDefaultHeap>>20, digital.VassalMaxImagePixels)
		return 0, 0, false
	}
	c.imageSizes[name] = [2]int{cfg.Width, cfg.Height}
	return cfg.Width, cfg.Height, true
}

// mapComponents checks that a map has the components play needs.
func (c *checker) mapComponents(el *buildfile.Element, p string) {
	have := map[string]bool{}
	for _, ch := range el.Children {
		have[ch.Class] = true
	}
	for _, need := range []string{"PieceMover", "KeyBufferer", "ForwardToKeyBuffer", "MenuDisplayer", "StackMetrics", "BoardPicker"} {
		if need == "StackMetrics" && el.Class == "VASSAL.build.module.PlayerHand" {
			continue // a hand makes its own (HandMetrics, which spreads its cards in a row) when it has none
		}
		if !have["VASSAL.build.module.map."+need] {
			c.errorf(CodeMap, el, p, "the map has no %s: pieces on it could not be %s", need, mapNeed[need])
		}
	}
	if el.Attr("mapName") == "" {
		c.errorf(CodeMap, el, p, "the map has no mapName")
	}
}

var mapNeed = map[string]string{
	"PieceMover": "moved", "KeyBufferer": "selected", "ForwardToKeyBuffer": "given key commands",
	"MenuDisplayer": "given commands from their menu", "StackMetrics": "stacked", "BoardPicker": "shown on a board",
}

// boardSetup checks a BoardPicker's default layout: it must name the map and boards it has.
func (c *checker) boardSetup(el *buildfile.Element, p string, bp *buildfile.Element) {
	d := seqenc.NewDecoder(el.Text, '\t')
	head := d.Next()
	mp := c.mapOf(bp)
	if mp == nil {
		return
	}
	if head != mp.name+"BoardPicker" {
		c.errorf(CodeMap, el, p, "the default layout is for %q, not for this map (%sBoardPicker)", head, mp.name)
	}
	for d.More() {
		name := seqenc.NewDecoder(d.Next(), '/').Next()
		if _, ok := mp.boards[name]; !ok {
			c.errorf(CodeMap, el, p, "the default layout names board %q, which the map does not have", name)
		}
		for i := 0; i < 2; i++ {
			if _, err := strconv.Atoi(d.Next()); err != nil {
				c.errorf(CodeMap, el, p, "the default layout's board position is not a whole number")
			}
		}
	}
}
