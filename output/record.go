package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
)

// RecordName is the file in an output folder that lists what muster wrote there.
const RecordName = ".muster-build.json"

// RecordFormat is the version of the record this muster writes. Format 1 (no "format" key) was
// {"outputs": {name: [paths]}}, without hashes.
const RecordFormat = 2

// maxRecord bounds the record muster reads: a real one lists a few thousand files.
const maxRecord = 16 << 20

// Record lists the files muster wrote in an output folder, each with the output that made it and the SHA-256
// of the bytes written, so that a later build replaces or removes a file only while it is unchanged.
//
// The record is a claim, and a claim proves nothing by itself: it may have been committed to a repository,
// shipped in a zip or edited. So an entry counts only where the file's bytes hash to the entry's SHA-256. A
// record of format 1 (written before muster kept hashes) proves nothing at all: muster replaces a file it
// lists only when the file is byte-identical to what the build writes now (which loses nothing), refuses
// the others with a message naming the old record, leaves the stale files it lists alone with a warning, and
// writes a format-2 record that no longer lists what it could not prove.
type Record struct {
	Format int     `json:"format"`
	Files  []Entry `json:"files"` // sorted by path
}

// Entry is one file of a Record.
type Entry struct {
	Path   string `json:"path"`   // relative to the folder, forward slashes
	Output string `json:"output"` // counters, maps, ...
	SHA256 string `json:"sha256"` // lowercase hex; empty for an entry of a format-1 record, which proves nothing
}

// Encode writes the record as indented JSON, entries sorted by path, so that it diffs well under version
// control.
func (r Record) Encode() []byte {
	r.Format = RecordFormat
	r.Files = append([]Entry(nil), r.Files...)
	sort.Slice(r.Files, func(i, j int) bool { return r.Files[i].Path < r.Files[j].Path })
	if r.Files == nil {
		r.Files = []Entry{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	_ = enc.Encode(r) // strings and ints only: cannot fail
	return b.Bytes()
}

// ParseRecord reads a record. Every entry must be a clean relative path inside the folder (see File), with an
// output name and, in the current format, a SHA-256; an entry that is not, and a record muster cannot read at
// all, is left out with a warning at file (the record's name as shown to the user). legacy is true for a
// format-1 record: its entries carry no hash. Symbolic links on the way to an entry are checked where the
// entry is used.
func ParseRecord(data []byte, file string) (entries []Entry, legacy bool, warnings diag.List) {
	warn := func(ptr, format string, args ...any) {
		warnings.Add(diag.Diagnostic{
			Severity: diag.Warning, Code: "output.record", Message: fmt.Sprintf(format, args...),
			Pos:  diag.Pos{File: file, Path: ptr},
			Hint: "muster leaves the files this entry names alone; remove the entry (or the record, with muster's old outputs) to silence this",
		})
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil || top == nil {
		warnings.Add(diag.Diagnostic{Severity: diag.Warning, Code: "output.record", Pos: diag.Pos{File: file},
			Message: "ignored the record of what muster wrote here: it is not a JSON object muster can read",
			Hint:    "muster replaces only files it can prove are its own (identical to what it writes now); remove the record to silence this"})
		return nil, false, warnings
	}
	seen := map[string]bool{}
	add := func(ptr string, e Entry) {
		switch {
		case !cleanRel(e.Path) || e.Path == RecordName:
			warn(ptr, "ignored the record entry %q: not a clean relative path inside the output folder", e.Path)
		case e.Output == "":
			warn(ptr, "ignored the record entry for %s: it names no output", e.Path)
		case !legacy && !isSHA256(e.SHA256):
			warn(ptr, "ignored the record entry for %s: %q is not a SHA-256 in lowercase hex", e.Path, e.SHA256)
		case seen[e.Path]:
			warn(ptr, "ignored the record entry for %s: the record lists it twice", e.Path)
		default:
			seen[e.Path] = true
			entries = append(entries, e)
		}
	}
	if raw, ok := top["format"]; ok {
		var format int
		if err := json.Unmarshal(raw, &format); err != nil || format != RecordFormat {
			warn("/format", "ignored the record of what muster wrote here: format %s is not one this muster reads (written by a newer muster?)", raw)
			return nil, false, warnings
		}
		var files []json.RawMessage
		if err := json.Unmarshal(top["files"], &files); err != nil {
			warn("/files", "ignored the record of what muster wrote here: \"files\" is not a list")
			return nil, false, warnings
		}
		for i, raw := range files {
			ptr := "/files/" + strconv.Itoa(i)
			var e Entry
			if err := json.Unmarshal(raw, &e); err != nil {
				warn(ptr, "ignored a record entry: it is not {path, output, sha256} with text values")
				continue
			}
			add(ptr, e)
		}
		return entries, false, warnings
	}
	raw, ok := top["outputs"]
	var outputs map[string][]string
	if !ok || json.Unmarshal(raw, &outputs) != nil {
		warn("", "ignored the record of what muster wrote here: it lists no files in a form muster knows")
		return nil, false, warnings
	}
	legacy = true
	names := make([]string, 0, len(outputs))
	for name := range outputs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for i, p := range outputs[name] {
			add("/outputs/"+pointerEscape(name)+"/"+strconv.Itoa(i), Entry{Path: p, Output: name})
		}
	}
	return entries, true, warnings
}

func pointerEscape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// ReadRecord reads the record in an output folder (the OS file system when fsys is nil). A folder without
// one has an empty record.
func ReadRecord(fsys FS, dir string) (Record, diag.List, error) {
	if fsys == nil {
		fsys = OS
	}
	entries, _, warnings, err := readRecord(fsys, dir, filepath.Join(dir, RecordName))
	return Record{Format: RecordFormat, Files: entries}, warnings, err
}

func readRecord(fsys FS, dir, show string) (entries []Entry, legacy bool, warnings diag.List, err error) {
	name := filepath.Join(dir, RecordName)
	st, err := fsys.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil, nil
	}
	if err != nil {
		return nil, false, nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, false, nil, refusef(show, "refusing to build here: %s is not a record muster wrote (it is not a regular file); move it away", show)
	}
	if st.Size() > maxRecord {
		warnings.Add(diag.Diagnostic{Severity: diag.Warning, Code: "output.record", Pos: diag.Pos{File: show},
			Message: fmt.Sprintf("ignored the record of what muster wrote here: %d bytes is more than a record holds", st.Size())})
		return nil, false, warnings, nil
	}
	data, err := readLimited(fsys, name, maxRecord)
	if err != nil {
		return nil, false, nil, err
	}
	entries, legacy, warnings = ParseRecord(data, show)
	return entries, legacy, warnings, nil
}
