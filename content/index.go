package content

import (
	"sort"

	"github.com/muster-wargames/muster/content/diag"
)

// newOfKind returns an empty model value for a kind, or nil for an unknown kind.
func newOfKind(kind string) Doc {
	switch kind {
	case KindPackage:
		return &Manifest{}
	case KindSystem:
		return &System{}
	case KindUnitType:
		return &UnitType{}
	case KindMarker:
		return &Marker{}
	case KindCounterMix:
		return &CounterMix{}
	case KindMap:
		return &Map{}
	case KindForce:
		return &Force{}
	case KindScenario:
		return &Scenario{}
	case KindTable:
		return &Table{}
	case KindGenerator:
		return &Generator{}
	case KindFixture:
		return &Fixture{}
	case KindDeck:
		return &Deck{}
	case KindCard:
		return &Card{}
	}
	return nil
}

// Decode fills the typed model from the effective documents. Every document is decoded, even one that failed
// its schema, so that its other problems are reported too; for documents where quiet returns true (those that
// failed their schema) decode errors are dropped, as they would only repeat what the schema said.
func (p *Package) Decode(quiet func(*Document) bool) diag.List {
	var ds diag.List
	p.byKey = map[docKey]Doc{}
	p.byKind = map[string][]Doc{}
	p.Manifest, p.System = nil, nil
	p.sets.mu.Lock()
	p.sets.byMap, p.sets.byScenario = nil, nil
	p.sets.mu.Unlock()
	p.memo.mu.Lock()
	p.memo.values = nil
	p.memo.mu.Unlock()
	for _, d := range p.Docs {
		v := newOfKind(d.Kind)
		if v == nil {
			continue // the schema reports the unknown kind
		}
		if quiet != nil && quiet(d) {
			var drop diag.List
			decodeDocument(d, v, &drop)
		} else {
			decodeDocument(d, v, &ds)
		}
		m := v.meta()
		m.Doc = d
		if sys, ok := v.(*System); ok {
			sys.applyStyles()
		}
		p.byKey[docKey{d.Kind, d.ID}] = v
		p.byKind[d.Kind] = append(p.byKind[d.Kind], v)
		if d.Kind == KindPackage && p.Manifest == nil {
			p.Manifest = v.(*Manifest)
		}
	}
	if p.Manifest == nil && p.Base != nil {
		p.Manifest = p.Base.Manifest
	}
	systems := p.byKind[KindSystem]
	switch {
	case p.Manifest != nil && p.Manifest.System != "":
		if s, ok := p.byKey[docKey{KindSystem, p.Manifest.System}].(*System); ok {
			p.System = s
		}
	case len(systems) == 1:
		p.System = systems[0].(*System)
	}
	return ds
}

// Own reports whether a document belongs to this package rather than to its base.
func (p *Package) Own(d *Document) bool {
	for _, o := range p.own {
		if o == d {
			return true
		}
	}
	return false
}

// OwnDocs are the package's own documents (a mod's, without its base's).
func (p *Package) OwnDocs() []*Document { return p.own }

// Lookup returns the decoded document of a kind and id, or nil.
func (p *Package) Lookup(kind, id string) Doc { return p.byKey[docKey{kind, id}] }

// Has reports whether a document of this kind and id exists, decoded or not (a document that failed its
// schema still defines its id).
func (p *Package) Has(kind, id string) bool {
	if _, ok := p.byKey[docKey{kind, id}]; ok {
		return true
	}
	for _, d := range p.Docs {
		if d.Kind == kind && d.ID == id {
			return true
		}
	}
	return false
}

// IDs lists the ids of a kind, sorted, for did-you-mean suggestions.
func (p *Package) IDs(kind string) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range p.Docs {
		if d.Kind == kind && d.ID != "" && !seen[d.ID] {
			seen[d.ID] = true
			out = append(out, d.ID)
		}
	}
	sort.Strings(out)
	return out
}

// GeneratorIDs lists the ids of the Generator documents of a type (map or scenario), sorted, as written
// (the documents need not be valid): what `muster generate TYPE --generator` may name.
func (p *Package) GeneratorIDs(typ string) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range p.Docs {
		if m, ok := d.Value.(map[string]any); ok && d.Kind == KindGenerator && d.ID != "" && m["type"] == typ && !seen[d.ID] {
			seen[d.ID] = true
			out = append(out, d.ID)
		}
	}
	sort.Strings(out)
	return out
}

// All returns the decoded documents of a kind in load order.
func (p *Package) All(kind string) []Doc { return p.byKind[kind] }

// UnitType returns a unit type by id, or nil.
func (p *Package) UnitType(id string) *UnitType {
	u, _ := p.Lookup(KindUnitType, id).(*UnitType)
	return u
}

// Marker returns a marker by id, or nil.
func (p *Package) Marker(id string) *Marker { m, _ := p.Lookup(KindMarker, id).(*Marker); return m }

// Map returns a map by id, or nil.
func (p *Package) Map(id string) *Map { m, _ := p.Lookup(KindMap, id).(*Map); return m }

// Force returns a force by id, or nil.
func (p *Package) Force(id string) *Force { f, _ := p.Lookup(KindForce, id).(*Force); return f }

// Scenario returns a scenario by id, or nil.
func (p *Package) Scenario(id string) *Scenario {
	s, _ := p.Lookup(KindScenario, id).(*Scenario)
	return s
}

// CounterMix returns a counter mix by id, or nil.
func (p *Package) CounterMix(id string) *CounterMix {
	m, _ := p.Lookup(KindCounterMix, id).(*CounterMix)
	return m
}

// UnitTypes returns every unit type in load order.
func (p *Package) UnitTypes() []*UnitType { return allOf[*UnitType](p, KindUnitType) }

// Markers returns every marker in load order.
func (p *Package) Markers() []*Marker { return allOf[*Marker](p, KindMarker) }

// CounterMixes returns every counter mix in load order.
func (p *Package) CounterMixes() []*CounterMix { return allOf[*CounterMix](p, KindCounterMix) }

// Maps returns every map in load order.
func (p *Package) Maps() []*Map { return allOf[*Map](p, KindMap) }

// Forces returns every force in load order.
func (p *Package) Forces() []*Force { return allOf[*Force](p, KindForce) }

// Scenarios returns every scenario in load order.
func (p *Package) Scenarios() []*Scenario { return allOf[*Scenario](p, KindScenario) }

// Tables returns every table in load order.
func (p *Package) Tables() []*Table { return allOf[*Table](p, KindTable) }

// Generators returns every generator in load order.
func (p *Package) Generators() []*Generator { return allOf[*Generator](p, KindGenerator) }

// Fixtures returns every content test in load order.
func (p *Package) Fixtures() []*Fixture { return allOf[*Fixture](p, KindFixture) }

func allOf[T Doc](p *Package, kind string) []T {
	var out []T
	for _, d := range p.byKind[kind] {
		if t, ok := d.(T); ok {
			out = append(out, t)
		}
	}
	return out
}
