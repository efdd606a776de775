// Package check reads a VASSAL module (.vmod) and reports what VASSAL 3.7 would trip over: missing entries,
// unknown or misplaced components, missing images, piece definitions that do not read back, set-up stacks on
// cells the grid does not have. It checks muster's modules and modules from anywhere, so it reads every zip
// as hostile: within fixed limits, in memory, extracting nothing.
package check

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
)

// Limits bound the work and memory of a check.
type Limits struct {
	Entries  int   // zip entries
	Entry    int64 // bytes of one entry once inflated (buildFile.xml, moduledata); images are only peeked at
	Total    int64 // bytes inflated in all
	Elements int   // buildFile elements
}

// DefaultLimits fit real modules (the largest buildFiles are some megabytes).
var DefaultLimits = Limits{Entries: 100_000, Entry: 64 << 20, Total: 256 << 20, Elements: 500_000}

// Codes of the diagnostics.
const (
	CodeZip     = "vmod.zip"     // the file is not a readable zip, or breaks a limit
	CodeEntry   = "vmod.entry"   // an entry's name or size is unsafe
	CodeMissing = "vmod.missing" // buildFile.xml or moduledata is missing or unreadable
	CodeVersion = "vmod.version" // VassalVersion missing, old or inconsistent
	CodeClass   = "vmod.class"   // an unknown class, or one not allowed where it is
	CodeAttr    = "vmod.attr"    // an attribute VASSAL cannot read
	CodeImage   = "vmod.image"   // a referenced image or file is missing or unreadable
	CodeGPID    = "vmod.gpid"    // piece slot ids not unique or not below nextPieceSlotId
	CodePiece   = "vmod.piece"   // a piece definition that does not read back, or names unknown traits
	CodeGrid    = "vmod.grid"    // a grid or location that does not resolve
	CodeMap     = "vmod.map"     // a map without what play needs
)

// Result is what a check found: the diagnostics (errors and warnings), and some counts for reports.
type Result struct {
	Diags    diag.List
	Elements int
	Pieces   int
	Images   int
}

// File checks a module in r (size bytes) named name (for the diagnostics' file).
func File(r io.ReaderAt, size int64, name string, lim Limits) Result {
	c := &checker{name: name, lim: lim, images: map[string]*zip.File{}, files: map[string]*zip.File{}}
	c.run(r, size)
	c.res.Diags.Sort()
	return c.res
}

// Bytes checks a module held in memory.
func Bytes(data []byte, name string) Result {
	return File(bytes.NewReader(data), int64(len(data)), name, DefaultLimits)
}

type checker struct {
	name   string
	lim    Limits
	res    Result
	files  map[string]*zip.File // by name
	images map[string]*zip.File // under images/, by name without the folder
	total  int64
	root   *buildfile.Element

	protos     map[string]bool
	maps       map[string]*mapInfo
	nextGPID   int
	hasNext    bool
	gpids      map[string]string // gpid -> path of its first slot
	imageSizes map[string][2]int
}

// errorf reports an error about an element (el may be nil for the module as a whole).
func (c *checker) errorf(code string, el *buildfile.Element, path, format string, args ...any) {
	c.add(diag.Error, code, el, path, format, args...)
}

func (c *checker) warnf(code string, el *buildfile.Element, path, format string, args ...any) {
	c.add(diag.Warning, code, el, path, format, args...)
}

func (c *checker) add(sev diag.Severity, code string, el *buildfile.Element, p, format string, args ...any) {
	pos := diag.Pos{File: c.name}
	msg := fmt.Sprintf(format, args...)
	if el != nil || p != "" {
		pos.File = c.name + "/buildFile.xml"
		pos.Path = p
		if el != nil {
			pos.Line, pos.Col = el.Line, el.Col
		}
		msg = p + ": " + msg
	}
	c.res.Diags.Add(diag.Diagnostic{Severity: sev, Code: code, Pos: pos, Message: msg})
}

