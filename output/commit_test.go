package output

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

func TestCommitFreshFolder(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "a", "b", "out")
	if w, err := buildA.commit(dir, Options{FS: quick}); err != nil || w != "" {
		t.Fatalf("%v %s", err, w)
	}
	for _, f := range buildA.files {
		if b, err := os.ReadFile(filepath.Join(dir, f.Path)); err != nil || string(b) != string(f.Data) {
			t.Errorf("%s: %q %v", f.Path, b, err)
		}
	}
	checkRecord(t, dir, buildA.owners())
	if l := leftovers(t, filepath.Dir(dir)); len(l) > 0 {
		t.Errorf("left beside the folder: %v", l)
	}
	b := must.ReadFile(t, filepath.Join(dir, RecordName))
	if !strings.HasPrefix(string(b), "{\n  \"format\": 2,\n  \"files\": [\n    {\n      \"path\": \"charts.pdf\",\n      \"output\": \"charts\",\n      \"sha256\": \""+sha([]byte("charts A"))+"\"") {
		t.Errorf("record:\n%s", b)
	}
}

// A rebuild replaces muster's own files, removes the stale ones of the rebuilt outputs and the folders they
// leave empty, keeps the other outputs and the user's files, and does not touch an unchanged file.
func TestCommitRebuild(t *testing.T) {
	dir := setupA(t, t.TempDir())
	unchanged := filepath.Join(dir, "maps", "I.pdf")
	before := must.Stat(t, unchanged)
	if w, err := buildB.commit(dir, Options{FS: quick}); err != nil || w != "" {
		t.Fatalf("%v %s", err, w)
	}
	want := map[string]string{
		".":                "dir",
		RecordName:         "",
		"charts.pdf":       "charts A",
		"counters.pdf":     "counters B",
		"maps":             "dir",
		"maps/I.pdf":       "map I",
		"maps/III.pdf":     "map III",
		"maps/README.txt":  "my maps",
		"notes.txt":        "mine",
		"sheets":           "dir",
		"sheets/extra.pdf": "extra B",
	}
	got := snapshot(t, dir)
	for k, v := range want {
		g, ok := got[filepath.FromSlash(k)]
		if !ok || v != "" && !strings.Contains(g, fmt.Sprintf("%q", v)) && v != "dir" {
			t.Errorf("%s: %q", k, g)
		}
	}
	if len(got) != len(want) {
		t.Errorf("folder holds %d entries, want %d:\n%v", len(got), len(want), got)
	}
	owners := buildB.owners()
	owners["charts.pdf"] = "charts"
	checkRecord(t, dir, owners)
	if after := must.Stat(t, unchanged); !os.SameFile(before, after) {
		t.Error("an unchanged file was replaced")
	}
	// The same build again changes nothing at all.
	s := snapshot(t, dir)
	ffs := newFaultFS()
	if _, err := buildB.commit(dir, Options{FS: ffs}); err != nil {
		t.Fatal(err)
	}
	if d := diffSnapshots(s, snapshot(t, dir)); d != "" {
		t.Error(d)
	}
	for _, op := range ffs.log {
		if strings.HasPrefix(op, "rename") || strings.HasPrefix(op, "create") && !strings.Contains(op, ".lock") {
			t.Errorf("a build of what is there already did %s", op)
		}
	}
}

