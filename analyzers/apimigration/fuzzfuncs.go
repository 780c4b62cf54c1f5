package apimigration

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/k8s"
)

const (
	gofuzzPath     = "github.com/google/gofuzz"
	serializerPath = apimigration.APIMachineryPath + "/pkg/runtime/serializer"
)

// fuzzerFuncs reports, when the span of k8s.io/apimachinery crosses the
// release that moved its API fuzzer to randfill, the custom fill functions
// taking gofuzz's Continue that a function shaped as fuzzer.FuzzerFuncs
// (func(serializer.CodecFactory) []interface{}) returns: they still
// compile, and randfill panics on them.
func (c *checker) fuzzerFuncs() {
	s, ok := c.spanOf(apimigration.APIMachineryPath)
	if !ok || !s.contains(apimigration.BehaviourOf(apimigration.RandfillFuncs).Minor) {
		return
	}
	for _, f := range c.files {
		c.file = f
		ast.Inspect(f, func(n ast.Node) bool {
			var fn types.Type
			var body *ast.BlockStmt
			switch d := n.(type) {
			case *ast.FuncDecl:
				if obj := c.pass.TypesInfo.Defs[d.Name]; obj != nil {
					fn, body = obj.Type(), d.Body
				}
			case *ast.FuncLit:
				fn, body = c.pass.TypesInfo.TypeOf(d), d.Body
			}
			if body != nil && isFuzzerFuncs(fn) {
				c.returnedFillFuncs(body, s)
			}
			return true
		})
	}
}

// returnedFillFuncs reports the elements taking gofuzz's Continue of the
// slice literals that body returns (not those of nested function literals).
func (c *checker) returnedFillFuncs(body *ast.BlockStmt, s span) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				return false
			}
			if lit, ok := ast.Unparen(n.Results[0]).(*ast.CompositeLit); ok {
				for _, elt := range lit.Elts {
					c.gofuzzFillFunc(elt, s)
				}
			}
			return false
		}
		return true
	})
}

// gofuzzFillFunc reports elt when it is a function with a parameter of
// gofuzz's Continue type: at that parameter of a function literal or of a
// function declared in the package, else at elt.
func (c *checker) gofuzzFillFunc(elt ast.Expr, s span) {
	elt = ast.Unparen(elt)
	params := funcParams(elt)
	if id, ok := elt.(*ast.Ident); ok {
		if decl := c.declaredFunc(c.pass.TypesInfo.Uses[id]); decl != nil {
			params = decl.Type.Params
		}
	}
	sig, ok := c.pass.TypesInfo.TypeOf(elt).(*types.Signature)
	if !ok {
		return
	}
	for i := range sig.Params().Len() {
		if !isGofuzzContinue(sig.Params().At(i).Type()) {
			continue
		}
		var at ast.Node = elt
		if p := paramExpr(params, i); p != nil {
			at = p
		}
		name := "this fill function"
		if id, ok := elt.(*ast.Ident); ok {
			name = id.Name
		}
		c.reportBehaviour(at, fmt.Sprintf("%s takes %s.Continue and is returned as a fuzzer.FuzzerFuncs function", name, gofuzzPath),
			apimigration.RandfillFuncs, s)
		return
	}
}

// funcParams returns the parameters of a function literal, or nil.
func funcParams(e ast.Expr) *ast.FieldList {
	if lit, ok := e.(*ast.FuncLit); ok {
		return lit.Type.Params
	}
	return nil
}

// declaredFunc returns the declaration of obj, a function of the package's
// files, or nil.
func (c *checker) declaredFunc(obj types.Object) *ast.FuncDecl {
	fn, ok := obj.(*types.Func)
	if !ok || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && c.pass.TypesInfo.Defs[fd.Name] == obj {
				return fd
			}
		}
	}
	return nil
}

// paramExpr returns the type expression of the i-th parameter in params
// (a field may declare several), or nil.
func paramExpr(params *ast.FieldList, i int) ast.Expr {
	if params == nil {
		return nil
	}
	for _, field := range params.List {
		n := max(len(field.Names), 1)
		if i < n {
			return field.Type
		}
		i -= n
	}
	return nil
}

// isFuzzerFuncs reports whether t is the signature of apimachinery's
// fuzzer.FuzzerFuncs: func(serializer.CodecFactory) []interface{}.
func isFuzzerFuncs(t types.Type) bool {
	sig, ok := t.(*types.Signature)
	if !ok || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	if !isNamed(sig.Params().At(0).Type(), serializerPath, "CodecFactory") {
		return false
	}
	slice, ok := sig.Results().At(0).Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	iface, ok := slice.Elem().Underlying().(*types.Interface)
	return ok && iface.Empty()
}

// isGofuzzContinue reports whether t is gofuzz's Continue or a pointer to it.
func isGofuzzContinue(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	return isNamed(t, gofuzzPath, "Continue")
}

// isNamed reports whether t is the defined type pkg.name.
func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && k8s.PkgPath(n.Obj().Pkg()) == pkg && n.Obj().Name() == name
}
