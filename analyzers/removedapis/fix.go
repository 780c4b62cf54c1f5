package removedapis

import (
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/apilifecycle"
)

// fixSite is where a fix can change the version a use asks for: a
// *gvkValue (the string literals of a GroupVersionKind, GroupVersionResource
// or apiVersion) or a *typedSite.
type fixSite interface{ fixSite() }

func (*gvkValue) fixSite() {}

// typedSite is an empty literal of an API type, &pkg.Kind{}, written
// where it is used (For(&batchv1beta1.CronJob{})).
type typedSite struct {
	lit  *ast.CompositeLit
	qual *ast.Ident // pkg
}

func (*typedSite) fixSite() {}

// typedFixSite returns the site of arg when it is &pkg.Kind{}.
func typedFixSite(arg ast.Expr) fixSite {
	u, ok := ast.Unparen(arg).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok || len(lit.Elts) > 0 {
		return nil
	}
	sel, ok := lit.Type.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	qual, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	return &typedSite{lit: lit, qual: qual}
}

// fix returns the suggested fix that moves a use to the replacement of
// row: only when the replacement is the same kind with the same JSON
// shape (so that the code around keeps working), once per literal.
func (c *checker) fix(site fixSite, row apilifecycle.Kind) (analysis.SuggestedFix, bool) {
	r := row.Replacement
	if !row.SameShape || r.Kind != row.Kind {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	var key ast.Node
	switch s := site.(type) {
	case *gvkValue:
		key, edits = c.literalEdits(s, row)
	case *typedSite:
		key, edits = c.typedEdits(s, row)
	}
	if len(edits) == 0 || c.fixed[key] {
		return analysis.SuggestedFix{}, false
	}
	c.fixed[key] = true
	return analysis.SuggestedFix{Message: "Use " + r.GroupVersion(), TextEdits: edits}, true
}

// literalEdits rewrites the group and version literals of a GVK, GVR or
// apiVersion string.
func (c *checker) literalEdits(v *gvkValue, row apilifecycle.Kind) (ast.Node, []analysis.TextEdit) {
	r := row.Replacement
	if v.apiVersionLit != nil {
		return v.apiVersionLit, []analysis.TextEdit{replace(v.apiVersionLit, strconv.Quote(r.GroupVersion()))}
	}
	if v.versionLit == nil || (r.Group != row.Group && v.groupLit == nil) {
		return nil, nil
	}
	edits := []analysis.TextEdit{replace(v.versionLit, strconv.Quote(r.Version))}
	if r.Group != row.Group {
		edits = append(edits, replace(v.groupLit, strconv.Quote(r.Group)))
	}
	return v.versionLit, edits
}

func replace(n ast.Node, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: n.Pos(), End: n.End(), NewText: []byte(text)}
}

// typedEdits changes &old.Kind{} to &new.Kind{}: the replacement's
// package of the same group (k8s.io/api/batch/v1beta1 ->
// k8s.io/api/batch/v1), imported if the file does not yet, and the old
// import dropped when this was its only use.
func (c *checker) typedEdits(s *typedSite, row apilifecycle.Kind) (ast.Node, []analysis.TextEdit) {
	r := row.Replacement
	if r.Group != row.Group {
		return nil, nil
	}
	oldPkg, ok := c.pass.TypesInfo.Uses[s.qual].(*types.PkgName)
	if !ok {
		return nil, nil
	}
	oldSpec, decl := c.importSpec(oldPkg)
	if oldSpec == nil || !decl.Lparen.IsValid() {
		return nil, nil
	}
	newPath := path.Dir(row.Path) + "/" + r.Version
	onlyUse := c.usesOf(oldPkg) == 1
	if name, ok := c.importedAs(newPath); ok {
		edits := []analysis.TextEdit{replace(s.qual, name)}
		if onlyUse {
			edits = append(edits, c.deleteLine(oldSpec))
		}
		return s.lit, edits
	}
	name := path.Base(path.Dir(newPath)) + r.Version
	if c.declared(name, s.qual.Pos()) {
		return nil, nil
	}
	spec := name + " " + strconv.Quote(newPath)
	edits := []analysis.TextEdit{replace(s.qual, name)}
	if onlyUse {
		edits = append(edits, replace(oldSpec, spec))
	} else {
		edits = append(edits, analysis.TextEdit{Pos: oldSpec.End(), End: oldSpec.End(), NewText: []byte("\n\t" + spec)})
	}
	return s.lit, edits
}

// importSpec returns the file's import of pkg and its declaration.
func (c *checker) importSpec(pkg *types.PkgName) (*ast.ImportSpec, *ast.GenDecl) {
	for _, d := range c.file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, s := range gd.Specs {
			is := s.(*ast.ImportSpec)
			obj := c.pass.TypesInfo.Implicits[is]
			if is.Name != nil {
				obj = c.pass.TypesInfo.Defs[is.Name]
			}
			if obj == pkg {
				return is, gd
			}
		}
	}
	return nil, nil
}

// importedAs returns the name under which the file imports path.
func (c *checker) importedAs(p string) (string, bool) {
	for _, is := range c.file.Imports {
		if v, err := strconv.Unquote(is.Path.Value); err != nil || v != p {
			continue
		}
		obj := c.pass.TypesInfo.Implicits[is]
		if is.Name != nil {
			obj = c.pass.TypesInfo.Defs[is.Name]
		}
		if pn, ok := obj.(*types.PkgName); ok {
			return pn.Name(), true
		}
	}
	return "", false
}

// usesOf counts the uses of an imported package name in the file
// (counted for all imports at the file's first fix).
func (c *checker) usesOf(pkg *types.PkgName) int {
	if c.pkgUses == nil || c.pkgUsesFile != c.file {
		c.pkgUses, c.pkgUsesFile = map[*types.PkgName]int{}, c.file
		ast.Inspect(c.file, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok {
				if pn, ok := c.pass.TypesInfo.Uses[id].(*types.PkgName); ok {
					c.pkgUses[pn]++
				}
			}
			return true
		})
	}
	return c.pkgUses[pkg]
}

// declared reports whether name means something at pos already.
func (c *checker) declared(name string, pos token.Pos) bool {
	if s := c.pass.TypesInfo.Scopes[c.file]; s != nil && s.Lookup(name) != nil {
		return true
	}
	if inner := c.pass.Pkg.Scope().Innermost(pos); inner != nil {
		if _, obj := inner.LookupParent(name, pos); obj != nil {
			return true
		}
	}
	return false
}

// deleteLine deletes the line of an import spec.
func (c *checker) deleteLine(spec *ast.ImportSpec) analysis.TextEdit {
	tf := c.pass.Fset.File(spec.Pos())
	line := tf.Line(spec.Pos())
	end := spec.End()
	if line < tf.LineCount() {
		end = tf.LineStart(line + 1)
	}
	return analysis.TextEdit{Pos: tf.LineStart(line), End: end}
}