func TestCommitRefusesFilesMusterDidNotWrite(t *testing.T) {
	cases := map[string]func(dir string){
		"a stranger's file": func(dir string) { writeTree(t, dir, map[string]string{"counters.pdf": "someone else's"}) },
		"an edited file": func(dir string) {
			Commit(dir, []string{"counters"}, []File{{Path: "counters.pdf", Output: "counters", Data: []byte("v1")}}, Options{FS: quick})
			writeTree(t, dir, map[string]string{"counters.pdf": "v1, edited"})
		},
		"a folder": func(dir string) { os.MkdirAll(filepath.Join(dir, "counters.pdf"), 0o755) },
		"a link":   func(dir string) { os.Symlink("notes.txt", filepath.Join(dir, "counters.pdf")) },
		"a file where a folder goes": func(dir string) {
			writeTree(t, dir, map[string]string{"sheets": "my sheets"})
		},
	}
	for name, setup := range cases {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, map[string]string{"notes.txt": "mine"})
			setup(dir)
			before := snapshot(t, dir)
			_, err := buildB.commit(dir, Options{FS: quick})
			var refused *RefusedError
			if !errors.As(err, &refused) || !strings.HasPrefix(err.Error(), "refusing to") {
				t.Fatalf("err = %v", err)
			}
			if d := diffSnapshots(before, snapshot(t, dir)); d != "" {
				t.Errorf("the folder changed:\n%s", d)
			}
			if l := leftovers(t, filepath.Dir(dir)); len(l) > 0 {
				t.Errorf("left beside the folder: %v", l)
			}
		})
	}
}

// A file identical to what the build writes is taken over: replacing it loses nothing.
func TestCommitAdoptsIdenticalFile(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"counters.pdf": "counters B"})
	if w, err := buildB.commit(dir, Options{FS: quick}); err != nil || w != "" {
		t.Fatalf("%v %s", err, w)
	}
	checkRecord(t, dir, buildB.owners())
}

// A stale file that was edited since muster wrote it is left alone, with a warning.
func TestCommitKeepsEditedStaleFile(t *testing.T) {
	dir := setupA(t, t.TempDir())
	writeTree(t, dir, map[string]string{"maps/II.pdf": "map II, annotated"})
	w, err := buildB.commit(dir, Options{FS: quick})
	if err != nil || !strings.Contains(w, "warning[output.kept]") || !strings.Contains(w, "changed since muster wrote it") {
		t.Fatalf("%v\n%s", err, w)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "maps", "II.pdf")); string(b) != "map II, annotated" {
		t.Errorf("the edited file is now %q", b)
	}
	owners := buildB.owners()
	owners["charts.pdf"] = "charts"
	checkRecord(t, dir, owners)
}

// Issue 19.1: a record names files outside the output folder, or through a link out of it; build removes
// nothing outside, and says which entries it ignored.
func TestRecordCannotReachOutside(t *testing.T) {
	victim := "keep\n"
	records := map[string]string{
		"format 1, ../":     `{"outputs":{"charts":["../victim.txt"]}}`,
		"format 1, inside":  `{"outputs":{"charts":["notes.txt"]}}`,
		"format 2, ../":     `{"format":2,"files":[{"path":"../victim.txt","output":"charts","sha256":"` + sha([]byte(victim)) + `"}]}`,
		"format 2, a/../..": `{"format":2,"files":[{"path":"a/../../victim.txt","output":"charts","sha256":"` + sha([]byte(victim)) + `"}]}`,
		"format 2, abs":     `{"format":2,"files":[{"path":"ROOT/victim.txt","output":"charts","sha256":"` + sha([]byte(victim)) + `"}]}`,
		"format 2, link":    `{"format":2,"files":[{"path":"up/victim.txt","output":"charts","sha256":"` + sha([]byte(victim)) + `"}]}`,
		"format 2, bslash":  `{"format":2,"files":[{"path":"..\\victim.txt","output":"charts","sha256":"` + sha([]byte(victim)) + `"}]}`,
		"format 2, nohash":  `{"format":2,"files":[{"path":"notes.txt","output":"charts","sha256":""}]}`,
		"damaged":           `{"outputs":`,
	}
	for name, rec := range records {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "out")
			writeTree(t, root, map[string]string{"victim.txt": victim, "out/notes.txt": victim})
			must.Symlink(t, "..", filepath.Join(dir, "up"))
			rec = strings.ReplaceAll(rec, "ROOT", filepath.ToSlash(root))
			writeTree(t, dir, map[string]string{RecordName: rec})
			w, err := Commit(dir, []string{"charts"}, []File{{Path: "charts.pdf", Output: "charts", Data: []byte("charts")}}, Options{FS: quick})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{filepath.Join(root, "victim.txt"), filepath.Join(dir, "notes.txt")} {
				if b, err := os.ReadFile(f); err != nil || string(b) != victim {
					t.Errorf("%s: %q %v", f, b, err)
				}
			}
			if len(w) == 0 || w[0].Pos.File != filepath.Join(dir, RecordName) {
				t.Errorf("no warning at the record: %v", w)
			}
			checkRecord(t, dir, map[string]string{"charts.pdf": "charts"})
		})
	}
}

