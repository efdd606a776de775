package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/muster-wargames/muster/internal/cputime"
)

// The live preview's latency, save to page (issue 32, item 4), measured end to end on The Highest Ground: the
// real server (Serve: its watcher, the pipeline, the event stream) on the loopback interface, and a simulated
// page — an event-stream client that, like page.html, fetches each picture whose key changed — which counts
// the page updated once it holds every new picture. The benchmark writes the edit to disk and waits for that.
// A browser's decoding and painting of the pictures is not in it (a few milliseconds for a face; the headless
// Chromium test, browser_test.go, checks the page itself, not its speed).
//
// Besides ns/op (save to page updated), each stage is reported as the milliseconds from the save to its end
// (the watcher's batch, validation, drawing, the push, the page's event, its pictures), the CPU time the
// process had spent from the save to the end of each of the server's stages (X-cpu-ms), and in all per edit
// (cpu-ms/op): on a machine shared with other work the wall clock alone overstates what muster costs.

// simPage is a page reading the event stream: each version as the page would show it, with the pictures it
// fetched.
type simPage struct {
	base     string
	client   *http.Client
	versions chan pageVersion
}

type pageVersion struct {
	st      state
	event   time.Time // when its event arrived
	fetched time.Time // when every picture that changed had arrived
	bytes   int
}

func openPage(tb testing.TB, ctx context.Context, base string) *simPage {
	tb.Helper()
	p := &simPage{base: base, client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}, versions: make(chan pageVersion, 16)}
	var resp *http.Response
	deadline := time.Now().Add(30 * time.Second)
	for {
		req, err := http.NewRequestWithContext(ctx, "GET", base+"/events", nil)
		if err != nil {
			tb.Fatal(err)
		}
		resp, err = p.client.Do(req)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			tb.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	go p.read(resp.Body)
	return p
}

// read follows the event stream as page.html does: a version's pictures whose key changed are fetched again
// (at once, as a browser does), the others kept.
func (p *simPage) read(body io.ReadCloser) {
	defer body.Close()
	defer close(p.versions)
	keys := map[string]string{}
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		v := pageVersion{event: time.Now()}
		if err := json.Unmarshal([]byte(data), &v.st); err != nil {
			continue
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		for _, im := range v.st.Images {
			if keys[im.Name] == im.Key {
				continue
			}
			keys[im.Name] = im.Key
			wg.Add(1)
			go func() {
				defer wg.Done()
				resp, err := p.client.Get(p.base + "/img/" + im.Name + "?k=" + im.Key)
				if err != nil {
					return
				}
				n, _ := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				v.bytes += int(n)
				mu.Unlock()
			}()
		}
		wg.Wait()
		v.fetched = time.Now()
		p.versions <- v
	}
}

func (p *simPage) next(tb testing.TB, after int) pageVersion {
	tb.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case v, ok := <-p.versions:
			if !ok {
				tb.Fatal("the event stream ended")
			}
			if v.st.Version > after {
				return v
			}
		case <-timeout:
			tb.Fatalf("no version after %d arrived", after)
		}
	}
}

// stamps are the times the server's stages ended, and the process's CPU time then, for the version being
// measured.
type stamps struct {
	mu sync.Mutex
	at map[string]stamp
}

type stamp struct {
	t   time.Time
	cpu time.Duration
}

func (s *stamps) mark(stage string) {
	now := stamp{time.Now(), cputime.Now()}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.at[stage]; !ok { // the first of each: the version the edit made
		s.at[stage] = now
	}
}

func (s *stamps) reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.at = map[string]stamp{}
}

func (s *stamps) get(stage string) (stamp, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.at[stage]
	return t, ok
}

// an edit is a file of The Highest Ground and two versions of a line of it, written in turn.
type anEdit struct {
	file     string
	from, to string
	// redraws are pictures the page must get again after it, by the start of their names.
	redraws []string
}

var (
	counterEdit = anEdit{"units/feudal.yaml", "attack: 3, morale: 3", "attack: 4, morale: 3", []string{"faces/knight-levies-front"}}
	mapEdit     = anEdit{"boards/I.yaml", `"..ff.........hh....."`, `"..ff.........hhh...."`, []string{"maps/I-page"}}
)

// stages are what the benchmark reports, in order: each from the save.
var stages = []string{"batch", "validated", "drawn", "pushed", "event", "page"}

