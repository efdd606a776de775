// Package dice is the seeded randomness of muster's generators: a Roller draws from math/rand/v2's PCG and
// rolls a game's own dice expressions, so the same seed gives the same rolls on every machine and every Go
// release.
//
// Seeding: a generator run with seed N draws each part of its procedure (the map, the boards, the objectives,
// one side's force ...) from its own stream, PCG(N, FNV-1a-64(part)) — rand.NewPCG(N, Stream(part)) — so that a
// change to one part's settings does not shift the rolls of the others. Only PCG.Uint64 is used: bounded draws
// are Lemire's multiply-and-reject, written here, so no result depends on math/rand/v2's own method algorithms,
// and nothing reads the clock or iterates a Go map.
package dice

import (
	"hash/fnv"
	"math/bits"
	"math/rand/v2"

	"github.com/muster-wargames/muster/content/value"
)

// Roller draws numbers and rolls dice from one PCG stream.
type Roller struct {
	src  *rand.PCG
	seed uint64
	part string
}

// Stream is the PCG stream (second seed word) of a named part of a procedure: FNV-1a-64 of its name.
func Stream(part string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(part))
	return h.Sum64()
}

// New returns the roller of one part of a generator run: PCG(seed, Stream(part)).
func New(seed uint64, part string) *Roller {
	return &Roller{src: rand.NewPCG(seed, Stream(part)), seed: seed, part: part}
}

// Part returns the roller of another part of the same run (same seed, its own stream).
func (r *Roller) Part(part string) *Roller { return New(r.seed, r.part+"/"+part) }

// Uint64 is the next raw 64-bit value.
func (r *Roller) Uint64() uint64 { return r.src.Uint64() }

// IntN returns a uniform number in [0, n); n must be positive.
func (r *Roller) IntN(n int) int {
	if n <= 0 {
		panic("dice: IntN of a non-positive bound")
	}
	// Lemire, "Fast random integer generation in an interval" (2019): unbiased by rejection.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.src.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.src.Uint64(), bound)
		}
	}
	return int(hi)
}

// Between returns a uniform number in [lo, hi] (lo when hi < lo).
func (r *Roller) Between(lo, hi int) int {
	if hi <= lo {
		return lo
	}
	return lo + r.IntN(hi-lo+1)
}

// Range draws from an inclusive [min, max] setting, or returns def when the setting is empty.
func (r *Roller) Range(rng []int, def int) int {
	switch len(rng) {
	case 0:
		return def
	case 1:
		return rng[0]
	}
	return r.Between(rng[0], rng[1])
}

// Chance reports true with probability num/den.
func (r *Roller) Chance(num, den int) bool { return r.IntN(den) < num }

// Die rolls one die of the given number of sides: 1..sides.
func (r *Roller) Die(sides int) int { return 1 + r.IntN(sides) }

// Roll rolls a dice expression: the sum of Count dice of Sides faces, plus Mod.
func (r *Roller) Roll(d value.Dice) int {
	n := d.Count
	if n == 0 {
		n = 1
	}
	total := d.Mod
	for i := 0; i < n; i++ {
		total += r.Die(d.Sides)
	}
	return total
}

// Shuffle puts the first n elements in random order with swap (Fisher-Yates).
func (r *Roller) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// Pick returns a uniform index into a list of n items, weighted when weights are given (weights[i] >= 0;
// all zero is uniform).
func (r *Roller) Pick(weights []int) int {
	total := 0
	for _, w := range weights {
		total += w
	}
	if total <= 0 {
		return r.IntN(len(weights))
	}
	x := r.IntN(total)
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(weights) - 1
}
