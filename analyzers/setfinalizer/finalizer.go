package setfinalizer

import (
	"fmt"
	"go/ast"
	"go/types"
)

// checkFinalizer reports a SetFinalizer finalizer that makes the runtime
// panic (4) or that keeps the object reachable (8).
func (c *checker) checkFinalizer(h *hookCall) {
	if c.checkFinalizerType(h) {
		return // fixing the panic comes first
	}
	if targets := c.targetsOf(h, h.call.Args[0]); len(targets) > 0 {
		c.checkFunc(h, targets, h.call.Args[1], finalizerRefers)
	}
}

// checkFinalizerType mirrors runtime.SetFinalizer's checks of its second
// argument: nil, or a function of exactly one parameter that the first
// argument can be passed to. It tells whether it reported.
func (c *checker) checkFinalizerType(h *hookCall) bool {
	info := c.pass.TypesInfo
	fnArg := ast.Unparen(h.call.Args[1])
	tv, ok := info.Types[fnArg]
	if !ok || tv.IsNil() || !concrete(tv.Type) {
		return false
	}
	ft := tv.Type
	ftStr := c.typeString(ft)
	etyp := info.TypeOf(h.call.Args[0])
	known := etyp != nil && concrete(etyp) && isPointer(etyp)
	want := "a function of one parameter of the first argument's type"
	if known {
		want = "func(" + c.typeString(etyp) + ")"
	}
	sig, ok := ft.Underlying().(*types.Signature)
	reported := true
	switch {
	case !ok:
		c.rep.Reportf(fnArg, "runtime.SetFinalizer panics because its second argument is %s, not a function; pass %s, or nil to clear the finalizer", ftStr, want)
	case sig.Variadic():
		c.rep.Reportf(fnArg, "runtime.SetFinalizer panics because the finalizer %s is variadic; pass %s", ftStr, want)
	case sig.Params().Len() != 1:
		c.rep.Reportf(fnArg, "runtime.SetFinalizer panics because the finalizer %s does not take exactly one parameter; %s", ftStr, c.methodHint(fnArg, etyp, want))
	case known && !paramAccepts(sig.Params().At(0).Type(), etyp):
		c.rep.Reportf(fnArg, "runtime.SetFinalizer panics because it cannot pass %s to the finalizer %s; pass %s or a function whose parameter is an interface that %s implements",
			c.typeString(etyp), ftStr, want, c.typeString(etyp))
	default:
		reported = false
	}
	return reported
}

// methodHint suggests the method expression for a method value such as
// f.Close, or want otherwise.
func (c *checker) methodHint(fnArg ast.Expr, etyp types.Type, want string) string {
	se, ok := fnArg.(*ast.SelectorExpr)
	if !ok || etyp == nil || !isPointer(etyp) {
		return "pass " + want
	}
	sel := c.pass.TypesInfo.Selections[se]
	if sel == nil || sel.Kind() != types.MethodVal {
		return "pass " + want
	}
	if types.NewMethodSet(etyp).Lookup(sel.Obj().Pkg(), sel.Obj().Name()) == nil {
		return "pass " + want
	}
	return fmt.Sprintf("pass the method expression (%s).%s instead of the method value", c.typeString(etyp), sel.Obj().Name())
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).Underlying().(*types.Pointer)
	return ok
}

// paramAccepts mirrors runtime.SetFinalizer's test of whether a value of
// the pointer type etyp can be passed to a finalizer parameter of type
// fint: identical types; pointer types with identical element types when
// one of them has no methods and no name (the runtime's "uncommon" type
// data); the empty interface; an interface that etyp implements. Types
// that depend on type parameters are accepted unless identical types
// decide.
func paramAccepts(fint, etyp types.Type) bool {
	if types.Identical(fint, etyp) {
		return true
	}
	if mentionsTypeParam(fint) || mentionsTypeParam(etyp) || mentionsInvalid(fint) || mentionsInvalid(etyp) {
		return true
	}
	switch u := fint.Underlying().(type) {
	case *types.Pointer:
		ep, ok := etyp.Underlying().(*types.Pointer)
		return ok && types.Identical(u.Elem(), ep.Elem()) && (!uncommon(fint) || !uncommon(etyp))
	case *types.Interface:
		return u.NumMethods() == 0 || types.Implements(etyp, u)
	}
	return false
}

// uncommon reports whether the runtime's type descriptor of t has the
// "uncommon" part: t has a name or methods.
func uncommon(t types.Type) bool {
	t = types.Unalias(t)
	if _, ok := t.(*types.Named); ok {
		return true
	}
	return types.NewMethodSet(t).Len() > 0
}
