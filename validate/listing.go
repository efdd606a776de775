package validate

import (
	"fmt"
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

// ChecksURL is where the published check list lives: SARIF rules link each code family to its section
// (ChecksURL + "#" + CheckAnchor(name)).
const ChecksURL = "https://github.com/muster-wargames/muster/blob/main/docs/checks.md"

// CheckAnchor is the anchor of a check's section in docs/checks.md: its heading's id as GitHub makes it (lower
// case; letters, digits, '-' and '_' kept, other characters dropped).
func CheckAnchor(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ChecksMarkdown is docs/checks.md: every entry of the check list, in the order they run, with its stage, its
// title and detail. `muster rules --format markdown` prints it; a test keeps the copy in docs/ current.
func ChecksMarkdown() string {
	var b strings.Builder
	b.WriteString("# Checks\n\n")
	b.WriteString("Every check muster makes and every family of diagnostic codes, in the order they run: a diagnostic's code\n")
	b.WriteString("starts with its family's name (`stacking.limit` is reported by `stacking`). Generated from the check list\n")
	b.WriteString("(`validate/checks.go`) by `muster rules --format markdown`; SARIF output links each rule here.\n\n")
	b.WriteString("| name | stage | what it reports |\n|---|---|---|\n")
	for _, c := range checks {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", c.Name, CheckAnchor(c.Name), c.Stage, mdCell(c.Title()))
	}
	for _, c := range checks {
		fmt.Fprintf(&b, "\n## %s\n\n", c.Name)
		kind := "A family of diagnostic codes"
		if c.Runs() {
			kind = "A check"
		}
		fmt.Fprintf(&b, "%s of the %s stage: %s.\n", kind, c.Stage, c.Title())
		if d := c.Detail(); d != "" {
			b.WriteString("\n" + d + "\n")
		}
	}
	return b.String()
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
