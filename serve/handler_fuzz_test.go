package serve

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/fuzzbound"
)

// FuzzHandler sends the preview anything a browser or a hostile page could: any method, Host, path and
// If-None-Match. Nothing panics; a Host other than the loopback interface is refused; what is served is the
// page, the version, the event stream or a picture the preview drew (a PNG), never a file from disk (the
// package's YAML, or a secret beside it); and every answer but a refusal says nosniff.
func FuzzHandler(f *testing.F) {
	dir := copyTree(f, thg)
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "secret.yaml"), []byte("kind: Secret # top-secret-content"), 0o644); err != nil {
		f.Fatal(err)
	}
	s := New(dir, Options{})
	snap := s.Reload()
	if len(snap.Images) == 0 {
		f.Fatal("nothing drawn")
	}
	h := s.Handler()
	for _, c := range [][4]string{
		{"GET", "127.0.0.1:8420", "/", ""}, {"GET", "localhost", "/snapshot", ""}, {"GET", "[::1]:1", "/events", ""},
		{"GET", "127.0.0.1", "/img/" + snap.Images[0].Name, `"` + snap.Images[0].Key + `"`}, {"GET", "evil.example", "/snapshot", ""},
		{"POST", "127.0.0.1", "/snapshot", ""}, {"GET", "127.0.0.1", "/img/../muster.yaml", ""}, {"GET", "127.0.0.1", "/img/%2e%2e/%2e%2e/secret.yaml", ""},
		{"GET", "127.0.0.1", "//etc/passwd", ""}, {"HEAD", "LOCALHOST:80", "/img//" + snap.Images[0].Name, ""},
	} {
		f.Add(c[0], c[1], c[2], c[3])
	}
	f.Fuzz(func(t *testing.T, method, host, target, etag string) {
		u, err := url.ParseRequestURI(target)
		if err != nil || !validMethod(method) {
			return
		}
		fuzzbound.Run(t, func() error {
			ctx, cancel := context.WithCancel(context.Background())
			cancel() // the event stream ends with its request
			r := (&http.Request{Method: method, URL: u, RequestURI: target, Host: host, Header: http.Header{}, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}).WithContext(ctx)
			if etag != "" {
				r.Header.Set("If-None-Match", etag)
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			body := w.Body.Bytes()
			if bytes.Contains(body, []byte("top-secret-content")) || bytes.Contains(body, []byte("kind: ")) {
				return fmt.Errorf("%s %s (Host %q) served a file from disk: %.80q", method, target, host, body)
			}
			if w.Code == http.StatusForbidden {
				return nil
			}
			if !loopbackHost(host) {
				return fmt.Errorf("%s %s answered %d to Host %q", method, target, w.Code, host)
			}
			if w.Header().Get("X-Content-Type-Options") != "nosniff" {
				return fmt.Errorf("%s %s: %d without nosniff", method, target, w.Code)
			}
			if w.Code == http.StatusOK && strings.HasPrefix(u.Path, "/img/") && !bytes.HasPrefix(body, []byte("\x89PNG")) && method != "HEAD" {
				return fmt.Errorf("%s %s: a picture that is no PNG: %.40q", method, target, body)
			}
			if w.Code == http.StatusOK && !(u.Path == "/" || u.Path == "/snapshot" || u.Path == "/events" || strings.HasPrefix(u.Path, "/img/")) {
				return fmt.Errorf("%s %s: %d", method, target, w.Code)
			}
			return nil
		})
	})
}

// validMethod reports whether m is an HTTP method token, as net/http's server would take it.
func validMethod(m string) bool {
	if m == "" {
		return false
	}
	for _, c := range m {
		if c <= ' ' || c >= 0x7f || strings.ContainsRune(`()<>@,;:\"/[]?={}`, c) {
			return false
		}
	}
	return true
}
