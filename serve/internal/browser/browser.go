// Package browser drives a headless Chromium through the DevTools protocol, so tests can load muster's pages
// as a person would (navigate, run a script on the page, take a screenshot). It speaks the few protocol
// methods those need over its own small WebSocket client, instead of a CDP library and its generated
// protocol bindings.
package browser

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Flags are the command line every browser starts with: headless, no sandbox (tests may run as root), no GPU,
// and none of the background traffic a browser makes on its own.
var Flags = []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
	"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
	"--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1", "--window-size=1280,1600"}

// Find is the path of a Chromium on this machine, or an error saying none was found.
func Find() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", errors.New("no Chromium on this machine (Debian's chromium package; .ci/run installs it)")
}

// Browser is a running headless Chromium with one page under control.
type Browser struct {
	cmd     *exec.Cmd
	profile string
	ws      *wsConn

	mu      sync.Mutex
	nextID  int
	waiting map[int]chan response
	done    chan struct{}
	readErr error
}

type response struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Start runs the browser at path with a fresh profile folder, and connects to its first page.
func Start(ctx context.Context, path string) (*Browser, error) {
	profile, err := os.MkdirTemp("", "muster-chromium-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, append(append([]string{}, Flags...), "--user-data-dir="+profile, "about:blank")...)
	setGroup(cmd)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, err
	}
	b := &Browser{cmd: cmd, profile: profile, waiting: map[int]chan response{}, done: make(chan struct{})}
	fail := func(err error) (*Browser, error) {
		b.Close()
		return nil, fmt.Errorf("%w\n%s", err, lastLines(stderr.String(), 10))
	}
	port, err := waitForPort(ctx, filepath.Join(profile, "DevToolsActivePort"))
	if err != nil {
		return fail(err)
	}
	wsURL, err := pageTarget(ctx, port)
	if err != nil {
		return fail(err)
	}
	if b.ws, err = dialWS(wsURL, 10*time.Second); err != nil {
		return fail(err)
	}
	go b.read()
	return b, nil
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// waitForPort reads the port the browser writes into its profile once it listens.
func waitForPort(ctx context.Context, file string) (string, error) {
	for {
		if b, err := os.ReadFile(file); err == nil {
			if port, _, ok := strings.Cut(string(b), "\n"); ok && port != "" {
				return port, nil
			}
		}
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("the browser did not open its DevTools port: %w", ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// pageTarget is the WebSocket address of the browser's first page.
func pageTarget(ctx context.Context, port string) (string, error) {
	for {
		req, _ := http.NewRequestWithContext(ctx, "GET", "http://127.0.0.1:"+port+"/json/list", nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			var targets []struct {
				Type string `json:"type"`
				WS   string `json:"webSocketDebuggerUrl"`
			}
			err = json.NewDecoder(resp.Body).Decode(&targets)
			resp.Body.Close()
			for _, t := range targets {
				if t.Type == "page" && t.WS != "" {
					return t.WS, nil
				}
			}
		}
		select {
		case <-ctx.Done():
			return "", fmt.Errorf("the browser has no page to drive (%v): %w", err, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// read dispatches the browser's answers to their calls; events are not needed and dropped.
func (b *Browser) read() {
	defer close(b.done)
	for {
		msg, err := b.ws.readMessage()
		if err != nil {
			b.mu.Lock()
			b.readErr = err
			b.mu.Unlock()
			return
		}
		var m struct {
			ID *int `json:"id"`
			response
		}
		if json.Unmarshal(msg, &m) != nil || m.ID == nil {
			continue
		}
		b.mu.Lock()
		ch := b.waiting[*m.ID]
		delete(b.waiting, *m.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- m.response
		}
	}
}

// Call sends one DevTools method with its parameters and returns its result.
func (b *Browser) Call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	b.mu.Lock()
	b.nextID++
	id := b.nextID
	ch := make(chan response, 1)
	b.waiting[id] = ch
	b.mu.Unlock()
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	if err := b.ws.writeText(msg); err != nil {
		return nil, err
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		return r.Result, nil
	case <-b.done:
		return nil, fmt.Errorf("%s: the browser went away: %v", method, b.readErr)
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.waiting, id)
		b.mu.Unlock()
		return nil, fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// Navigate loads a page.
func (b *Browser) Navigate(ctx context.Context, url string) error {
	_, err := b.Call(ctx, "Page.navigate", map[string]any{"url": url})
	return err
}

// Eval runs a JavaScript expression on the page (awaiting a promise) and decodes its value into out.
func (b *Browser) Eval(ctx context.Context, expr string, out any) error {
	res, err := b.Call(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true, "awaitPromise": true})
	if err != nil {
		return err
	}
	var r struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		Exception *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		return err
	}
	if r.Exception != nil {
		return fmt.Errorf("script failed: %s %s", r.Exception.Text, r.Exception.Exception.Description)
	}
	if out == nil || len(r.Result.Value) == 0 {
		return nil
	}
	return json.Unmarshal(r.Result.Value, out)
}

// Screenshot is a PNG of the whole page.
func (b *Browser) Screenshot(ctx context.Context) ([]byte, error) {
	res, err := b.Call(ctx, "Page.captureScreenshot", map[string]any{"format": "png", "captureBeyondViewport": true})
	if err != nil {
		return nil, err
	}
	var r struct {
		Data string `json:"data"`
	}
	if err := json.Unmarshal(res, &r); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(r.Data)
}

// Close ends the browser (and the processes it started) and removes its profile.
func (b *Browser) Close() error {
	if b.ws != nil {
		_ = b.ws.close()
	}
	if b.cmd.Process != nil {
		killGroup(b.cmd)
		_ = b.cmd.Wait()
	}
	return os.RemoveAll(b.profile)
}
