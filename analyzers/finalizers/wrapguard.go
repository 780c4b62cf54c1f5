package finalizers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/objflow"
)

// Item 2 through an add wrapper of another package of the module
// (k8s.AddFinalizer(ctx, log, c, obj, name) in a tools/k8s package): the
// finalizer is added where the wrapper is called, and the question is the
// same as for AddFinalizer, unless the wrapper checks deletion itself.
// Without facts, the wrapper's body is read from its source file (the
// position its export data records), parsed without type information:
// a wrapper whose file cannot be read or lies outside the module (a
// library's helper, such as cluster-api's finalizers.EnsureFinalizer,
// which checks) is not judged. A wrapper of the package itself is judged
// where it lies, as any function of the package.

// wrapperObject returns the objects a call of an add wrapper adds the
// finalizer to, or nil when the call is not judged: the wrapper lies in
// the package or outside the module, checks deletion itself, or takes no
// API object.
func (c *checker) wrapperObject(s *site, site *objflow.CallSite) objflow.Set {
	fn := k8s.Callee(c.pass.TypesInfo, s.call)
	if fn == nil || fn.Pkg() == c.pass.Pkg || !c.wrapperUnchecked(fn) {
		return nil
	}
	for i, arg := range s.call.Args {
		if i < len(site.Args) && k8s.IsAPIObject(c.pass.TypesInfo.TypeOf(arg)) {
			return site.Args[i]
		}
	}
	return nil
}

// wrapperUnchecked reports whether fn, a function of another package of
// the module, has a body that makes no deletion check: no DeletionTimestamp
// and no call whose name speaks of deletion.
func (c *checker) wrapperUnchecked(fn *types.Func) bool {
	if v, ok := c.wrappers[fn]; ok {
		return v
	}
	body := c.moduleFuncBody(fn)
	unchecked := body != nil && !mentionsDeletionTimestamp(body) && !callsDeletionNamed(body)
	if c.wrappers == nil {
		c.wrappers = map[*types.Func]bool{}
	}
	c.wrappers[fn] = unchecked
	return unchecked
}

// moduleFuncBody parses the file that declares fn, when it lies in the
// module of the package under analysis (not in a nested module nor its
// vendor directory), and returns fn's body, or nil.
func (c *checker) moduleFuncBody(fn *types.Func) *ast.BlockStmt {
	pos := c.pass.Fset.Position(fn.Pos())
	dir := c.packageDir()
	if dir == "" || !pos.IsValid() || !filepath.IsAbs(pos.Filename) {
		return nil
	}
	root, fileDir := modtree.Root(dir), filepath.Dir(pos.Filename)
	if root == "" || modtree.Root(fileDir) != root || !inModuleTree(root, fileDir) {
		return nil
	}
	data, err := os.ReadFile(pos.Filename)
	if err != nil {
		return nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, pos.Filename, data, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Body != nil && fd.Name.Name == fn.Name() && fset.Position(fd.Name.Pos()).Line == pos.Line {
			return fd.Body
		}
	}
	return nil
}

// callsDeletionNamed reports whether body calls a function whose name
// speaks of deletion (isBeingDeleted(obj)), other than Delete itself.
func callsDeletionNamed(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		var name string
		switch fun := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			name = fun.Name
		case *ast.SelectorExpr:
			name = fun.Sel.Name
		}
		found = k8s.NameSpeaksOfDeletion(name)
		return !found
	})
	return found
}
