package resourceversion

import (
	"cmp"
	"go/ast"
	"go/types"
	"slices"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/objflow"
)

// A parameter sent with Update after the current object was read into
// another variable (fetchedElsewhere) has a resourceVersion only if its
// caller gave it one. When every caller is in the package, that is known:
// a function or method with an unexported name is called only there
// (directly, or through an interface of the package that declares the
// method), so its calls are read. When some call hands it an object that
// shows it may hold a resourceVersion (read from the server or a cache,
// decoded, handed to unseen code), the Update may be right and is not
// reported; otherwise the report stands. A caller that passes on its own
// parameter (or a copy of it) is judged the same way, by its callers.
// Exported functions, functions used as values and functions never called
// in the package keep the report: their callers are unseen.

// callersGiveVersion reports whether some call of the function of f in
// the package may hand its parameter v an object with a resourceVersion.
func (c *checker) callersGiveVersion(f *objflow.Func, v *types.Var) bool {
	return c.givesVersion(f.Node, v, map[*types.Func]bool{})
}

// givesVersion is callersGiveVersion for the function node fn, with the
// functions already asked about (a cycle of calls gives nothing new).
func (c *checker) givesVersion(node ast.Node, v *types.Var, seen map[*types.Func]bool) bool {
	decl, ok := node.(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil || fn.Exported() || seen[fn] {
		return false
	}
	seen[fn] = true
	index := astx.ParamIndex(fn.Signature(), v)
	if index < 0 {
		return false
	}
	calls, ok := c.callsOf(fn)
	if !ok {
		return false
	}
	for _, u := range calls {
		if c.callGivesVersion(u, index, seen) {
			return true
		}
	}
	return false
}

// callGivesVersion reports whether the call u may hand the parameter at
// index an object with a resourceVersion, on evidence: an object read from
// the server or a cache, decoded, or handed to unseen code, or the
// caller's own parameter judged by its callers (also through a copy of
// it). An object the flow does not follow, one captured from an enclosing
// function, or an element of a collection is no evidence: the report
// stands (VictoriaMetrics' reconcileService, given a copy of a fresh
// Service through a retry closure; kyverno's createPVNew, given elements
// of a slice of built objects).
func (c *checker) callGivesVersion(u astx.Use, index int, seen map[*types.Func]bool) bool {
	caller := c.flow.Func(u.Func())
	site := caller.Call(u.Call)
	if site == nil || index >= len(site.Args) {
		return false
	}
	for _, id := range site.Args[index] {
		if c.givenHasVersion(caller, site, id, seen) {
			return true
		}
	}
	return false
}

// givenHasVersion reports whether the object id, handed at site by the
// function of caller, shows evidence of a resourceVersion.
func (c *checker) givenHasVersion(caller *objflow.Func, site *objflow.CallSite, id int32, seen map[*types.Func]bool) bool {
	facts := site.Facts(id)
	if facts.Has(notFresh&^objflow.Foreign | objflow.DecodedBits) {
		return true
	}
	arg := caller.Value(id)
	switch {
	case arg == nil:
		return false
	case arg.Kind == objflow.Param:
		return c.givesVersion(caller.Node, arg.Var, seen)
	case arg.Kind == objflow.Copy:
		for _, src := range caller.CopiedFrom(site, id) {
			if c.givenHasVersion(caller, site, src, seen) {
				return true
			}
		}
	}
	return false
}

// callsOf returns the calls of fn outside tests: its own and those of
// the methods of the package's interfaces that fn's type implements
// under the same name. ok is false when fn is used as a value: its calls
// are then unseen.
func (c *checker) callsOf(fn *types.Func) (calls []astx.Use, ok bool) {
	if c.uses == nil {
		c.uses = astx.FuncUses(c.in, c.pass.Fset, c.pass.TypesInfo, c.pass.Pkg)
	}
	for callee, uses := range c.uses {
		if callee != fn && !c.dispatchesTo(callee, fn) {
			continue
		}
		for _, u := range uses {
			switch {
			case u.Test:
			case u.Call == nil:
				return nil, false
			default:
				calls = append(calls, u)
			}
		}
	}
	slices.SortFunc(calls, func(a, b astx.Use) int { return cmp.Compare(a.Call.Pos(), b.Call.Pos()) })
	return calls, len(calls) > 0
}

// dispatchesTo reports whether a call of m, a method of an interface of
// the package, may run the method fn: same name, and fn's receiver type
// implements the interface.
func (c *checker) dispatchesTo(m, fn *types.Func) bool {
	recv := fn.Signature().Recv()
	mrecv := m.Signature().Recv()
	if recv == nil || mrecv == nil || m.Name() != fn.Name() {
		return false
	}
	iface, ok := mrecv.Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface)
}
