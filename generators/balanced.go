package generators

import (
	"cmp"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/analysis"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/generators/scenario"
	"github.com/muster-wargames/muster/validate"
)

// MaxBalancedSeeds is how many seeds `muster generate scenario --balanced` tries, from the one given up, before
// it gives up and says why each was passed over.
const MaxBalancedSeeds = 40

// CheckBalance reads a generated scenario, in the validated package that holds it, the way muster analyze
// does: every objective of the scenario must be within reach of every side (by its last turn, or at all
// when it has no length; or held from the start), and, when band gives the lowest and highest columns of
// the combat table, each side's best turn-1 odds must fall between them. ok says whether it passes; why says
// what was found, in a sentence.
func CheckBalance(pkg *content.Package, sc *content.Scenario, band []string) (ok bool, why string, err error) {
	r, err := analysis.AnalyseScenario(rules.New(pkg), sc, analysis.Options{})
	if err != nil {
		return false, "", err
	}
	if len(r.Sides) == 0 || len(r.Sides[0].First) == 0 {
		return false, "", fmt.Errorf("scenario %s cannot be analysed (no cells, or the System gives no movement allowance): --balanced cannot judge it", sc.ID)
	}
	var fails, reach []string
	for _, s := range r.Sides {
		latest := 0
		for _, obj := range sc.Objectives {
			o, found := r.Objective(s.Side.ID, obj.ID)
			if !found {
				continue
			}
			switch {
			case o.Held:
			case o.Late():
				when := "at all"
				if o.By > 0 {
					when = "by turn " + strconv.Itoa(o.By)
				}
				fails = append(fails, fmt.Sprintf("%s cannot reach %s %s", s.Side.ID, obj.ID, when))
			default:
				latest = max(latest, o.First)
			}
		}
		if latest > 0 {
			reach = append(reach, fmt.Sprintf("%s by turn %d", s.Side.ID, latest))
		}
	}
	var odds []string
	if len(band) == 2 {
		if r.Table == nil {
			return false, "", fmt.Errorf("the generator's bestOdds needs a combat table that says how strength is summed, and the package has none")
		}
		lo, hi := slices.Index(r.Table.Columns, band[0]), slices.Index(r.Table.Columns, band[1])
		if lo < 0 || hi < 0 || lo > hi {
			return false, "", fmt.Errorf("the generator's bestOdds %s to %s are not two columns of %s, lowest first", band[0], band[1], r.Table.ID)
		}
		for _, s := range r.Sides {
			b := r.Best(s.Side.ID)
			switch {
			case b == nil:
				fails = append(fails, fmt.Sprintf("%s can attack no enemy stack on turn 1", s.Side.ID))
			case b.Column.Index < lo || b.Column.Index > hi:
				fails = append(fails, fmt.Sprintf("%s's best turn-1 odds are %s, outside %s to %s", s.Side.ID, b.Column.Label, band[0], band[1]))
			default:
				odds = append(odds, fmt.Sprintf("%s %s", s.Side.ID, b.Column.Label))
			}
		}
	}
	if len(fails) > 0 {
		return false, english.List(fails, "and"), nil
	}
	var parts []string
	if len(sc.Objectives) > 0 {
		p := "every objective is within reach of every side"
		if len(reach) > 0 {
			p += " (" + strings.Join(reach, ", ") + ")"
		}
		parts = append(parts, p)
	}
	if len(band) == 2 {
		parts = append(parts, fmt.Sprintf("the best turn-1 odds (%s) lie within %s to %s", strings.Join(odds, ", "), band[0], band[1]))
	} else {
		parts = append(parts, "the generator gives no bestOdds band, so the odds were not weighed")
	}
	return true, english.List(parts, "and"), nil
}

// balanced generates q's scenario seed after seed, from q.Seed up, until one passes CheckBalance, and returns
// that file with the reason it was kept (and the seeds passed over, and why) in its generated: record. The
// file is checked as Run checks any: a seed whose scenario does not validate stops the search.
func balanced(g *scenario.Generator, q Request, pkgDir, outPath string) ([]byte, error) {
	gen, err := scenario.Find(g.Package(), "scenario", q.Generator)
	if err != nil {
		return nil, err
	}
	band := gen.Scenario.BestOdds
	at := outPath
	if at == "" {
		at = filepath.Join(pkgDir, "generated.yaml")
	}
	name := filepath.Join(pkgDir, "generated-by-muster.yaml")
	if outPath != "" && content.Within(pkgDir, outPath) {
		name = outPath
	}
	var passed []string
	for i := int64(0); i < MaxBalancedSeeds && q.Seed <= math.MaxInt64-i; i++ {
		qi := q
		qi.Seed, qi.from = q.Seed+i, q.Seed
		data, err := Generate(g, qi, pkgDir, SchemaPath(pkgDir, at))
		if err != nil {
			return nil, err
		}
		res := validate.LoadWith(pkgDir, name, data)
		if res.Diags.HasErrors() {
			return data, nil // Run's own check reports why
		}
		var sc *content.Scenario
		for _, s := range res.Pkg.Scenarios() {
			if s.Generated != nil && s.Generated.Seed == qi.Seed && s.Generated.Generator == gen.ID && s.At.File == name {
				sc = s
			}
		}
		if sc == nil {
			return nil, fmt.Errorf("the scenario generated from seed %d is not in the package read back", qi.Seed)
		}
		ok, why, err := CheckBalance(res.Pkg, sc, band)
		if err != nil {
			return nil, err
		}
		if !ok {
			passed = append(passed, fmt.Sprintf("seed %d: %s", qi.Seed, why))
			continue
		}
		note := fmt.Sprintf("seed %d kept: %s", qi.Seed, why)
		if len(passed) > 0 {
			note += "; passed over: " + strings.Join(passed, "; ")
		}
		qi.kept = note + "."
		return Generate(g, qi, pkgDir, SchemaPath(pkgDir, at))
	}
	return nil, fmt.Errorf("no seed from %d to %d gives a balanced scenario (%s): try another seed, or widen the generator's settings",
		q.Seed, q.Seed+int64(len(passed))-1, cmp.Or(strings.Join(passed, "; "), "none tried"))
}
