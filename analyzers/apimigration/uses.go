package apimigration

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
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

// uses reports the identifiers that refer to objects the span changes or
// newly deprecates, at the qualified identifier or selector. The
// candidates come from the type checker's record of uses, filtered by
// package and then by object (both cached), so that the files are not
// walked and most identifiers cost one map lookup.
func (c *checker) uses() {
	var ids []*ast.Ident
	for id, obj := range c.pass.TypesInfo.Uses {
		if c.objectInfo(obj) != nil {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i].Pos() < ids[j].Pos() })
	c.index()
	root := c.in.Root()
	for _, id := range ids {
		f := c.fileOf(id.Pos())
		if f == nil {
			continue // a generated file
		}
		c.file = f
		cur, ok := root.FindByPos(id.Pos(), id.End())
		if !ok || cur.Node() != id {
			continue
		}
		sel, _ := cur.Parent().Node().(*ast.SelectorExpr)
		if sel != nil && sel.Sel != id {
			sel = nil
		}
		c.use(id, sel)
	}
}

// fileOf returns the file of c.files (sorted by position) that holds pos.
func (c *checker) fileOf(pos token.Pos) *ast.File {
	i := sort.Search(len(c.files), func(i int) bool { return c.files[i].FileEnd >= pos })
	if i < len(c.files) && c.files[i].FileStart <= pos {
		return c.files[i]
	}
	return nil
}

// use reports id, the name of an object (sel's when it is selected), at
// the qualified identifier (pkg.Name) or at the selected name.
func (c *checker) use(id *ast.Ident, sel *ast.SelectorExpr) {
	var node ast.Node = id
	if sel != nil && c.isQualified(sel) {
		node = sel
	}
	obj := c.pass.TypesInfo.Uses[id]
	info := c.objectInfo(obj)
	if info == nil || c.removedImports[info.pkg] {
		return
	}
	s := info.span
	name := qualifiedName(c.localName(obj.Pkg()), info.key)
	if len(info.changes) > 0 {
		var use ast.Expr = id
		if sel != nil {
			use = sel
		}
		if row, ok := c.breakingRow(info.changes, obj, use); ok {
			c.reportChange(node, name, s, row, c.fixForUse(id, sel, s, row))
		}
		return
	}
	c.reportDeprecation(node, name, s, info.deprecation, info.rows)
}

// pkgInfo is what the table says about a package.
type pkgInfo struct {
	path   string
	family apimigration.Family
	// span is the upgrade's span of its module; ok is false when the
	// package is not the table's, the table has no row about it, or the
	// upgrade crosses no release of its module.
	span span
	ok   bool
}

// packageInfo returns the cached pkgInfo of pkg.
func (c *checker) packageInfo(pkg *types.Package) *pkgInfo {
	if p, ok := c.pkgs[pkg]; ok {
		return p
	}
	p := &pkgInfo{path: k8s.PkgPath(pkg)}
	if p.family, _ = apimigration.FamilyOf(p.path); p.family != apimigration.None && apimigration.HasPackage(p.path) {
		p.span, p.ok = c.spanOf(p.path)
	}
	c.pkgs[pkg] = p
	return p
}

// objInfo is what the span changes of a used object.
type objInfo struct {
	pkg, key string
	span     span
	// rows are the object's rows; changes those of useKinds that the
	// span crosses (after the last restoration).
	rows, changes []apimigration.Change
	// deprecation is reported when changes is empty.
	deprecation apimigration.Deprecation
}

// objectInfo returns the cached objInfo of obj, or nil when the span
// neither changes nor newly deprecates it.
func (c *checker) objectInfo(obj types.Object) *objInfo {
	if obj == nil || obj.Pkg() == nil || (obj.Pkg() == c.pass.Pkg && !c.ownPkg.ok) {
		return nil // most uses are of the package's own objects
	}
	p := c.packageInfo(obj.Pkg())
	if !p.ok {
		return nil
	}
	if o, ok := c.objects[obj]; ok {
		return o
	}
	o := c.newObjectInfo(obj, p)
	c.objects[obj] = o
	return o
}

func (c *checker) newObjectInfo(obj types.Object, p *pkgInfo) *objInfo {
	pkg, key, ok := c.objectKey(obj)
	if !ok {
		return nil
	}
	o := &objInfo{pkg: pkg, key: key, span: p.span, rows: apimigration.ChangesOf(pkg, key)}
	o.changes = spanRows(o.rows, o.span, useKinds...)
	if len(o.changes) > 0 {
		return o
	}
	dep, deprecated := apimigration.DeprecationOf(pkg, key)
	if deprecated && dep.Minor <= o.span.to && (dep.Minor > o.span.from || c.cfg.Deprecated) {
		o.deprecation = dep
		return o
	}
	return nil
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
