package main

import (
	"go/token"
	"go/types"
	"sort"

	"github.com/opvet/opvet/internal/apimigration"
)

// aliasMembers compares, member by member, a defined struct or interface
// type of old that new turns into an alias (controller-runtime v0.19's
// controller.Options = TypedOptions[reconcile.Request], v0.18's
// predicate.GenerationChangedPredicate =
// TypedGenerationChangedPredicate[client.Object], cli-runtime 1.28's
// genericclioptions.IOStreams = genericiooptions.IOStreams). apidiff
// reports the name as changed, yet a mention of it, a literal of its
// unchanged fields and a value of it handed on compile as before: what
// breaks is a member whose type changed or that is gone, and, for an
// interface, a method it gains. ok is false when the type is not such a
// case (the caller keeps apidiff's rows); when it is true, rows may be
// empty (nothing changed but the spelling).
func (c *comparer) aliasMembers(path, name string, minor int) (rows []apimigration.Change, ok bool) {
	old, new := c.old, c.new
	ot, ok1 := old.Scope().Lookup(name).(*types.TypeName)
	nt, ok2 := new.Scope().Lookup(name).(*types.TypeName)
	if !ok1 || !ok2 || ot.IsAlias() || !nt.IsAlias() {
		return nil, false
	}
	oldNamed, _ := ot.Type().(*types.Named)
	newType := types.Unalias(nt.Type())
	if oldNamed == nil {
		return nil, false
	}
	ow, nw := c.ow, c.nw
	row := func(member string, kind apimigration.Kind, what apimigration.What, t types.Type) {
		ch := apimigration.Change{Pkg: path, Object: name + "." + member, Minor: minor, Kind: kind, What: what}
		if t != nil {
			ch.New = Shorten(typeText(new, t))
		}
		rows = append(rows, ch)
	}
	switch ou := oldNamed.Underlying().(type) {
	case *types.Struct:
		if _, isStruct := newType.Underlying().(*types.Struct); !isStruct {
			return nil, false
		}
		for f := range ou.Fields() {
			if !f.Exported() {
				continue
			}
			nf, _, _ := types.LookupFieldOrMethod(newType, true, new, f.Name())
			switch nf := nf.(type) {
			case *types.Var:
				if !sameFieldType(ow, nw, f.Type(), nf.Type()) {
					row(f.Name(), apimigration.Changed, apimigration.Field, nf.Type())
				}
			default:
				row(f.Name(), apimigration.Removed, apimigration.Field, nil)
			}
		}
		for m := range oldNamed.Methods() {
			methodRow(m, newType, new, ow, nw, row)
		}
	case *types.Interface:
		ni, isIface := newType.Underlying().(*types.Interface)
		if !isIface {
			return nil, false
		}
		for m := range ou.ExplicitMethods() {
			methodRow(m, newType, new, ow, nw, row)
		}
		for _, m := range gainedMethods(ou, ni) {
			row(m.Name(), apimigration.MethodAdded, apimigration.Method, m.Type())
		}
	default:
		return nil, false
	}
	sortChanges(rows)
	return rows, true
}

// sameFieldType reports whether a field of type o can hold what a field
// of type n holds and the reverse: the same type, or two interfaces with
// the same methods (workqueue.Interface and TypedInterface[any], client-go
// 1.31), between which values convert implicitly.
func sameFieldType(ow, nw *writer, o, n types.Type) bool {
	if ow.write(o) == nw.write(n) {
		return true
	}
	oi, ok1 := o.Underlying().(*types.Interface)
	ni, ok2 := n.Underlying().(*types.Interface)
	return ok1 && ok2 && ow.write(oi) == nw.write(ni)
}

// methodRow adds the row of the exported method m of the old type when
// the new type lacks it or has it with another signature.
func methodRow(m *types.Func, newType types.Type, new *types.Package, ow, nw *writer, row func(string, apimigration.Kind, apimigration.What, types.Type)) {
	if !m.Exported() {
		return
	}
	nm, _, _ := types.LookupFieldOrMethod(newType, true, new, m.Name())
	fn, isFunc := nm.(*types.Func)
	switch {
	case !isFunc:
		row(m.Name(), apimigration.Removed, apimigration.Method, nil)
	case ow.write(m.Type()) != nw.write(fn.Type()):
		row(m.Name(), apimigration.Changed, apimigration.Method, fn.Type())
	}
}

// gainedMethods returns the exported methods of the interface new that
// old lacks, by name (as for apidiff's rows, an unexported one is left
// out).
func gainedMethods(old, new *types.Interface) []*types.Func {
	had := map[string]bool{}
	for m := range old.Methods() {
		had[m.Name()] = true
	}
	var out []*types.Func
	for m := range new.Methods() {
		if !had[m.Name()] && m.Exported() {
			out = append(out, m)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name() < out[j].Name() })
	return out
}

// typeText writes t as a signature or type of the table, as apidiff
// writes them: types of pkg unqualified, those of other packages by
// package name, no parameter names.
func typeText(pkg *types.Package, t types.Type) string {
	if sig, ok := t.(*types.Signature); ok {
		t = types.NewSignatureType(nil, nil, nil, unnamed(sig.Params()), unnamed(sig.Results()), sig.Variadic())
	}
	return types.TypeString(t, func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	})
}

// unnamed returns the tuple t without its variables' names.
func unnamed(t *types.Tuple) *types.Tuple {
	vars := make([]*types.Var, t.Len())
	for i := range t.Len() {
		vars[i] = types.NewParam(token.NoPos, nil, "", t.At(i).Type())
	}
	return types.NewTuple(vars...)
}
