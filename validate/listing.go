package validate

import (
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/rules"
)

// RuleInfo describes an entry of the check list, a declared rule or a formula, for `muster rules`.
type RuleInfo struct {
	Name     string `json:"name"`
	Kind     string `json:"kind"` // family, check, rule, points, derived
	Stage    string `json:"stage,omitempty"`
	Doc      string `json:"doc"`
	Detail   string `json:"detail,omitempty"`
	Runs     string `json:"runs,omitempty"` // for checks: "package", "force", "scenario", comma-separated
	Source   string `json:"source,omitempty"`
	Scope    string `json:"scope,omitempty"`
	Severity string `json:"severity,omitempty"`
	Expr     string `json:"expr,omitempty"`
	At       string `json:"at,omitempty"`
}

// Rules lists the entries of the check list (code families, then checks) that apply to a package — all of
// them without a package — then the package's declared rules and its formulas.
func Rules(pkg *content.Package) []RuleInfo {
	var out []RuleInfo
	for _, c := range checks {
		if pkg != nil && c.Applies != nil && !c.Applies(pkg) {
			continue
		}
		ri := RuleInfo{Name: c.Name, Kind: "family", Stage: c.Stage.String(), Doc: c.Title(), Detail: c.Detail()}
		if c.Runs() {
			ri.Kind = "check"
			var runs []string
			for _, r := range []struct {
				on   bool
				name string
			}{{c.Package != nil, "package"}, {c.Force != nil, "force"}, {c.Scenario != nil, "scenario"}} {
				if r.on {
					runs = append(runs, r.name)
				}
			}
			ri.Runs = strings.Join(runs, ", ")
		}
		out = append(out, ri)
	}
	if pkg == nil || pkg.System == nil {
		return out
	}
	sys := pkg.System
	for i := range sys.Rules {
		r := &sys.Rules[i]
		sev := r.Severity
		if sev == "" {
			sev = "error"
		}
		ri := RuleInfo{Name: "rules." + r.ID, Kind: "rule", Doc: r.Doc, Source: r.Source, Scope: rules.Scope(r), Severity: sev, At: r.At.String()}
		if ri.Doc == "" {
			ri.Doc = rules.Describe(r)
		}
		out = append(out, ri)
	}
	for _, f := range sys.Points {
		out = append(out, RuleInfo{Name: "points." + f.ID, Kind: "points", Doc: f.Doc, Source: f.Source, Expr: f.Expr, At: f.At.String(),
			Scope: classesScope(f.Applies)})
	}
	for _, f := range sys.Derived {
		out = append(out, RuleInfo{Name: "derived." + f.ID, Kind: "derived", Doc: f.Doc, Source: f.Source, Expr: f.Expr, At: f.At.String(),
			Scope: classesScope(f.Applies)})
	}
	return out
}

func classesScope(cs []string) string {
	if len(cs) == 0 {
		return "every unit"
	}
	return strings.Join(cs, ", ")
}
