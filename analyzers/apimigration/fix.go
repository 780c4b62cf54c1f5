package apimigration

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/k8s"
)

const (
	metav1Path = "k8s.io/apimachinery/pkg/apis/meta/v1"
	sourcePath = "sigs.k8s.io/controller-runtime/pkg/source"
)

// fixForUse returns the suggested fix of a use that a curated note says
// is mechanical, when the code has the shape the fix needs.
func (c *checker) fixForUse(id *ast.Ident, sel *ast.SelectorExpr, s span, row apimigration.Change) *analysis.SuggestedFix {
	n, ok := apimigration.NoteFor(row.Pkg, row.Object, row.Minor, s.to)
	if !ok {
		return nil
	}
	switch n.Fix {
	case apimigration.Rename:
		return &analysis.SuggestedFix{
			Message:   fmt.Sprintf("Rename %s to %s", id.Name, n.Rename),
			TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte(n.Rename)}},
		}
	case apimigration.ContextArg:
		return c.contextArgFix(sel, row)
	case apimigration.WatchesObject:
		return c.watchesFix(sel)
	}
	return nil
}

// contextArgFix passes the context in scope first to the call of node,
// and completes the arguments the new signature adds: the options struct
// of Create, Update and Patch, DeleteOptions by value.
func (c *checker) contextArgFix(sel *ast.SelectorExpr, row apimigration.Change) *analysis.SuggestedFix {
	if sel == nil {
		return nil
	}
	call := c.calls[sel]
	if call == nil || call.Ellipsis.IsValid() {
		return nil
	}
	sig, ok := c.pass.TypesInfo.TypeOf(sel).(*types.Signature)
	if !ok {
		return nil
	}
	newParams, ok := paramsOf(row.New)
	if !ok || len(newParams) == 0 || newParams[0] != "context.Context" {
		return nil
	}
	ctx := c.contextInScope(call.Pos())
	if ctx == "" {
		return nil
	}
	fn, _ := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if fn == nil {
		return nil
	}
	old := oldParams(sig, fn.Pkg())
	rest := newParams[1:]
	var edits []analysis.TextEdit
	switch {
	case equal(rest, old):
	case len(rest) == len(old)+1 && equal(rest[:len(old)], old) && strings.HasPrefix(rest[len(old)], "v1.") && strings.HasSuffix(rest[len(old)], "Options"):
		meta := c.importName(metav1Path)
		if meta == "" {
			return nil
		}
		opts := meta + "." + strings.TrimPrefix(rest[len(old)], "v1.") + "{}"
		edits = append(edits, analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(", " + opts)})
	case len(rest) == len(old):
		e, ok := c.byValue(call, old, rest)
		if !ok {
			return nil
		}
		edits = append(edits, e)
	default:
		return nil
	}
	first := analysis.TextEdit{Pos: call.Rparen, End: call.Rparen, NewText: []byte(ctx)}
	if len(call.Args) > 0 {
		first = analysis.TextEdit{Pos: call.Args[0].Pos(), End: call.Args[0].Pos(), NewText: []byte(ctx + ", ")}
	}
	msg := "Pass " + ctx + " first"
	if len(edits) > 0 {
		msg += " and the new options"
	}
	return &analysis.SuggestedFix{Message: msg, TextEdits: append([]analysis.TextEdit{first}, edits...)}
}

// byValue rewrites the one argument whose parameter changed from
// *v1.XOptions to v1.XOptions: &v1.XOptions{…} loses its &, nil becomes
// v1.XOptions{}.
func (c *checker) byValue(call *ast.CallExpr, old, rest []string) (analysis.TextEdit, bool) {
	at := -1
	for i := range old {
		if old[i] == rest[i] {
			continue
		}
		if at >= 0 || old[i] != "*"+rest[i] || !strings.HasPrefix(rest[i], "v1.") {
			return analysis.TextEdit{}, false
		}
		at = i
	}
	if at < 0 || at >= len(call.Args) {
		return analysis.TextEdit{}, false
	}
	arg := ast.Unparen(call.Args[at])
	if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		if _, ok := ast.Unparen(u.X).(*ast.CompositeLit); ok {
			return analysis.TextEdit{Pos: u.Pos(), End: u.X.Pos()}, true
		}
	}
	if id, ok := arg.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("nil") {
		meta := c.importName(metav1Path)
		if meta == "" {
			return analysis.TextEdit{}, false
		}
		return analysis.TextEdit{Pos: id.Pos(), End: id.End(), NewText: []byte(meta + "." + strings.TrimPrefix(rest[at], "v1.") + "{}")}, true
	}
	return analysis.TextEdit{}, false
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// oldParams renders the parameter types of sig, a function of package
// pkg, as the table renders new signatures: pkg's types unqualified,
// others by package name, the variadic one as ...T.
func oldParams(sig *types.Signature, pkg *types.Package) []string {
	q := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	var out []string
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			if s, ok := t.(*types.Slice); ok {
				out = append(out, "..."+types.TypeString(s.Elem(), q))
				continue
			}
		}
		out = append(out, types.TypeString(t, q))
	}
	return out
}

