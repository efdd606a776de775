package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/serve/internal/browser"
)

// pictureJS is the state of one picture on the page: its address and a checksum of its decoded pixels (drawn
// on a canvas), so the test sees the picture itself change, not just its address.
const pictureJS = `(async () => {
  const img = document.querySelector('img[data-name="%s"]');
  if (!img || !img.complete || !img.naturalWidth) return {src: "", sum: 0};
  const c = document.createElement("canvas");
  c.width = img.naturalWidth; c.height = img.naturalHeight;
  const g = c.getContext("2d");
  g.drawImage(img, 0, 0);
  const d = g.getImageData(0, 0, c.width, c.height).data;
  let sum = 0;
  for (let i = 0; i < d.length; i++) sum = (sum * 31 + d[i]) %% 1000000007;
  return {src: img.src, sum: sum};
})()`

type picture struct {
	Src string `json:"src"`
	Sum int64  `json:"sum"`
}

// The browser test: a real headless Chromium loads muster serve's page; a unit's value changed on disk
// changes the counter's picture on the page, and an error introduced appears with its file:line:col while the
// pictures stay. Waits are bounded generously; nothing here measures speed.
func TestServeInHeadlessChromium(t *testing.T) {
	path, err := browser.Find()
	if err != nil {
		t.Skipf("headless browser test skipped: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()

	dir := copyTree(t, thg)
	ln, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	sctx, stop := context.WithCancel(ctx)
	served := make(chan error, 1)
	srv := New(dir, Options{})
	go func() { served <- srv.Serve(sctx, ln) }()
	defer func() {
		stop()
		<-served
	}()

	b, err := browser.Start(ctx, path)
	if err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	defer b.Close()
	if err := b.Navigate(ctx, "http://"+ln.Addr().String()+"/"); err != nil {
		t.Fatal(err)
	}
	const face = "faces/knight-levies-front.png"
	until := func(what string, ok func() (bool, error)) {
		t.Helper()
		deadline := time.Now().Add(90 * time.Second)
		for {
			done, err := ok()
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			if done {
				return
			}
			if time.Now().After(deadline) {
				var p picture
				_ = b.Eval(ctx, fmt.Sprintf(pictureJS, face), &p)
				t.Logf("the picture now: %+v", p)
				shot(t, ctx, b)
				t.Fatalf("the page never showed %s", what)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	var before picture
	defer func() { t.Logf("first picture: %+v", before) }()
	until("the counter's picture", func() (bool, error) {
		err := b.Eval(ctx, fmt.Sprintf(pictureJS, face), &before)
		return before.Src != "" && before.Sum != 0, err
	})

	// The update is minimal: no figure is added, removed or moved for a version that redraws two pictures.
	const observeJS = `(() => { window.__moved = 0;
		for (const box of document.querySelectorAll(".pictures")) new MutationObserver(ms => { for (const m of ms) window.__moved += m.addedNodes.length + m.removedNodes.length; }).observe(box, {childList: true});
		return true; })()`
	var observing bool
	if err := b.Eval(ctx, observeJS, &observing); err != nil || !observing {
		t.Fatalf("observing the page: %v", err)
	}

	unit := filepath.Join(dir, "units", "feudal.yaml")
	src := must.ReadFile(t, unit)
	const stats = "stats: {movement: 2, range: 0, attack: 3, morale: 3, defense: 4}"
	if !bytes.Contains(src, []byte(stats)) {
		t.Fatalf("units/feudal.yaml no longer has %q: update this test", stats)
	}
	if err := os.WriteFile(unit, bytes.Replace(src, []byte(stats), []byte("stats: {movement: 2, range: 0, attack: 5, morale: 3, defense: 4}"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	var after picture
	until("the counter's new value", func() (bool, error) {
		err := b.Eval(ctx, fmt.Sprintf(pictureJS, face), &after)
		return after.Src != "" && after.Src != before.Src && after.Sum != before.Sum && after.Sum != 0, err
	})

	var moved int
	var order []string
	if err := b.Eval(ctx, `window.__moved`, &moved); err != nil {
		t.Fatal(err)
	}
	if err := b.Eval(ctx, `Array.from(document.querySelectorAll("figure[data-name]")).map(f => f.dataset.name)`, &order); err != nil {
		t.Fatal(err)
	}
	snap := get(t, srv.Handler(), "127.0.0.1:1", "/snapshot")
	var st state
	if err := json.Unmarshal(snap.Body.Bytes(), &st); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, im := range st.Images {
		want = append(want, im.Name)
	}
	if moved != 0 {
		t.Errorf("one counter edited: %d figures added, removed or moved on the page", moved)
	}
	if !slices.Equal(order, want) {
		t.Errorf("the page's order %v, the snapshot's %v", order, want)
	}

	// The redrawn face is outlined as fresh, and a click shows it at its own size (issue 30, item 13).
	var zoom struct {
		Fresh, Zoomed   bool
		Before, Zoomed_ float64
	}
	const zoomJS = `(() => { const f = document.querySelector('figure[data-name="%s"]'); const img = f.querySelector("img");
		const before = img.getBoundingClientRect().width; img.click();
		return {Fresh: f.classList.contains("fresh"), Zoomed: f.classList.contains("zoom"), Before: before, Zoomed_: img.getBoundingClientRect().width}; })()`
	if err := b.Eval(ctx, fmt.Sprintf(zoomJS, face), &zoom); err != nil {
		t.Fatal(err)
	}
	if !zoom.Fresh || !zoom.Zoomed || zoom.Zoomed_ <= zoom.Before {
		t.Errorf("the redrawn face: %+v; want it outlined, and wider once clicked", zoom)
	}

	if err := os.WriteFile(unit, bytes.Replace(src, []byte(stats), []byte("stats: {movement: 2, range: 0, attack: 5x, morale: 3, defense: 4}"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	var diags string
	until("the error with its place", func() (bool, error) {
		err := b.Eval(ctx, `document.getElementById("diags").innerText`, &diags)
		return strings.Contains(diags, "feudal.yaml:9:") && strings.Contains(diags, "error[stats.value]"), err
	})
	var kept picture
	if err := b.Eval(ctx, fmt.Sprintf(pictureJS, face), &kept); err != nil || kept.Sum != after.Sum {
		t.Errorf("the last good picture is not kept: %+v (%v)", kept, err)
	}
	if out := os.Getenv("MUSTER_SERVE_SCREENSHOT"); out != "" {
		if png, err := b.Screenshot(ctx); err == nil {
			must.WriteFile(t, out, png)
		}
	}
}

func shot(t *testing.T, ctx context.Context, b *browser.Browser) {
	var text string
	_ = b.Eval(ctx, `document.body.innerText.slice(0, 2000)`, &text)
	t.Logf("the page says:\n%s", text)
}
