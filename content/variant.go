// Variants of a package: a content test (a Fixture) may stand its own System keys, tables, unit types, maps
// and include globs in for the package's, and every check then runs on the variant. Nothing is re-read or
// re-decoded: the variant shares the package's documents and model.

package content

import "reflect"

// Variant returns the package with docs standing in for its own: a document of the same kind and id replaces
// the package's, another is added. A System given replaces only the keys it sets (its non-zero fields) in a
// copy of the package's System. include, when not nil, stands in for the manifest's include globs.
func (p *Package) Variant(sys *System, include []string, docs ...Doc) *Package {
	v := &Package{ID: p.ID, Dir: p.Dir, Manifest: p.Manifest, Base: p.Base, Docs: p.Docs, own: p.own, System: p.System,
		byKey: make(map[docKey]Doc, len(p.byKey)), byKind: make(map[string][]Doc, len(p.byKind))}
	for k, d := range p.byKey {
		v.byKey[k] = d
	}
	for k, ds := range p.byKind {
		v.byKind[k] = append([]Doc(nil), ds...)
	}
	if include != nil && p.Manifest != nil {
		m := *p.Manifest
		m.Include = make([]Include, len(include))
		for i, g := range include {
			m.Include[i] = Include{File: g}
		}
		v.Manifest = &m
	}
	if sys != nil {
		merged := &System{}
		if p.System != nil {
			*merged = *p.System
		}
		mv, sv := reflect.ValueOf(merged).Elem(), reflect.ValueOf(sys).Elem()
		for i := 0; i < sv.NumField(); i++ {
			if sv.Type().Field(i).Anonymous {
				continue // Meta: the package System's id, kind and place stay
			}
			if f := sv.Field(i); !f.IsZero() {
				mv.Field(i).Set(f)
			}
		}
		if p.System == nil {
			merged.Meta = sys.Meta
		}
		docs = append(docs, merged)
		v.System = merged
	}
	for _, d := range docs {
		m := d.meta()
		k := docKey{m.Kind, m.ID}
		if old, ok := v.byKey[k]; ok {
			list := v.byKind[m.Kind]
			for i, x := range list {
				if x == old {
					list[i] = d
				}
			}
		} else {
			v.byKind[m.Kind] = append(v.byKind[m.Kind], d)
		}
		v.byKey[k] = d
	}
	return v
}
