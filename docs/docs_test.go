// Package docs_test keeps the pages under docs/ true: it draws their pictures with muster's own drawing,
// generates the pages that can be generated, and checks what the hand-written ones say against the code.
// After a change to what muster draws or says, MUSTER_UPDATE_DOCS=1 go test ./docs/ rewrites the pictures
// and the generated pages.
package docs_test

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pixelcheck"
)

// update reports whether the test rewrites the docs instead of comparing them.
func update() bool { return os.Getenv("MUSTER_UPDATE_DOCS") == "1" }

// readDoc reads a page of docs/.
func readDoc(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// keepGenerated compares a generated file with the one in the repository, or writes it with
// MUSTER_UPDATE_DOCS=1.
func keepGenerated(t *testing.T, name string, got []byte) {
	t.Helper()
	if update() {
		if err := os.WriteFile(name, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	saved, err := os.ReadFile(name)
	if err != nil || !bytes.Equal(saved, got) {
		t.Errorf("docs/%s is not what the generator writes now (%v): MUSTER_UPDATE_DOCS=1 go test ./docs/", name, err)
	}
}

// keepPicture compares a picture with the one in the repository (equal, or within what floating point on
// another processor may change: at most 1 pixel in 1,000 differing by more than 24 in a channel), or writes it
// with MUSTER_UPDATE_DOCS=1.
func keepPicture(t *testing.T, name string, got []byte) {
	t.Helper()
	if update() {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	saved, err := os.ReadFile(name)
	if err != nil {
		t.Errorf("docs/%s: %v (draw it with MUSTER_UPDATE_DOCS=1 go test ./docs/)", name, err)
		return
	}
	if why := pixelcheck.Same(got, saved); why != "" {
		t.Errorf("docs/%s is not what muster draws now (%s): MUSTER_UPDATE_DOCS=1 go test ./docs/", name, why)
	}
}

// fence is a fenced block of a page with the HTML comment right before it (its role), and its line.
type fence struct {
	line    int
	lang    string
	comment string
	text    string
}

var commentLine = regexp.MustCompile(`^<!-- (.*) -->$`)

// fences lists a page's fenced blocks.
func fences(md string) []fence {
	var out []fence
	lines := strings.Split(md, "\n")
	comment := ""
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if m := commentLine.FindStringSubmatch(l); m != nil {
			comment = m[1]
			continue
		}
		if !strings.HasPrefix(l, "```") {
			if strings.TrimSpace(l) != "" {
				comment = ""
			}
			continue
		}
		f := fence{line: i + 1, lang: strings.TrimSpace(strings.TrimPrefix(l, "```")), comment: comment}
		var body []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			body = append(body, lines[i])
		}
		f.text = strings.Join(body, "\n") + "\n"
		out = append(out, f)
		comment = ""
	}
	return out
}

// comments lists a page's HTML comments that begin with a word ("check:"), with their lines.
func comments(md, word string) map[int]string {
	out := map[int]string{}
	for i, l := range strings.Split(md, "\n") {
		if m := commentLine.FindStringSubmatch(l); m != nil && strings.HasPrefix(m[1], word+" ") {
			out[i+1] = strings.TrimPrefix(m[1], word+" ")
		}
	}
	return out
}

// writeFiles writes files under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