func (c *checker) run(r io.ReaderAt, size int64) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		c.errorf(CodeZip, nil, "", "not a readable zip: %v", err)
		return
	}
	if len(zr.File) > c.lim.Entries {
		c.errorf(CodeZip, nil, "", "the zip has %d entries, more than the %d a check reads", len(zr.File), c.lim.Entries)
		return
	}
	for _, f := range zr.File {
		if msg := unsafeName(f.Name); msg != "" {
			c.errorf(CodeEntry, nil, "", "entry %q: %s", printable(f.Name), msg)
			continue
		}
		if _, dup := c.files[f.Name]; dup {
			c.errorf(CodeEntry, nil, "", "entry %s appears twice", f.Name)
			continue
		}
		c.files[f.Name] = f
		if img, ok := strings.CutPrefix(f.Name, "images/"); ok && img != "" && !strings.HasSuffix(img, "/") {
			c.images[img] = f
		}
	}
	md, mdOK := c.read("moduledata")
	bf, bfOK := c.read("buildFile.xml")
	if !bfOK {
		if _, old := c.files["buildFile"]; old {
			c.errorf(CodeMissing, nil, "", "the module has buildFile but no buildFile.xml: VASSAL 3.5 and later read buildFile.xml")
		} else if c.files["buildFile.xml"] == nil {
			c.errorf(CodeMissing, nil, "", "the module has no buildFile.xml")
		}
		return
	}
	mdVersion := ""
	if !mdOK {
		if c.files["moduledata"] == nil {
			c.errorf(CodeMissing, nil, "", "the module has no moduledata (VASSAL reads the module's name and version from it)")
		}
	} else {
		mdVersion = c.moduleData(md)
	}
	lim := buildfile.DefaultLimits
	lim.Bytes, lim.Elements = c.lim.Entry, c.lim.Elements
	root, err := buildfile.Parse(bytes.NewReader(bf), lim)
	if err != nil {
		var pe *buildfile.ParseError
		pos := diag.Pos{File: c.name + "/buildFile.xml"}
		if errors.As(err, &pe) {
			pos.Line, pos.Col = pe.Line, pe.Col
		}
		c.res.Diags.Add(diag.Diagnostic{Severity: diag.Error, Code: CodeMissing, Pos: pos, Message: "buildFile.xml is not well-formed: " + err.Error()})
		return
	}
	c.root = root
	c.module(root, mdVersion)
}

// read inflates an entry needed whole, within the limits. It reports a missing or oversized entry.
func (c *checker) read(name string) ([]byte, bool) {
	f, ok := c.files[name]
	if !ok {
		return nil, false
	}
	if f.UncompressedSize64 > uint64(c.lim.Entry) {
		c.errorf(CodeZip, nil, "", "entry %s declares %d bytes, more than the %d a check reads", name, f.UncompressedSize64, c.lim.Entry)
		return nil, false
	}
	if f.Method != zip.Store && f.Method != zip.Deflate {
		c.errorf(CodeZip, nil, "", "entry %s is compressed with method %d; VASSAL reads stored and deflated entries", name, f.Method)
		return nil, false
	}
	rc, err := f.Open()
	if err != nil {
		c.errorf(CodeZip, nil, "", "entry %s: %v", name, err)
		return nil, false
	}
	defer rc.Close()
	budget := min(c.lim.Entry, c.lim.Total-c.total)
	data, err := io.ReadAll(io.LimitReader(rc, budget+1))
	c.total += int64(len(data))
	if int64(len(data)) > budget {
		c.errorf(CodeZip, nil, "", "entry %s inflates to more than %d bytes (declared %d): a zip bomb, or a module too large to check", name, budget, f.UncompressedSize64)
		return nil, false
	}
	if err != nil {
		c.errorf(CodeZip, nil, "", "entry %s is damaged, or inflates to more than the %d bytes it declares: %v", name, f.UncompressedSize64, err)
		return nil, false
	}
	return data, true
}

// unsafeName says why an entry name could write outside a folder it were extracted to ("" when it is
// safe). Nothing is extracted; such a module is still refused.
func unsafeName(n string) string {
	switch {
	case n == "":
		return "an empty name"
	case !utf8.ValidString(n):
		return "a name that is not UTF-8"
	case strings.ContainsRune(n, 0):
		return "a name with a NUL character"
	case strings.Contains(n, `\`):
		return "a name with a backslash"
	case strings.HasPrefix(n, "/"):
		return "an absolute path"
	case len(n) >= 2 && n[1] == ':':
		return "a drive letter"
	}
	for _, part := range strings.Split(n, "/") {
		if part == ".." {
			return "a path that climbs out of the module (..)"
		}
	}
	if path.Clean(n) != strings.TrimSuffix(n, "/") {
		return "a path that is not clean"
	}
	return ""
}

func printable(s string) string {
	if len(s) > 80 {
		s = s[:80] + "..."
	}
	return strings.ToValidUTF8(s, "?")
}
