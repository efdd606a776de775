// The sequence of play: a System's phases laid out as the steps of one game turn, in order, each with the
// player who acts. The sequence-of-play chart prints them and digital play's turn trackers step through them.

package content

// Step is one step of a game turn: a phase, or one segment of it, and who acts.
type Step struct {
	Phase   *PhaseDef
	Segment *SegmentDef // nil for a phase without segments
	// Player is PlayerFirst or PlayerSecond in a player's turn (a phase with player: each, or a phase of
	// one player), PlayerBoth for a mutual or simultaneous step, "" for administration.
	Player string
}

// Name is the step's name: the segment's (or the phase's) name, then the player in brackets when the step
// belongs to one: "Movement Phase (first player)".
func (s Step) Name() string {
	n := s.Phase.Name
	if s.Segment != nil {
		n = s.Segment.Name
	}
	switch s.Player {
	case PlayerFirst:
		n += " (first player)"
	case PlayerSecond:
		n += " (second player)"
	}
	return n
}

// Steps lays the sequence out for one game turn: a player-turn phase (player: each) is played by the first
// player, then by the second, through its segments; a segment marked mutual is both players' inside it.
func (q *Sequence) Steps() []Step {
	if q == nil {
		return nil
	}
	var out []Step
	for i := range q.Phases {
		ph := &q.Phases[i]
		players := []string{ph.Player}
		if ph.Player == PlayerEach {
			players = []string{PlayerFirst, PlayerSecond}
		}
		for _, pl := range players {
			if len(ph.Segments) == 0 {
				out = append(out, Step{Phase: ph, Player: pl})
				continue
			}
			for j := range ph.Segments {
				sg := &ph.Segments[j]
				p := pl
				if sg.Mutual {
					p = PlayerBoth
				}
				out = append(out, Step{Phase: ph, Segment: sg, Player: p})
			}
		}
	}
	return out
}
