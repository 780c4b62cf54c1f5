package requeuedelay

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/report"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "requeuedelay"

// Config is the check's configuration; it has no options.
type Config struct{}

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  func() Config { return Config{} },
	Enabled:  true,
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass, rep *report.Reporter, _ Config) error {
		run(pass, rep)
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// maxUnitless is the delay below which a constant without a unit is
// taken for a forgotten unit: nobody writes a millisecond or more in
// nanoseconds by hand without saying so.
const maxUnitless = int64(time.Millisecond)

func run(pass *analysis.Pass, rep *report.Reporter) {
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	filter := []ast.Node{(*ast.File)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)}
	in.Nodes(filter, func(n ast.Node, push bool) bool {
		if !push {
			return true
		}
		switch n := n.(type) {
		case *ast.File:
			return !astx.InTestFile(pass.Fset, n.Pos())
		case *ast.CompositeLit:
			if k8s.IsReconcileResult(pass.TypesInfo.TypeOf(n)) {
				checkLiteral(pass, rep, n)
			}
		case *ast.AssignStmt:
			checkAssign(pass, rep, n)
		}
		return true
	})
}

// checkLiteral judges the RequeueAfter of a reconcile.Result literal.
func checkLiteral(pass *analysis.Pass, rep *report.Reporter, lit *ast.CompositeLit) {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return // an unkeyed literal (vet reports those of imported types)
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == "RequeueAfter" {
			judge(pass, rep, kv.Value)
		}
	}
}

// checkAssign judges res.RequeueAfter = d for a reconcile.Result res.
func checkAssign(pass *analysis.Pass, rep *report.Reporter, as *ast.AssignStmt) {
	if as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
		return
	}
	for i, lhs := range as.Lhs {
		sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "RequeueAfter" {
			continue
		}
		recv := pass.TypesInfo.TypeOf(sel.X)
		if p, ok := types.Unalias(recv).(*types.Pointer); ok {
			recv = p.Elem()
		}
		if k8s.IsReconcileResult(recv) {
			judge(pass, rep, as.Rhs[i])
		}
	}
}

// judge reports e when it is a constant delay above zero and below
// maxUnitless written without a unit.
func judge(pass *analysis.Pass, rep *report.Reporter, e ast.Expr) {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return
	}
	ns, exact := constant.Int64Val(tv.Value)
	if !exact || ns <= 0 || ns >= maxUnitless || hasUnit(pass.TypesInfo, e) {
		return
	}
	rep.Report(analysis.Diagnostic{
		Pos: e.Pos(), End: e.End(),
		Message: fmt.Sprintf("RequeueAfter is %s, %d nanosecond%s (a time.Duration counts nanoseconds), so "+
			"controller-runtime requeues the object at once, without backoff (a hot loop where every reconcile returns it); multiply by the "+
			"unit meant (%s * time.Second), or write time.Nanosecond if it is meant",
			types.ExprString(e), ns, plural(ns), types.ExprString(unitless(e))),
	})
}

// hasUnit reports whether e names a constant of type time.Duration
// (time.Second, a package constant declared as a Duration): the author
// wrote a unit.
func hasUnit(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found {
			return !found
		}
		if c, ok := info.Uses[id].(*types.Const); ok && k8s.IsNamed(c.Type(), "time", "Duration") {
			found = true
		}
		return true
	})
	return found
}

// unitless returns the number inside a conversion to time.Duration
// (time.Duration(n) is n), for the message's example.
func unitless(e ast.Expr) ast.Expr {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 {
		return call.Args[0]
	}
	return e
}

func plural(n int64) string {
	if n == 1 {
		return ""
	}
	return "s"
}