// paramsOf returns the parameter types of a signature text "func(A, B) R".
func paramsOf(sig string) ([]string, bool) {
	s, ok := parseSig(sig)
	return s.params, ok
}

// contextInScope names a context.Context variable in scope at pos: ctx if
// there is one, else the innermost.
func (c *checker) contextInScope(pos token.Pos) string {
	scope := c.pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return ""
	}
	if _, obj := scope.LookupParent("ctx", pos); isContext(obj) {
		return "ctx"
	}
	for s := scope; s != nil && s != c.pass.Pkg.Scope(); s = s.Parent() {
		for _, name := range s.Names() {
			if obj := s.Lookup(name); isContext(obj) && obj.Pos() < pos {
				if _, found := scope.LookupParent(name, pos); found == obj {
					return name
				}
			}
		}
	}
	return ""
}

func isContext(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	if !ok {
		return false
	}
	n, ok := types.Unalias(v.Type()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// importName returns the name under which the current file imports path
// ("" when it does not).
func (c *checker) importName(path string) string {
	for _, spec := range c.file.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || k8s.TrimVendor(p) != path {
			continue
		}
		if spec.Name != nil {
			if spec.Name.Name == "_" || spec.Name.Name == "." {
				return ""
			}
			return spec.Name.Name
		}
		if pn, ok := c.pass.TypesInfo.Implicits[spec].(*types.PkgName); ok {
			return pn.Name()
		}
	}
	return ""
}

// watchesFix rewrites Watches(&source.Kind{Type: obj}, h) to
// Watches(obj, h), and drops the source import when every use of it in
// the file is such an argument (each fix carries the same deletion, so
// that applying all of them leaves no unused import).
func (c *checker) watchesFix(sel *ast.SelectorExpr) *analysis.SuggestedFix {
	if sel == nil {
		return nil
	}
	call := c.calls[sel]
	if call == nil || len(call.Args) == 0 {
		return nil
	}
	obj := c.kindObject(call.Args[0])
	if obj == nil {
		return nil
	}
	text, ok := c.source(obj)
	if !ok {
		return nil
	}
	edits := []analysis.TextEdit{{Pos: call.Args[0].Pos(), End: call.Args[0].End(), NewText: text}}
	if del, ok := c.dropSourceImport(); ok {
		edits = append(edits, del)
	}
	return &analysis.SuggestedFix{Message: "Pass the object to Watches", TextEdits: edits}
}

// kindObject returns X of an argument &source.Kind{Type: X} (no other
// field set).
func (c *checker) kindObject(arg ast.Expr) ast.Expr {
	u, ok := ast.Unparen(arg).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	lit, ok := ast.Unparen(u.X).(*ast.CompositeLit)
	if !ok || len(lit.Elts) != 1 {
		return nil
	}
	if n := namedOf(c.pass.TypesInfo.TypeOf(lit)); n == nil || k8s.PkgPath(n.Obj().Pkg()) != sourcePath || n.Obj().Name() != "Kind" {
		return nil
	}
	kv, ok := lit.Elts[0].(*ast.KeyValueExpr)
	if !ok {
		return nil
	}
	if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "Type" {
		return nil
	}
	return kv.Value
}

// source returns the text of expr as written.
func (c *checker) source(expr ast.Expr) ([]byte, bool) {
	var b bytes.Buffer
	if err := format.Node(&b, c.pass.Fset, expr); err != nil {
		return nil, false
	}
	return b.Bytes(), true
}

// dropSourceImport returns the deletion of the file's import of the
// source package when all its uses are &source.Kind{Type: X} arguments of
// Watches calls that the check rewrites.
func (c *checker) dropSourceImport() (analysis.TextEdit, bool) {
	var spec *ast.ImportSpec
	for _, s := range c.file.Imports {
		if p, err := strconv.Unquote(s.Path.Value); err == nil && k8s.TrimVendor(p) == sourcePath {
			spec = s
		}
	}
	if spec == nil {
		return analysis.TextEdit{}, false
	}
	pn, ok := c.pass.TypesInfo.Defs[spec.Name].(*types.PkgName)
	if !ok {
		pn, ok = c.pass.TypesInfo.Implicits[spec].(*types.PkgName)
	}
	if !ok {
		return analysis.TextEdit{}, false
	}
	covered := c.rewrittenKindArgs()
	all := true
	ast.Inspect(c.file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || c.pass.TypesInfo.Uses[id] != pn {
			return true
		}
		in := false
		for _, a := range covered {
			if a.Pos() <= id.Pos() && id.End() <= a.End() {
				in = true
			}
		}
		all = all && in
		return true
	})
	if !all {
		return analysis.TextEdit{}, false
	}
	return c.deleteImport(spec), true
}