// A symbolic link in the output folder never makes a build write outside it (issue 19.11).
func TestCommitRefusesLinkedSubfolder(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	outside := filepath.Join(root, "elsewhere")
	must.Mkdir(t, dir)
	must.Mkdir(t, outside)
	must.Symlink(t, outside, filepath.Join(dir, "maps"))
	before := snapshot(t, root)
	_, err := buildB.commit(dir, Options{FS: quick})
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("err = %v", err)
	}
	if d := diffSnapshots(before, snapshot(t, root)); d != "" {
		t.Errorf("changed:\n%s", d)
	}
}

// A record from an older muster (no hashes) proves nothing: muster replaces only files identical to what it
// writes now, refuses the others with a message that says why, and leaves its stale files alone.
func TestCommitOldRecord(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		RecordName:     `{"outputs":{"counters":["counters.pdf","png/old.png"],"maps":["maps/I.pdf"],"charts":["charts.pdf"]}}`,
		"counters.pdf": "counters B", // identical to what B writes
		"png/old.png":  "old",
		"maps/I.pdf":   "map I, older",
		"charts.pdf":   "charts",
	})
	_, err := buildB.commit(dir, Options{FS: quick})
	if err == nil || !strings.Contains(err.Error(), "older muster") || !strings.Contains(err.Error(), "I.pdf") {
		t.Fatalf("err = %v", err)
	}
	must.Remove(t, filepath.Join(dir, "maps", "I.pdf"))
	w, err := buildB.commit(dir, Options{FS: quick})
	if err != nil || !strings.Contains(w, "png/old.png") || !strings.Contains(w, "charts.pdf") {
		t.Fatalf("%v\n%s", err, w)
	}
	for _, f := range []string{"png/old.png", "charts.pdf"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	checkRecord(t, dir, buildB.owners())
}

func TestCommitRefusesRootEmptyAndPackage(t *testing.T) {
	pkg := t.TempDir()
	for dir, want := range map[string]string{
		"":                           "empty path",
		"/":                          "root of the file system",
		pkg:                          "package folder itself",
		filepath.Join(pkg, ".", "."): "package folder itself",
	} {
		_, err := Commit(dir, nil, nil, Options{Package: pkg})
		var refused *RefusedError
		if !errors.As(err, &refused) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v", dir, err)
		}
	}
	if ents := must.ReadDir(t, pkg); len(ents) > 0 {
		t.Errorf("wrote into the package: %v", ents)
	}
}

func TestCommitRejectsBadFiles(t *testing.T) {
	for _, files := range [][]File{
		{{Path: "../x", Output: "a"}},
		{{Path: "/x", Output: "a"}},
		{{Path: "a\\b", Output: "a"}},
		{{Path: "", Output: "a"}},
		{{Path: RecordName, Output: "a"}},
		{{Path: "x", Output: "b"}},
		{{Path: "x", Output: "a"}, {Path: "x", Output: "a"}},
	} {
		dir := filepath.Join(t.TempDir(), "out")
		if _, err := Commit(dir, []string{"a"}, files, Options{FS: quick}); err == nil {
			t.Errorf("%v: accepted", files)
		}
		if _, err := os.Stat(dir); err == nil {
			t.Errorf("%v: the folder was made", files)
		}
	}
}

