package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Notices are the licence files that go into t's archive: LICENSES.txt with the licence of every module
// linked into muster for t (the Go standard library's included) and FONTS.txt with the licence of the Go fonts
// muster embeds and prints with. A linked module without a licence file is an error: it could not be shipped.
func Notices(dir string, t Target) ([]File, error) {
	mods, err := linkedModules(dir, t)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("muster links the following modules into its binary; each one's licence follows.\n")
	goroot, err := goEnv(dir, "GOROOT")
	if err != nil {
		return nil, err
	}
	goVersion, err := goEnv(dir, "GOVERSION")
	if err != nil {
		return nil, err
	}
	if err := section(&b, "Go standard library "+goVersion, goroot); err != nil {
		return nil, err
	}
	var fonts []byte
	for _, m := range mods {
		if err := section(&b, m.Path+" "+m.Version, m.Dir); err != nil {
			return nil, err
		}
		if m.Path == "golang.org/x/image" && m.fonts {
			if fonts, err = os.ReadFile(filepath.Join(m.Dir, "font", "gofont", "ttfs", "README")); err != nil {
				return nil, fmt.Errorf("the Go fonts' licence: %v", err)
			}
		}
	}
	if fonts == nil {
		return nil, fmt.Errorf("muster for %s links no Go font: where does its default font come from?", t)
	}
	return []File{
		{Name: "LICENSES.txt", Data: b.Bytes(), Mode: 0o644},
		{Name: "FONTS.txt", Data: append([]byte("muster prints with the Go fonts it embeds (golang.org/x/image/font/gofont), under this licence:\n\n"), fonts...), Mode: 0o644},
	}, nil
}

type linked struct {
	Path, Version, Dir string
	fonts              bool // a Go font package of the module is linked
}

// linkedModules are the modules whose packages go into muster for t, muster's own left out, by path.
func linkedModules(dir string, t Target) ([]linked, error) {
	cmd := exec.Command("go", "list", "-deps", "-f", `{{with .Module}}{{if not .Main}}{{.Path}}	{{.Version}}	{{with .Replace}}{{.Dir}}{{else}}{{.Dir}}{{end}}{{end}}{{end}}	{{.ImportPath}}`, "./cmd/muster")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.OS, "GOARCH="+t.Arch, "GOFLAGS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list for %s: %v\n%s", t, err, stderr.String())
	}
	byPath := map[string]*linked{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 || f[0] == "" {
			continue
		}
		m := byPath[f[0]]
		if m == nil {
			m = &linked{Path: f[0], Version: f[1], Dir: f[2]}
			byPath[f[0]] = m
		}
		if strings.HasPrefix(f[3], "golang.org/x/image/font/gofont/") {
			m.fonts = true
		}
	}
	var mods []linked
	for _, m := range byPath {
		mods = append(mods, *m)
	}
	sort.Slice(mods, func(i, j int) bool { return mods[i].Path < mods[j].Path })
	return mods, nil
}

// section appends a module's licence files (LICENSE*, LICENCE*, COPYING*, NOTICE*, and those in a licenses
// folder) under a heading.
func section(b *bytes.Buffer, heading, dir string) error {
	files, err := licenceFiles(dir)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("%s has no licence file in %s", heading, dir)
	}
	fmt.Fprintf(b, "\n%s\n%s\n", strings.Repeat("=", 78), heading)
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "\n--- %s\n\n%s", filepath.ToSlash(f), data)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			b.WriteByte('\n')
		}
	}
	return nil
}

func licenceFiles(dir string) ([]string, error) {
	isLicence := func(name string) bool {
		n := strings.ToUpper(name)
		for _, p := range []string{"LICENSE", "LICENCE", "COPYING", "NOTICE", "PATENTS"} {
			if strings.HasPrefix(n, p) {
				return true
			}
		}
		return false
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		switch {
		case !e.IsDir() && isLicence(e.Name()):
			out = append(out, e.Name())
		case e.IsDir() && (strings.EqualFold(e.Name(), "licenses") || strings.EqualFold(e.Name(), "licences")):
			sub, err := os.ReadDir(filepath.Join(dir, e.Name()))
			if err != nil {
				return nil, err
			}
			for _, s := range sub {
				if !s.IsDir() {
					out = append(out, filepath.Join(e.Name(), s.Name()))
				}
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

func goEnv(dir, name string) (string, error) {
	out, err := run(dir, "go", "env", name)
	return strings.TrimSpace(out), err
}
