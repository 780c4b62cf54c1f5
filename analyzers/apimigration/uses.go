package apimigration

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/k8s"
)

// applicable returns the row that breaks a use at the span's target: the
// first change in the span after the last restoration of a removed
// object. kinds filters the rows considered.
func applicable(rows []apimigration.Change, s span, kinds ...apimigration.Kind) (apimigration.Change, bool) {
	var hit *apimigration.Change
	for i := range rows {
		r := &rows[i]
		if !s.contains(r.Minor) {
			continue
		}
		if r.Kind == apimigration.Restored {
			hit = nil
			continue
		}
		if hit == nil && kindIn(r.Kind, kinds) {
			hit = r
		}
	}
	if hit == nil {
		return apimigration.Change{}, false
	}
	return *hit, true
}

func kindIn(k apimigration.Kind, kinds []apimigration.Kind) bool {
	for _, x := range kinds {
		if x == k {
			return true
		}
	}
	return false
}

// changeOf returns the upgrade's span for package pkg and the row of one
// of kinds that breaks the object key in it.
func (c *checker) changeOf(pkg, key string, kinds ...apimigration.Kind) (span, apimigration.Change, bool) {
	rows := apimigration.ChangesOf(pkg, key)
	if len(rows) == 0 {
		return span{}, apimigration.Change{}, false
	}
	s, ok := c.spanOf(pkg)
	if !ok {
		return span{}, apimigration.Change{}, false
	}
	row, ok := applicable(rows, s, kinds...)
	return s, row, ok
}

// useKinds are the changes that break a use of the object itself.
var useKinds = []apimigration.Kind{apimigration.Removed, apimigration.Changed, apimigration.ValueChanged}

// imports reports the imports of packages removed in the span.
func (c *checker) imports(f *ast.File) {
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		rows := apimigration.ChangesOf(k8s.TrimVendor(path), "")
		if len(rows) == 0 {
			continue
		}
		s, ok := c.spanOf(k8s.TrimVendor(path))
		if !ok {
			continue
		}
		row, ok := applicable(rows, s, apimigration.Removed)
		if !ok {
			continue
		}
		c.removedImports[k8s.TrimVendor(path)] = true
		c.reportChange(spec, "package "+k8s.TrimVendor(path), s, row, nil)
	}
}

// uses reports the identifiers of f that refer to objects changed or
// deprecated in the span, at the qualified identifier or selector.
func (c *checker) uses(f *ast.File) {
	c.operands = operandsOf(f)
	done := map[*ast.Ident]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.SelectorExpr:
			done[n.Sel] = true
			c.use(n.Sel, n)
		case *ast.Ident:
			if !done[n] {
				c.use(n, nil)
			}
		}
		return true
	})
}

// use reports id, the name of an object (sel's when it is selected), at
// the qualified identifier (pkg.Name) or at the selected name.
func (c *checker) use(id *ast.Ident, sel *ast.SelectorExpr) {
	var node ast.Node = id
	if sel != nil && c.isQualified(sel) {
		node = sel
	}
	obj := c.pass.TypesInfo.Uses[id]
	pkg, key, ok := c.objectKey(obj)
	if !ok || c.removedImports[pkg] {
		return
	}
	rows := apimigration.ChangesOf(pkg, key)
	dep, deprecated := apimigration.DeprecationOf(pkg, key)
	if len(rows) == 0 && !deprecated {
		return
	}
	s, ok := c.spanOf(pkg)
	if !ok {
		return
	}
	name := qualifiedName(c.localName(obj.Pkg()), key)
	if changes := spanRows(rows, s, useKinds...); len(changes) > 0 {
		var use ast.Expr = id
		if sel != nil {
			use = sel
		}
		if row, ok := c.breakingRow(changes, obj, use); ok {
			c.reportChange(node, name, s, row, c.fixForUse(id, sel, s, row))
		}
		return
	}
	if deprecated && dep.Minor <= s.to && (dep.Minor > s.from || c.cfg.Deprecated) {
		c.reportDeprecation(node, name, s, dep, rows)
	}
}

// operandsOf returns the expressions of f that are selected from (the x
// of x.f and x.m()) or given to new variables (x in v := x).
func operandsOf(f *ast.File) map[ast.Expr]bool {
	out := map[ast.Expr]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			out[ast.Unparen(n.X)] = true
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, r := range n.Rhs {
					out[ast.Unparen(r)] = true
				}
			}
		}
		return true
	})
	return out
}

// valueStillCompiles reports whether a use of a variable or field whose
// type row changed survives, as callStillCompiles does for results: the
// value is only selected from or given to a new variable, so a new type
// with the same fields and methods compiles (ctrl.Log, a logr.Logger
// interface and then a struct in v0.11, with Log.WithName(...);
// PersistentVolumeClaimSpec.Resources, a VolumeResourceRequirements from
// Kubernetes 1.29, with spec.Resources.Requests).
func (c *checker) valueStillCompiles(use ast.Expr, row apimigration.Change) bool {
	if row.Kind != apimigration.Changed || (row.What != apimigration.Var && row.What != apimigration.Field) {
		return false
	}
	return c.operands[use]
}

// localName is the name under which the current file imports pkg, or
// its package name.
func (c *checker) localName(pkg *types.Package) string {
	if name := c.importName(k8s.PkgPath(pkg)); name != "" {
		return name
	}
	return pkg.Name()
}

// isQualified reports whether sel is a qualified identifier (pkg.Name).
func (c *checker) isQualified(sel *ast.SelectorExpr) bool {
	x, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	_, ok = c.pass.TypesInfo.Uses[x].(*types.PkgName)
	return ok
}

// isLibrary reports whether a type's package is one the table covers (or
// any package outside the analysed module's code: the standard library
// and other dependencies have no rows, but their types change with them
// or not at all).
func isLibrary(pkg *types.Package) bool {
	if pkg == nil {
		return true
	}
	f, _ := apimigration.FamilyOf(k8s.PkgPath(pkg))
	return f != apimigration.None
}