// scenario is one commit whose undo paths the failure tests cover: a folder's state before, and the build
// committed over it.
type scenario struct {
	name  string
	setup func(t testing.TB, root string) string // returns the output folder
	build build
}

var scenarios = []scenario{
	{"fresh", func(t testing.TB, root string) string { return filepath.Join(root, "new", "out") }, buildA},
	{"rebuild", setupA, buildB},
}

// expectedAfter is the folder after a clean commit of s.
func expectedAfter(t *testing.T, s scenario) map[string]string {
	root := t.TempDir()
	dir := s.setup(t, root)
	if _, err := s.build.commit(dir, Options{FS: quick}); err != nil {
		t.Fatal(err)
	}
	return snapshot(t, root)
}

// Failure injection: count the operations of a clean commit, then fail each one in turn. After every
// failure the folder is byte for byte what it was; a failure after the commit point leaves the new
// folder. The next clean commit always gives the complete folder and removes every staging folder.
func TestCommitFailsAtEveryStep(t *testing.T) {
	for _, s := range scenarios {
		t.Run(s.name, func(t *testing.T) {
			after := expectedAfter(t, s)
			probe := newFaultFS()
			dir := s.setup(t, t.TempDir())
			if _, err := s.build.commit(dir, Options{FS: probe}); err != nil {
				t.Fatal(err)
			}
			total := probe.count()
			failed := 0
			for n := 1; n <= total; n++ {
				root := t.TempDir()
				dir := s.setup(t, root)
				before := snapshot(t, root)
				ffs := newFaultFS()
				ffs.failAt = n
				_, err := s.build.commit(dir, Options{FS: ffs})
				now := stripStaging(snapshot(t, root)) // a staging folder left beside: the next commit removes it
				switch {
				case err != nil && !errors.Is(err, errInjected):
					t.Fatalf("fail at %d (%s): unexpected error %v", n, ffs.log[n-1], err)
				case err != nil:
					failed++
					if d := diffSnapshots(before, now); d != "" {
						t.Errorf("fail at %d (%s): %v; the folder changed:\n%s", n, ffs.log[n-1], err, d)
					}
				default:
					if d := diffSnapshots(stripStaging(after), now); d != "" {
						t.Errorf("fail at %d (%s): commit reported success, but:\n%s", n, ffs.log[n-1], d)
					}
				}
				if _, err := s.build.commit(dir, Options{FS: quick}); err != nil {
					t.Fatalf("fail at %d: the next commit: %v", n, err)
				}
				if d := diffSnapshots(after, snapshot(t, root)); d != "" {
					t.Errorf("fail at %d (%s): after the next commit:\n%s", n, ffs.log[n-1], d)
				}
			}
			if failed < total/2 {
				t.Errorf("only %d of %d injected failures failed the commit", failed, total)
			}
			t.Logf("%d operations, %d failures reported", total, failed)
		})
	}
}

// stripStaging drops output's hidden files beside the folder from a snapshot of its parent.
func stripStaging(s map[string]string) map[string]string {
	for k := range s {
		for _, part := range strings.Split(k, string(filepath.Separator)) {
			if strings.HasPrefix(part, ".muster-build-") {
				delete(s, k)
				break
			}
		}
	}
	return s
}

