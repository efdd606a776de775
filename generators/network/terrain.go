package network

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// terrainSettings checks the default terrain, the mix and the stats against the System.
func (ge *gen) terrainSettings() error {
	sys, mg, what := ge.sys, ge.mg, ge.what
	def := func(id string) *content.TerrainDef {
		for i := range sys.Terrain {
			if sys.Terrain[i].ID == id {
				return &sys.Terrain[i]
			}
		}
		return nil
	}
	enterable := func(t *content.TerrainDef) bool {
		return !t.Impassable && (t.Move == nil || !strings.EqualFold(strings.TrimSpace(t.Move.Text), "impassable"))
	}
	ge.def = mg.Default
	if ge.def == "" {
		for i := range sys.Terrain {
			if enterable(&sys.Terrain[i]) {
				ge.def = sys.Terrain[i].ID
				break
			}
		}
	}
	for _, id := range append([]string{ge.def}, terrains(mg.Mix)...) {
		if id == "" {
			continue
		}
		t := def(id)
		if t == nil {
			return fmt.Errorf("%s: terrain %q is not one of the System's terrain types", what, id)
		}
		if !enterable(t) {
			return fmt.Errorf("%s: terrain %s is impassable: a place of it could not be reached", what, id)
		}
	}
	var total int64
	for _, s := range mg.Mix {
		if s.Share.Sign() < 0 {
			return fmt.Errorf("%s: the share of %s is negative", what, s.Terrain)
		}
		total += min(s.Share.Mul(value.Int(1000)).Floor(), 1001)
	}
	if total > 1000 {
		return fmt.Errorf("%s: the mix's shares add up to more than the whole map (%d/1000)", what, total)
	}
	for _, st := range ge.ng.Stats {
		d := sys.PlaceStat(st.Stat)
		if d == nil {
			return fmt.Errorf("%s: stat %q is not one of the System's placeStats", what, st.Stat)
		}
		if d.Type != "" && d.Type != "int" && d.Type != "number" {
			return fmt.Errorf("%s: stat %s is of type %s; the generator rolls whole numbers", what, st.Stat, d.Type)
		}
		if len(st.Values) == 0 || st.Values[0] > st.Values[len(st.Values)-1] {
			return fmt.Errorf("%s: stat %s: give the values to roll between, the smaller first (values: [1, 3])", what, st.Stat)
		}
		lo, hi := value.Int(int64(st.Values[0])), value.Int(int64(st.Values[len(st.Values)-1]))
		if d.Min != nil && lo.Cmp(*d.Min) < 0 || d.Max != nil && hi.Cmp(*d.Max) > 0 {
			return fmt.Errorf("%s: stat %s is rolled between %s and %s, outside what the System allows", what, st.Stat, lo, hi)
		}
	}
	return nil
}

func terrains(mix []content.TerrainShare) []string {
	out := make([]string, len(mix))
	for i, s := range mix {
		out[i] = s.Terrain
	}
	return out
}

// terrain gives every place the default terrain, then grows each terrain of the mix to its share of the
// places in the number of clusters its settings roll, over the places' neighbours.
func (ge *gen) terrain() error {
	n, r := len(ge.at), ge.r
	ge.terr = make([]string, n)
	for i := range ge.terr {
		ge.terr[i] = ge.def
	}
	free := func(i int) bool { return ge.terr[i] == ge.def }
	for _, s := range ge.mg.Mix {
		target := int(s.Share.Mul(value.Int(int64(n))).Floor())
		if target == 0 {
			continue
		}
		k := min(max(r.Range(s.Clusters, max(1, (target+3)/4)), 1), target)
		left := target
		for c := 0; c < k && left > 0; c++ {
			size := left / (k - c)
			var open, any []int
			for i := 0; i < n; i++ {
				if !free(i) {
					continue
				}
				any = append(any, i)
				if !slices.ContainsFunc(ge.nbr[i], func(j int) bool { return !free(j) }) {
					open = append(open, i)
				}
			}
			if len(any) == 0 {
				break
			}
			seed := any[r.IntN(len(any))]
			if len(open) > 0 {
				seed = open[r.IntN(len(open))]
			}
			cluster := []int{seed}
			ge.terr[seed] = s.Terrain
			for len(cluster) < size {
				var frontier []int
				for _, x := range cluster {
					for _, y := range ge.nbr[x] {
						if free(y) && !slices.Contains(frontier, y) {
							frontier = append(frontier, y)
						}
					}
				}
				if len(frontier) == 0 {
					break
				}
				y := frontier[r.IntN(len(frontier))]
				ge.terr[y] = s.Terrain
				cluster = append(cluster, y)
			}
			left -= len(cluster)
		}
	}
	return nil
}

// rollStats gives the places their stats: each stat on its share of the places, rolled in its values.
func (ge *gen) rollStats() error {
	n := len(ge.at)
	ge.stats = make([]map[string]content.Scalar, n)
	for _, st := range ge.ng.Stats {
		lo, hi := st.Values[0], st.Values[len(st.Values)-1]
		for i := 0; i < n; i++ {
			if !share(ge.r, st.Share) {
				continue
			}
			if ge.stats[i] == nil {
				ge.stats[i] = map[string]content.Scalar{}
			}
			ge.stats[i][st.Stat] = content.Scalar{Text: strconv.Itoa(ge.r.Between(lo, hi))}
		}
	}
	return nil
}