// rewrittenKindArgs are the &source.Kind{Type: X} first arguments of the
// file's Builder.Watches calls that watchesFix rewrites.
func (c *checker) rewrittenKindArgs() []ast.Expr {
	var out []ast.Expr
	for fun, call := range c.calls {
		sel, ok := fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Watches" || len(call.Args) == 0 || !c.inFile(call) {
			continue
		}
		fn, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
		if !ok {
			continue
		}
		if pkg, key, ok := c.objectKey(fn); !ok || pkg != "sigs.k8s.io/controller-runtime/pkg/builder" || key != "Builder.Watches" {
			continue
		}
		if obj := c.kindObject(call.Args[0]); obj != nil {
			out = append(out, call.Args[0])
		}
	}
	return out
}

func (c *checker) inFile(n ast.Node) bool {
	return c.file.FileStart <= n.Pos() && n.End() <= c.file.FileEnd
}

// deleteImport deletes an import spec with its line.
func (c *checker) deleteImport(spec *ast.ImportSpec) analysis.TextEdit {
	tf := c.pass.Fset.File(spec.Pos())
	line := tf.Line(spec.Pos())
	start := tf.LineStart(line)
	end := spec.End()
	if line < tf.LineCount() {
		end = tf.LineStart(line + 1)
	}
	return analysis.TextEdit{Pos: start, End: end}
}

// mapFuncFix gives a function literal handed as a handler.MapFunc a
// context first parameter, importing context when the file does not.
func (c *checker) mapFuncFix(expr ast.Expr, row apimigration.Change, s span) *analysis.SuggestedFix {
	n, ok := apimigration.NoteFor(row.Pkg, row.Object, row.Minor, s.to)
	if !ok || n.Fix != apimigration.MapFuncContext {
		return nil
	}
	lit, ok := ast.Unparen(expr).(*ast.FuncLit)
	if !ok || lit.Type.Params == nil {
		return nil
	}
	ctx := c.importName("context")
	var edits []analysis.TextEdit
	if ctx == "" {
		imp, ok := c.addImport("context")
		if !ok {
			return nil
		}
		ctx = "context"
		edits = append(edits, imp)
	}
	param := ctx + ".Context"
	if list := lit.Type.Params.List; len(list) > 0 && len(list[0].Names) > 0 {
		param = "ctx " + param
		for _, f := range list {
			for _, name := range f.Names {
				if name.Name == "ctx" {
					param = "_ " + ctx + ".Context"
				}
			}
		}
	}
	sep := ", "
	if lit.Type.Params.NumFields() == 0 {
		sep = ""
	}
	at := lit.Type.Params.Opening + 1
	edits = append([]analysis.TextEdit{{Pos: at, End: at, NewText: []byte(param + sep)}}, edits...)
	return &analysis.SuggestedFix{Message: "Take a context first", TextEdits: edits}
}

// addImport inserts an import of path into the file's first import
// declaration (every fix that needs it inserts the same text at the same
// place).
func (c *checker) addImport(path string) (analysis.TextEdit, bool) {
	for _, d := range c.file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return analysis.TextEdit{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: []byte("\n\t" + strconv.Quote(path))}, true
		}
		return analysis.TextEdit{Pos: gd.Pos(), End: gd.Pos(), NewText: []byte("import " + strconv.Quote(path) + "\n")}, true
	}
	return analysis.TextEdit{}, false
}
