package objflow_test

import (
	"fmt"
	"go/ast"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	iobjflow "github.com/opvet/opvet/internal/objflow"
	"github.com/opvet/opvet/internal/testroot"
	"github.com/opvet/opvet/passes/objflow"
)

// probe reports, at each call Debug(x, y, ...), what the analysis knows of
// each argument just before the call: "x=Alloc[] y=Param[Foreign|...]",
// objects sorted; at each DebugChanges(x) the changes of x's objects; at
// each DebugAlias(x, y) whether x and y may be the same object. (Debug is
// a read-only name for the analysis: the probes change nothing.) At each
// DebugHow(x), the changes of x's objects with how they were made:
// Labels(indirect), Spec(presumed,indirect). Debug leaves Unfilled and
// Unchanged out; DebugFilled(x) shows only Filled and Unfilled:
// "Fresh[Filled|Unfilled]" is an object filled on some paths to the call
// only.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "test probe",
	Requires: []*analysis.Analyzer{objflow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[objflow.Analyzer].(*iobjflow.Package)
		for _, f := range pass.Files {
			var stack []ast.Node
			ast.Inspect(f, func(n ast.Node) bool {
				if n == nil {
					stack = stack[:len(stack)-1]
					return true
				}
				stack = append(stack, n)
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				id, ok := call.Fun.(*ast.Ident)
				if !ok || (id.Name != "Debug" && id.Name != "DebugChanges" && id.Name != "DebugAlias" && id.Name != "DebugHow" && id.Name != "DebugFilled") {
					return true
				}
				fn := res.Func(enclosing(stack))
				site := fn.Call(call)
				if site == nil {
					pass.Reportf(call.Pos(), "unreached")
					return true
				}
				if id.Name == "DebugAlias" {
					if site.Args[0].Intersects(site.Args[1]) {
						pass.Reportf(call.Pos(), "alias")
					} else {
						pass.Reportf(call.Pos(), "distinct")
					}
					return true
				}
				var parts []string
				for i, arg := range call.Args {
					parts = append(parts, fmt.Sprintf("%s=%s", exprString(arg), describe(fn, site, site.Args[i], id.Name)))
				}
				pass.Reportf(call.Pos(), "%s", strings.Join(parts, " "))
				return true
			})
		}
		return nil, nil
	},
}

func exprString(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.UnaryExpr:
		return e.Op.String() + exprString(e.X)
	case *ast.SelectorExpr:
		return exprString(e.X) + "." + e.Sel.Name
	}
	return "?"
}

func enclosing(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		switch stack[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return stack[i]
		}
	}
	return nil
}

func describe(fn *iobjflow.Func, site *iobjflow.CallSite, set iobjflow.Set, probe string) string {
	if len(set) == 0 {
		return "none"
	}
	var out []string
	for _, id := range set {
		v := fn.Value(id)
		facts := site.Facts(id)
		if probe != "Debug" && probe != "DebugFilled" {
			var labels []string
			for _, c := range facts.Changes {
				labels = append(labels, changeLabel(c, probe == "DebugHow"))
			}
			sort.Strings(labels)
			out = append(out, v.Kind.String()+"{"+strings.Join(labels, ",")+"}")
			continue
		}
		var bits iobjflow.Bits
		if facts != nil {
			bits = facts.Bits &^ (iobjflow.Unfilled | iobjflow.Unchanged)
			if probe == "DebugFilled" {
				bits = facts.Bits & (iobjflow.Filled | iobjflow.Unfilled)
			}
		}
		out = append(out, v.Kind.String()+"["+bits.String()+"]")
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func changeLabel(c iobjflow.Change, how bool) string {
	l := c.Label()
	if !how {
		if c.What != "" {
			l += "(" + c.What + ")"
		}
		return l
	}
	var flags []string
	if c.Presumed {
		flags = append(flags, "presumed")
	}
	if c.Indirect {
		flags = append(flags, "indirect")
	}
	return l + "(" + strings.Join(flags, ",") + ")"
}

// patchProbe reports each function that objflow says makes a merge patch.
var patchProbe = &analysis.Analyzer{
	Name:     "patchprobe",
	Doc:      "test probe of MakesPatch",
	Requires: []*analysis.Analyzer{objflow.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[objflow.Analyzer].(*iobjflow.Package)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.FuncDecl, *ast.FuncLit:
					if res.MakesPatch(n) {
						pass.Reportf(n.Pos(), "makes a patch")
					}
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestMakesPatch: a function makes a patch when it, or a literal it
// holds, calls MergeFrom and friends.
func TestMakesPatch(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), patchProbe, "patchmakers")
}

func TestFlow(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), probe, "flow", "flow2", "flow3")
}

// TestLoopsConverge fails, rather than hangs, when a loop makes the
// analysis create objects without end (a load of a load of ... of the
// same expression, as once on cert-manager's in-place deduplication).
func TestLoopsConverge(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		analysistest.Run(t, testroot.GOPATH(t), probe, "flow4")
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the object flow of flow4 did not converge within 2 minutes")
	}
}

// everyFunc analyses every function of a package, which may not
// type-check.
var everyFunc = &analysis.Analyzer{
	Name:             "everyfunc",
	Doc:              "test: analyse every function",
	Requires:         []*analysis.Analyzer{objflow.Analyzer},
	RunDespiteErrors: true,
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[objflow.Analyzer].(*iobjflow.Package)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.FuncDecl, *ast.FuncLit:
					res.Func(n)
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestIllTyped: a package that does not type-check (expressions without a
// type) is analysed without a panic, its summaries exported included.
func TestIllTyped(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), everyFunc, "illtyped")
}
