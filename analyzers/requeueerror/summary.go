package requeueerror

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
)

// summaryKey names one carrier result of a function of the package.
type summaryKey struct {
	fn  *types.Func
	idx int
}

// declOf returns the declaration of a function of this package, or nil.
func (c *checker) declOf(fn *types.Func) *ast.FuncDecl {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	if c.decls == nil {
		c.decls = astx.FuncDecls(c.pass.Files, c.pass.TypesInfo)
	}
	return c.decls[fn.Origin()]
}

// zeroOnError reports whether the idx-th result of fn, a function of
// this package whose last result is an error and whose idx-th result is
// a carrier, is zero on every return where that error may be non-nil: a
// zero duration, false, an empty Result, nil, a struct whose Results are
// empty. Its callers then hold a correlated pair (`d, err :=
// r.delay(ctx)`): a Result built from the carrier requests no requeue
// wherever the error is non-nil. The summary runs the same flow as the
// check over fn's body, with fn's own conditions (`if err != nil {
// return 0, err }`), and is memoized per pass; a function being
// summarised (recursion) is not zero-on-error.
func (c *checker) zeroOnError(fn *types.Func, idx int) bool {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return false
	}
	fn = fn.Origin()
	key := summaryKey{fn, idx}
	if done, ok := c.zoe[key]; ok {
		return done
	}
	c.zoe[key] = false
	decl := c.declOf(fn)
	if decl == nil {
		ok := c.implementationsZeroOnError(fn, idx)
		c.zoe[key] = ok
		return ok
	}
	sig := fn.Type().(*types.Signature)
	res := sig.Results()
	n := res.Len()
	if n < 2 || idx >= n-1 || !types.Identical(res.At(n-1).Type(), c.errorTyp) || carrierOf(res.At(idx).Type()) == notCarrier {
		return false
	}
	f := newFunc(c, decl.Type, decl.Body, sig, shape{res: idx, err: n - 1, n: n}, true)
	ok := f.zeroOnError()
	c.zoe[key] = ok
	return ok
}

// zeroOnError decides a summary: no return pairs a carrier that may be
// non-zero with an error that may be non-nil.
func (f *fn) zeroOnError() bool {
	if f.unknown {
		return false
	}
	f.solve()
	if f.unknown {
		return false
	}
	for _, r := range f.returns {
		if r.verdict != verdictQuiet {
			return false
		}
	}
	return true
}

// passedOnZero reports, for a summary, whether `return call(...)` passes
// on the results of a function that is itself zero-on-error at the same
// index.
func (f *fn) passedOnZero(rs *ast.ReturnStmt) bool {
	if len(rs.Results) != 1 {
		return false
	}
	call, ok := ast.Unparen(rs.Results[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	callee := f.c.callee(call)
	if callee == nil || callee.Type().(*types.Signature).Results().Len() != f.shape.n {
		return false
	}
	return f.c.zeroOnError(callee, f.shape.res)
}

// implementationsZeroOnError reports whether fn, a method of an interface
// of this package, is zero-on-error at idx in every type of the package
// outside its tests that implements the interface (at least one): a call
// through the interface runs one of them (CDI's transferHandler, whose
// two ReconcilePending methods return a delay only with a nil error;
// baremetal-operator's actionResult.Result). An implementation declared
// in another package would have to be handed in from there; the package's
// own are those it builds.
func (c *checker) implementationsZeroOnError(fn *types.Func, idx int) bool {
	recv := fn.Signature().Recv()
	if recv == nil {
		return false
	}
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	found := false
	for _, impl := range astx.Implementations(astx.ConcreteTypes(c.pass.Pkg), fn, iface) {
		if astx.InTestFile(c.pass.Fset, impl.Type.Obj().Pos()) {
			continue
		}
		if !c.zeroOnError(impl.Method, idx) {
			return false
		}
		found = true
	}
	return found
}
