package reconcilecontext

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/k8s"
)

// def is one value stored into a local variable: rhs, or result index of
// the call rhs.
type def struct {
	rhs   ast.Expr // nil: a declaration without value, or a value opvet cannot see
	index int
}

// background tells whether e is context.Background() or context.TODO()
// (direct), or a context derived from one of them: through a call that
// takes a context first and returns one (context.WithTimeout,
// context.WithValue, ctrl.LoggerInto), or through local variables all of
// whose values are such contexts. origin names the root call; it is ""
// when e derives from anything else, including context.WithoutCancel,
// which detaches on purpose.
func (fc *funcCheck) background(e ast.Expr) (origin string, direct bool) {
	return fc.origin(e, 0)
}

const maxDepth = 8

func (fc *funcCheck) origin(e ast.Expr, depth int) (string, bool) {
	if depth > maxDepth {
		return "", false
	}
	info := fc.c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn := k8s.Callee(info, e)
		if root := rootContext(fn); root != "" {
			return root, depth == 0
		}
		if derivesContext(fn) && len(e.Args) > 0 {
			if o, _ := fc.origin(e.Args[0], depth+1); o != "" {
				return o, false
			}
		}
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok || v == fc.ctx {
			return "", false
		}
		return fc.varOrigin(v, depth), false
	}
	return "", false
}

// rootContext names fn if it is context.Background or context.TODO.
func rootContext(fn *types.Func) string {
	if fn == nil || fn.Name() != "Background" && fn.Name() != "TODO" {
		return ""
	}
	if k8s.IsFunc(fn, "context", "Background") || k8s.IsFunc(fn, "context", "TODO") {
		return "context." + fn.Name() + "()"
	}
	return ""
}

// derivesContext reports whether fn returns a context derived from its
// first argument: its first parameter and first result are
// context.Context. context.WithoutCancel detaches on purpose: it does not
// count.
func derivesContext(fn *types.Func) bool {
	if fn == nil || k8s.IsFunc(fn, "context", "WithoutCancel") {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() > 0 && sig.Results().Len() > 0 &&
		k8s.IsNamed(sig.Params().At(0).Type(), "context", "Context") &&
		k8s.IsNamed(sig.Results().At(0).Type(), "context", "Context")
}

// varOrigin tells whether every value stored into the local variable v
// derives from context.Background or TODO, and names the root of the
// first; "" otherwise.
func (fc *funcCheck) varOrigin(v *types.Var, depth int) string {
	if fc.defs == nil {
		fc.collectDefs()
	}
	if o, done := fc.origins[v]; done {
		return o // also "" while v is being judged: x = context.WithValue(x, ...)
	}
	fc.origins[v] = ""
	o := fc.judgeVar(v, fc.defs[v], depth)
	fc.origins[v] = o
	return o
}

func (fc *funcCheck) judgeVar(v *types.Var, defs []def, depth int) string {
	origin := ""
	for _, d := range defs {
		if d.rhs == nil || d.index > 0 {
			return ""
		}
		if fc.derivesFromItself(v, d.rhs) {
			continue // ctx, span = tracer.Start(ctx, ...): as fresh as ctx's other values
		}
		o, _ := fc.origin(d.rhs, depth+1)
		if o == "" {
			return ""
		}
		if origin == "" {
			origin = o
		}
	}
	return origin
}

// collectDefs lists the values stored into the variables declared in the
// function, nested literals included. A variable whose address is taken
// gets an unknown value.
func (fc *funcCheck) collectDefs() {
	fc.defs = map[*types.Var][]def{}
	fc.origins = map[*types.Var]string{}
	info := fc.c.pass.TypesInfo
	add := func(lhs ast.Expr, d def) {
		id, ok := ast.Unparen(lhs).(*ast.Ident)
		if !ok {
			return
		}
		if v, ok := info.ObjectOf(id).(*types.Var); ok && fc.declaredHere(v) {
			fc.defs[v] = append(fc.defs[v], d)
		}
	}
	ast.Inspect(fc.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				switch {
				case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
					add(lhs, def{})
				case len(n.Rhs) == len(n.Lhs):
					add(lhs, def{rhs: n.Rhs[i]})
				default:
					add(lhs, def{rhs: n.Rhs[0], index: i})
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				switch {
				case len(n.Values) == len(n.Names):
					add(name, def{rhs: n.Values[i]})
				case len(n.Values) == 1:
					add(name, def{rhs: n.Values[0], index: i})
				default:
					add(name, def{})
				}
			}
		case *ast.RangeStmt:
			add(n.Key, def{})
			if n.Value != nil {
				add(n.Value, def{})
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				add(n.X, def{})
			}
		}
		return true
	})
}

// declaredHere reports whether v is a local variable of the function
// being checked (not a parameter: the caller gives those).
func (fc *funcCheck) declaredHere(v *types.Var) bool {
	return v.Pos() > fc.body.Pos() && v.Pos() < fc.body.End()
}

// setsDeadline reports whether fn is one of the context package's
// functions that derive a context with a deadline.
func setsDeadline(fn *types.Func) bool {
	for _, name := range []string{"WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause"} {
		if k8s.IsFunc(fn, "context", name) {
			return true
		}
	}
	return false
}

// derivesFromItself reports whether rhs derives a context from v itself
// (ctx = context.WithValue(ctx, k, val)): such a value is as fresh as the
// other values of v.
func (fc *funcCheck) derivesFromItself(v *types.Var, rhs ast.Expr) bool {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || !derivesContext(k8s.Callee(fc.c.pass.TypesInfo, call)) {
		return false
	}
	id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
	return ok && fc.c.pass.TypesInfo.Uses[id] == v
}
