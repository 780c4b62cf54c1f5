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
// may hold a resourceVersion (read from the server or a cache, decoded,
// held in a field, handed to unseen code), the Update may be right and is
// not reported; when every call hands a fresh object, the report stands.
// A caller that passes on its own parameter is judged the same way, by
// its callers. Exported functions, functions used as values and functions
// never called in the package keep the report: their callers are unseen.

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
// index an object with a resourceVersion.
func (c *checker) callGivesVersion(u astx.Use, index int, seen map[*types.Func]bool) bool {
	caller := c.flow.Func(u.Func())
	site := caller.Call(u.Call)
	if site == nil {
		return false // never reached: it hands nothing
	}
	if index >= len(site.Args) || len(site.Args[index]) == 0 {
		return true // an object the flow does not follow: unknown
	}
	for _, id := range site.Args[index] {
		facts := site.Facts(id)
		if facts.Has(notFresh&^objflow.Foreign | objflow.DecodedBits) {
			return true
		}
		if !facts.Has(objflow.Foreign) {
			continue
		}
		arg := caller.Value(id)
		if arg == nil || arg.Kind != objflow.Param || c.givesVersion(caller.Node, arg.Var, seen) {
			return true
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