// saves serves a copy of The Highest Ground, opens a page on it and saves the edit n times (forth and back),
// each time waiting for the page to hold the new pictures: the stages' times summed, the CPU spent, and the
// bytes of pictures the page fetched. loop, when given, says whether to save once more instead (a benchmark's
// b.Loop, whose timer starts at its first call, once the server is up).
func saves(tb testing.TB, e anEdit, n int, loop func() bool) (sums, cpus map[string]time.Duration, cpu time.Duration, sent, done int) {
	dir := copyTree(tb, thg)
	path := filepath.Join(dir, e.file)
	orig, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if !bytes.Contains(orig, []byte(e.from)) {
		tb.Fatalf("%s has no %q: update the benchmark", e.file, e.from)
	}
	texts := [][]byte{bytes.Replace(orig, []byte(e.from), []byte(e.to), 1), orig}
	ln, err := Listen(0)
	if err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := New(dir, Options{})
	st := &stamps{at: map[string]stamp{}}
	s.stamp = st.mark
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() {
		cancel()
		<-served
	}()
	page := openPage(tb, ctx, "http://"+ln.Addr().String())
	last := page.next(tb, 0)

	sums, cpus = map[string]time.Duration{}, map[string]time.Duration{}
	if loop == nil {
		loop = func() bool { return done < n }
	}
	for ; loop(); done++ {
		st.reset()
		c0 := cputime.Now()
		t0 := time.Now()
		if err := os.WriteFile(path, texts[done%2], 0o644); err != nil {
			tb.Fatal(err)
		}
		v := page.next(tb, last.st.Version)
		cpu += cputime.Now() - c0
		last = v
		if v.st.Failed || v.st.Drawn == 0 {
			tb.Fatalf("version %d: failed %v, drew %d: %v", v.st.Version, v.st.Failed, v.st.Drawn, v.st.Diags)
		}
		for _, want := range e.redraws {
			found := false
			for _, im := range v.st.Images {
				found = found || strings.HasPrefix(im.Name, want) && im.Fresh
			}
			if !found {
				tb.Fatalf("version %d did not redraw %s*", v.st.Version, want)
			}
		}
		for _, stage := range stages[:4] {
			if at, ok := st.get(stage); ok {
				sums[stage] += at.t.Sub(t0)
				cpus[stage] += at.cpu - c0
			}
		}
		sums["event"] += v.event.Sub(t0)
		sums["page"] += v.fetched.Sub(t0)
		sent += v.bytes
	}
	return sums, cpus, cpu, sent, done
}

func benchSave(b *testing.B, e anEdit) {
	sums, cpus, cpu, sent, n := saves(b, e, 0, func() bool { return b.Loop() })
	for _, stage := range stages {
		b.ReportMetric(float64(sums[stage].Microseconds())/1000/float64(n), stage+"-ms")
		if c, ok := cpus[stage]; ok {
			b.ReportMetric(float64(c.Microseconds())/1000/float64(n), stage+"-cpu-ms")
		}
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(n), "cpu-ms/op")
	b.ReportMetric(float64(sent)/float64(n), "img-B/op")
}

// BenchmarkSaveToPage is the figure: one counter's value edited (its faces and the sheet page holding
// it redrawn) and one hex of a board's terrain edited (the board, the scenario's map and its sheet redrawn),
// from the save to the page holding the new pictures. Targets: under 100 ms and under 300 ms.
func BenchmarkSaveToPage(b *testing.B) {
	b.Run("counter", func(b *testing.B) { benchSave(b, counterEdit) })
	b.Run("map", func(b *testing.B) { benchSave(b, mapEdit) })
}

// Every stage of a save is stamped, in order, for the benchmark to report: the watcher's batch, validation,
// drawing, the push, the page's event and its pictures.
func TestSaveStagesAreStamped(t *testing.T) {
	sums, _, _, sent, n := saves(t, counterEdit, 2, nil)
	if n != 2 || sent == 0 {
		t.Fatalf("%d saves, %d bytes of pictures", n, sent)
	}
	for i, stage := range stages {
		if sums[stage] <= 0 || i > 0 && sums[stage] < sums[stages[i-1]] {
			t.Errorf("stage %s: %v after the saves, out of order or not stamped: %v", stage, sums[stage], sums)
		}
	}
}
