package setfinalizer

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/report"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "setfinalizer"

// Config is the check's configuration. The check has no options: every
// case it reports panics, never runs, or cannot do what a Kubernetes
// finalizer does.
type Config struct{}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:    Name,
	DocGo:   doc,
	Default: DefaultConfig,
	Enabled: true,
	Run: func(pass *analysis.Pass, rep *report.Reporter, _ Config) error {
		if !importsRuntime(pass.Pkg) {
			return nil
		}
		c := &checker{pass: pass, rep: rep}
		for _, f := range pass.Files {
			c.file = f
			for _, decl := range f.Decls {
				c.decl(decl)
			}
		}
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// importsRuntime reports whether pkg imports package runtime: the only
// way to call runtime.SetFinalizer or runtime.AddCleanup by name.
func importsRuntime(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == "runtime" {
			return true
		}
	}
	return false
}

// checker holds the state of one pass.
type checker struct {
	pass *analysis.Pass
	rep  *report.Reporter
	file *ast.File // the file being checked
}

// typeString formats t as the current file spells it.
func (c *checker) typeString(t types.Type) string {
	return types.TypeString(t, qualifier(c.pass.Pkg, c.file))
}

// hookCall is one call of runtime.SetFinalizer or runtime.AddCleanup.
type hookCall struct {
	call *ast.CallExpr
	name string // "runtime.SetFinalizer" or "runtime.AddCleanup"
	// cleanup is true for AddCleanup.
	cleanup bool
	// body is the body of the enclosing top-level function, or nil at
	// package level; local variables are resolved in it.
	body *ast.BlockStmt
	// reconcile is true when the call is inside a Reconcile method.
	reconcile bool
	// vars indexes the local variables of body, built on first use.
	vars *localVars
}

// hook names what the call attaches: "finalizer" or "cleanup".
func (h *hookCall) hook() string {
	if h.cleanup {
		return "cleanup"
	}
	return "finalizer"
}

// decl checks the calls in one top-level declaration.
func (c *checker) decl(decl ast.Decl) {
	var body *ast.BlockStmt
	reconcile := false
	if fd, ok := decl.(*ast.FuncDecl); ok {
		body = fd.Body
		reconcile = c.isReconcile(fd)
	}
	ast.Inspect(decl, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if name := k8s.CalleeName(call.Fun); name != "SetFinalizer" && name != "AddCleanup" {
			return true // cheap filter before the type lookup
		}
		fn := k8s.Callee(c.pass.TypesInfo, call)
		switch {
		case k8s.IsFunc(fn, "runtime", "SetFinalizer") && len(call.Args) == 2:
			c.check(&hookCall{call: call, name: "runtime.SetFinalizer", body: body, reconcile: reconcile})
		case k8s.IsFunc(fn, "runtime", "AddCleanup") && len(call.Args) == 3:
			c.check(&hookCall{call: call, name: "runtime.AddCleanup", cleanup: true, body: body, reconcile: reconcile})
		}
		return true
	})
}

// isReconcile reports whether fd is a reconciler's Reconcile method:
// Reconcile(context.Context, req) (reconcile.Result, error), where req is
// reconcile.Request (or ctrl.Request) or, for typed reconcilers, any
// request type.
func (c *checker) isReconcile(fd *ast.FuncDecl) bool {
	if fd.Recv == nil || fd.Name.Name != "Reconcile" {
		return false
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Params().Len() != 2 || sig.Results().Len() != 2 {
		return false
	}
	return k8s.IsNamed(sig.Params().At(0).Type(), "context", "Context") &&
		isValueNamed(sig.Results().At(0).Type(), k8s.Reconcile, "Result") &&
		types.Identical(sig.Results().At(1).Type(), types.Universe.Lookup("error").Type())
}

// isValueNamed is k8s.IsNamed without the pointer.
func isValueNamed(t types.Type, pkgPath, name string) bool {
	if _, ok := types.Unalias(t).(*types.Pointer); ok {
		return false
	}
	return k8s.IsNamed(t, pkgPath, name)
}

// check reports every problem of one call.
func (c *checker) check(h *hookCall) {
	c.checkPurpose(h)
	c.checkTarget(h)
	c.checkLifetime(h)
	if h.cleanup {
		c.checkCleanup(h)
	} else {
		c.checkFinalizer(h)
	}
}

// checkPurpose reports a Go GC hook used where a Kubernetes finalizer is
// meant: on an API object (1) or inside Reconcile (2).
func (c *checker) checkPurpose(h *hookCall) {
	if !h.cleanup && c.pass.TypesInfo.Types[ast.Unparen(h.call.Args[1])].IsNil() {
		return // clearing a finalizer is harmless
	}
	target := h.call.Args[0]
	t := c.pass.TypesInfo.TypeOf(target)
	if t != nil && k8s.IsAPIObject(t) {
		c.rep.Reportf(h.call.Fun,
			"%s on Kubernetes object %s runs when the Go value is garbage collected, not when the object is deleted from the cluster; "+
				"add a finalizer to metadata.finalizers with controllerutil.AddFinalizer and remove it with controllerutil.RemoveFinalizer after cleanup",
			h.name, c.typeString(t))
		return
	}
	if h.reconcile {
		c.rep.Reportf(h.call.Fun,
			"%s in Reconcile ties cleanup to the garbage collection of a Go value, not to the reconcile or to the object's lifecycle; "+
				"release resources explicitly (defer Close) and use metadata.finalizers (controllerutil.AddFinalizer/RemoveFinalizer) for cleanup on deletion",
			h.name)
	}
}
