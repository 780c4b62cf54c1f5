package reconcilecontext

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// A forwarder is a function or method of the package that passes one of
// its context parameters to an API call: a wrapper of the client
// (func (WriterFuncs) Patch(ctx context.Context, ...) calling
// sdk.Status().Patch(ctx, ...)). The summary is one level deep and per
// package: a forwarder of a forwarder is not one.

// forward is what a forwarder does with one context parameter.
type forward struct {
	index int    // the parameter
	api   string // the API call it reaches: "Status().Patch"
}

// forwarded classifies call as a call of a forwarder of the package: a
// declared function or method, or a method of an interface of the package
// whose every implementation in the package forwards the same parameter.
func (c *checker) forwarded(call *ast.CallExpr) (k8s.APICall, bool) {
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return k8s.APICall{}, false
	}
	fw, ok := c.forwardOf(fn)
	if !ok || fw.index >= len(call.Args) {
		return k8s.APICall{}, false
	}
	return k8s.APICall{
		Call:   call,
		Method: fn.Name(),
		Name:   types.ExprString(call.Fun) + " (which passes its context to " + fw.api + ")",
		Ctx:    call.Args[fw.index],
	}, true
}

// forwardOf summarizes fn, memoized.
func (c *checker) forwardOf(fn *types.Func) (forward, bool) {
	if fw, done := c.forwards[fn]; done {
		return fw, fw.api != ""
	}
	if c.forwards == nil {
		c.forwards = map[*types.Func]forward{}
	}
	var fw forward
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		fw = c.forwardIface(fn)
	} else if d := c.declOf(fn); d != nil {
		fw = c.forwardDecl(d)
	}
	c.forwards[fn] = fw
	return fw, fw.api != ""
}

// forwardDecl finds the first context parameter of d that an API call in
// its body receives, itself or a context derived from it.
func (c *checker) forwardDecl(d *ast.FuncDecl) forward {
	index := 0
	for _, field := range d.Type.Params.List {
		n := max(len(field.Names), 1)
		if k8s.IsNamed(c.pass.TypesInfo.TypeOf(field.Type), "context", "Context") {
			for i, name := range field.Names {
				v, _ := c.pass.TypesInfo.Defs[name].(*types.Var)
				if api := c.apiReceiving(d.Body, v); v != nil && api != "" {
					return forward{index: index + i, api: api}
				}
			}
		}
		index += n
	}
	return forward{}
}

// apiReceiving names the first API call in body whose context is v or
// derives from it.
func (c *checker) apiReceiving(body *ast.BlockStmt, v *types.Var) string {
	name := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if name != "" {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if api, ok := k8s.ClassifyAPICall(c.pass.TypesInfo, call); ok && c.derivesFrom(api.Ctx, v, 0) {
				name = api.Name
			}
		}
		return true
	})
	return name
}

// derivesFrom reports whether e is v, or a context derived from v by
// calls such as context.WithTimeout(v, d).
func (c *checker) derivesFrom(e ast.Expr, v *types.Var, depth int) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return c.pass.TypesInfo.Uses[e] == v
	case *ast.CallExpr:
		return depth < maxDepth && len(e.Args) > 0 && derivesContext(k8s.Callee(c.pass.TypesInfo, e)) &&
			c.derivesFrom(e.Args[0], v, depth+1)
	}
	return false
}

// forwardIface summarizes the interface method m: the parameter that
// every implementation by a named type of the package forwards to the
// same API call, when there is at least one.
func (c *checker) forwardIface(m *types.Func) forward {
	iface, ok := m.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return forward{}
	}
	var fw forward
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		var impl types.Type
		switch {
		case types.Implements(tn.Type(), iface):
			impl = tn.Type()
		case types.Implements(types.NewPointer(tn.Type()), iface):
			impl = types.NewPointer(tn.Type())
		default:
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(impl, true, c.pass.Pkg, m.Name())
		method, ok := obj.(*types.Func)
		if !ok {
			return forward{}
		}
		d := c.declOf(method.Origin())
		if d == nil {
			return forward{} // promoted from an embedded type, or declared elsewhere
		}
		f := c.forwardDecl(d)
		if f.api == "" || fw.api != "" && f.index != fw.index {
			return forward{}
		}
		if fw.api == "" {
			fw = f
		}
	}
	return fw
}

// declOf returns the declaration of the package's function fn, or nil.
func (c *checker) declOf(fn *types.Func) *ast.FuncDecl {
	if c.declared == nil {
		c.declared = astx.FuncDecls(c.pass.Files, c.pass.TypesInfo)
	}
	return c.declared[fn]
}