// A file system that fails at step n and at every step after it (a disk gone read-only, a full disk) leaves
// the undo to the next run: Recover puts the folder back to exactly before or after, and removes the
// staging folders.
func TestRecoverAfterStickyFailure(t *testing.T) {
	for _, s := range scenarios {
		t.Run(s.name, func(t *testing.T) {
			root := t.TempDir()
			dir := s.setup(t, root)
			if _, err := s.build.commit(dir, Options{FS: quick}); err != nil {
				t.Fatal(err)
			}
			after := snapshot(t, dir)
			probe := newFaultFS()
			if _, err := s.build.commit(s.setup(t, t.TempDir()), Options{FS: probe}); err != nil {
				t.Fatal(err)
			}
			for n := 1; n <= probe.count(); n++ {
				root := t.TempDir()
				dir := s.setup(t, root)
				before := snapshot(t, dir)
				ffs := newFaultFS()
				ffs.failAt, ffs.sticky = n, true
				s.build.commit(dir, Options{FS: ffs})
				if _, err := Recover(dir, Options{FS: quick}); err != nil {
					t.Fatalf("fail from %d: recover: %v", n, err)
				}
				now := snapshot(t, dir)
				if diffSnapshots(before, now) != "" && diffSnapshots(after, now) != "" {
					t.Errorf("fail from %d (%s): after recovery the folder is neither before nor after:\n%s", n, ffs.log[n-1], diffSnapshots(before, now))
				}
				if l := leftovers(t, filepath.Dir(dir)); len(l) > 0 {
					t.Errorf("fail from %d: left %v", n, l)
				}
			}
		})
	}
}

// While one commit runs, a second into the same folder is refused with a clear message and changes nothing.
func TestConcurrentCommitIsRefused(t *testing.T) {
	root := t.TempDir()
	dir := setupA(t, root)
	paused, resume := make(chan struct{}), make(chan struct{})
	ffs := newFaultFS()
	ffs.hook = func(n int, op string) {
		if strings.HasPrefix(op, "mkdir ") && strings.Contains(op, ".muster-build-") && paused != nil {
			close(paused)
			paused = nil
			<-resume
		}
	}
	wait := paused
	done := make(chan error)
	go func() {
		_, err := buildB.commit(dir, Options{FS: ffs})
		done <- err
	}()
	<-wait
	before := snapshot(t, dir)
	_, err := buildA.commit(dir, Options{FS: quick})
	var busy *BusyError
	if !errors.As(err, &busy) || err.Error() != "another build is writing "+dir {
		t.Errorf("second commit: %v", err)
	}
	if d := diffSnapshots(before, snapshot(t, dir)); d != "" {
		t.Errorf("the refused commit changed the folder:\n%s", d)
	}
	close(resume)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	owners := buildB.owners()
	owners["charts.pdf"] = "charts"
	checkRecord(t, dir, owners)
}

// Two builds racing into one folder: each either commits whole or is refused as busy; the folder ends
// consistent with its record and nothing is left beside it.
func TestConcurrentCommitsRace(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "out")
	for round := 0; round < 20; round++ {
		start := make(chan struct{})
		errs := make(chan error, 2)
		for _, b := range []build{buildA, buildB} {
			go func() {
				<-start
				_, err := b.commit(dir, Options{FS: quick})
				errs <- err
			}()
		}
		close(start)
		ok := 0
		for i := 0; i < 2; i++ {
			err := <-errs
			var busy *BusyError
			switch {
			case err == nil:
				ok++
			case !errors.As(err, &busy):
				t.Fatalf("round %d: %v", round, err)
			}
		}
		if ok == 0 {
			t.Fatalf("round %d: both refused", round)
		}
		rec, w, err := ReadRecord(nil, dir)
		if err != nil || len(w) > 0 {
			t.Fatal(err, w)
		}
		for _, e := range rec.Files {
			b, err := os.ReadFile(filepath.Join(dir, e.Path))
			if err != nil || sha(b) != e.SHA256 {
				t.Fatalf("round %d: %s does not match the record: %v", round, e.Path, err)
			}
		}
		if l := leftovers(t, root); len(l) > 0 {
			t.Fatalf("round %d: left %v", round, l)
		}
	}
}

