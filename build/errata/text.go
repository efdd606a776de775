package errata

import (
	"fmt"
	"io"
	"strings"

	"github.com/muster-wargames/muster/content/english"
)

// WriteText writes the report as `muster diff` prints it: the errata by id (units with each value changed,
// counters, scenarios, other documents), then what a player of a running game updates (VASSAL's pieces and
// prototypes, Tabletop Simulator's objects).
func (r *Report) WriteText(out io.Writer) error {
	w := &errWriter{w: out}
	fmt.Fprintf(w, "%s: %s -> %s\n", r.Game, r.Old, r.New)
	if r.Empty() {
		fmt.Fprintln(w, "no change")
		return w.err
	}
	changes := func(title string, cs []Change) {
		if len(cs) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s\n", title)
		for _, ch := range cs {
			name := ""
			if ch.Name != "" && ch.Name != ch.ID {
				name = " (" + ch.Name + ")"
			}
			fmt.Fprintf(w, "  %s %s%s: %s  %s\n", ch.Kind, ch.ID, name, ch.Status, ch.Pos)
			for _, v := range ch.Values {
				switch {
				case v.Old == "":
					fmt.Fprintf(w, "    %s: %s (new)  %s\n", v.Path, v.New, v.Pos)
				case v.New == "":
					fmt.Fprintf(w, "    %s: %s (removed)\n", v.Path, v.Old)
				default:
					fmt.Fprintf(w, "    %s: %s -> %s  %s\n", v.Path, v.Old, v.New, v.Pos)
				}
			}
		}
	}
	changes("units", r.Units)
	if len(r.Counters) > 0 {
		fmt.Fprintf(w, "\ncounters\n")
		for _, ct := range r.Counters {
			var what []string
			switch {
			case ct.Status != Changed:
				what = append(what, ct.Status)
			default:
				if ct.Front {
					what = append(what, "front changed")
				}
				if ct.Back {
					what = append(what, "back changed")
				}
				if ct.OldCount != ct.NewCount {
					what = append(what, fmt.Sprintf("count %d -> %d", ct.OldCount, ct.NewCount))
				}
			}
			kind := ct.Kind
			if ct.Block {
				kind = "block"
			}
			replace := ""
			if n := ct.Replace(); n > 0 && !ct.Block {
				replace = fmt.Sprintf("; %s on the replacement sheet", english.Count(n, "copy", "copies"))
			}
			fmt.Fprintf(w, "  %s %s (%s): %s%s  %s\n", kind, strings.TrimPrefix(ct.Key, ct.Kind+"/"), ct.Name, strings.Join(what, ", "), replace, ct.Pos)
		}
	}
	if len(r.Scenarios) > 0 {
		fmt.Fprintf(w, "\nscenarios\n")
		for _, s := range r.Scenarios {
			status := s.Status
			if status == Changed {
				status = "set-up changed"
			}
			fmt.Fprintf(w, "  %s: %s  %s\n", s.ID, status, s.Pos)
			for _, m := range s.Moved {
				fmt.Fprintf(w, "    %s %s: %s -> %s\n", m.Side, m.Unit, m.From, m.To)
			}
			for _, p := range s.Placed {
				fmt.Fprintf(w, "    %s %s: set up in %s (new)\n", p.Side, p.Unit, p.Where)
			}
			for _, p := range s.Lifted {
				fmt.Fprintf(w, "    %s %s: no longer set up in %s\n", p.Side, p.Unit, p.Where)
			}
			for _, h := range s.Waiting {
				fmt.Fprintf(w, "    %s %s: %d -> %d in %q\n", h.Side, h.Unit, h.Old, h.New, h.Group)
			}
		}
	}
	changes("other documents", r.Documents)
	if v := r.VASSAL; v != nil && len(v.Pieces)+len(v.Prototypes) > 0 {
		fmt.Fprintf(w, "\nVASSAL module (Refresh Counters finds each running piece by its gpid)\n")
		for _, p := range v.Pieces {
			what := p.Status
			if p.Status == Changed {
				var parts []string
				if p.Definition {
					parts = append(parts, "definition")
				}
				if p.Picture {
					parts = append(parts, "picture")
				}
				what = strings.Join(parts, " and ") + " changed"
			}
			fmt.Fprintf(w, "  piece %s gpid %s: %s  %s\n", p.Slot, p.GPID, what, p.Path)
		}
		for _, p := range v.Prototypes {
			fmt.Fprintf(w, "  prototype %q: %s\n", p.Name, p.Status)
		}
	}
	if t := r.TTS; t != nil && len(t.Objects) > 0 {
		fmt.Fprintf(w, "\nTabletop Simulator set\n")
		for _, o := range t.Objects {
			guid := o.GUID
			if o.OldGUID != "" {
				guid = o.OldGUID + " -> " + o.GUID
			}
			fmt.Fprintf(w, "  %s: GUID %s %q: %s\n", o.File, guid, o.Nickname, o.Status)
		}
	}
	return w.err
}

// errWriter keeps the first write error, so the report's many Fprintf need no check of their own.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