func BenchmarkCommit300(b *testing.B) {
	var files []File
	size := 0
	for i := 0; i < 300; i++ {
		data := make([]byte, 20<<10)
		for k := range data {
			data[k] = byte(i + k)
		}
		size += len(data)
		files = append(files, File{Path: fmt.Sprintf("png/counters/c%03d-front.png", i), Output: "counters", Data: data})
	}
	changed := make([]File, len(files))
	for i, f := range files {
		changed[i] = File{Path: f.Path, Output: f.Output, Data: append([]byte{1}, f.Data...)}
	}
	b.Run("fresh", func(b *testing.B) {
		b.SetBytes(int64(size))
		for i := 0; i < b.N; i++ {
			dir := filepath.Join(b.TempDir(), "out")
			if _, err := Commit(dir, []string{"counters"}, files, Options{}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(files)*b.N)/b.Elapsed().Seconds(), "files/s")
	})
	b.Run("replace", func(b *testing.B) {
		dir := filepath.Join(b.TempDir(), "out")
		if _, err := Commit(dir, []string{"counters"}, files, Options{}); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(size))
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			set := files
			if i%2 == 0 {
				set = changed
			}
			if _, err := Commit(dir, []string{"counters"}, set, Options{}); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(files)*b.N)/b.Elapsed().Seconds(), "files/s")
	})
	b.Run("unchanged", func(b *testing.B) {
		dir := filepath.Join(b.TempDir(), "out")
		if _, err := Commit(dir, []string{"counters"}, files, Options{}); err != nil {
			b.Fatal(err)
		}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := Commit(dir, []string{"counters"}, files, Options{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// Every file is synced before it is renamed into place, the journal is durable before the first move, and
// the output folder is synced before the commit point (the journal's removal).
func TestSyncBeforeRename(t *testing.T) {
	root := t.TempDir()
	dir := setupA(t, root)
	ffs := newFaultFS()
	if _, err := buildB.commit(dir, Options{FS: ffs}); err != nil {
		t.Fatal(err)
	}
	at := func(op string) int { // the index of the first operation op, or -1
		for i, o := range ffs.log {
			if o == op {
				return i
			}
		}
		return -1
	}
	var stage string
	firstMove, moves := -1, 0
	for i, op := range ffs.log {
		f := strings.Fields(op)
		if f[0] != "rename" {
			continue
		}
		if strings.HasSuffix(f[1], journalTemp) {
			stage = filepath.Dir(f[1])
			if s := at("sync " + f[1]); s < 0 || s > i {
				t.Errorf("journal renamed before it was synced")
			}
			if s := at("syncdir " + stage); s < i {
				t.Errorf("the staging folder was not synced after the journal was renamed into it")
			}
			continue
		}
		if firstMove < 0 {
			firstMove = i
		}
		moves++
		if strings.HasPrefix(f[1], filepath.Join(stage, "new")+string(filepath.Separator)) {
			if s := at("sync " + f[1]); s < 0 || s > i {
				t.Errorf("%s: the file was not synced before it was moved in", op)
			}
		}
	}
	if stage == "" || moves < 8 || at("syncdir "+stage) > firstMove {
		t.Fatalf("%d moves; journal durable at %d, first move at %d:\n%s", moves, at("syncdir "+stage), firstMove, strings.Join(ffs.log, "\n"))
	}
	commit := at("remove " + filepath.Join(stage, journalName))
	real, _ := filepath.EvalSymlinks(dir)
	if s := at("syncdir " + real); commit < 0 || s < 0 || s > commit {
		t.Errorf("the output folder synced at %d, the commit point at %d", s, commit)
	}

	ffs = newFaultFS()
	name := filepath.Join(t.TempDir(), "s.yaml")
	if err := WriteFile(name, sealedV1, FileOptions{FS: ffs}); err != nil {
		t.Fatal(err)
	}
	log := strings.Join(ffs.log, "\n")
	if !regexpMatch(`(?s)\nsync (\S+\.muster-write-s\.yaml-\d+)\n.*\nrename (\S+\.muster-write-s\.yaml-\d+) \S+/s\.yaml\n`, log) {
		t.Errorf("single file not synced before rename:\n%s", log)
	}
}
