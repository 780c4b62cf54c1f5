package removedapis

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/opvet/opvet/internal/apilifecycle"
	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
)

// subject is the group/version (and kind, when known) that a use asks
// the server for, with the table's rows for it: one row when the kind is
// known, every row of the group/version when it is not.
type subject struct {
	group, version, kind string
	rows                 []apilifecycle.Kind
}

func subjectOf(row apilifecycle.Kind) subject {
	return subject{row.Group, row.Version, row.Kind, []apilifecycle.Kind{row}}
}

// lookup returns the subject of group/version/kind; with no kind, every
// row of the group/version. ok is false when the table has no row.
func lookup(group, version, kind string) (subject, bool) {
	if kind != "" {
		row, ok := apilifecycle.LookupGVK(group, version, kind)
		if !ok {
			return subject{}, false
		}
		return subjectOf(row), true
	}
	rows := apilifecycle.OfGroupVersion(group, version)
	return subject{group: group, version: version, rows: rows}, len(rows) > 0
}

// lookupResource returns the subject of a group/version/resource: the
// kind whose resource name it is, else every row of the group/version.
func lookupResource(group, version, resource string) (subject, bool) {
	resource, _, _ = strings.Cut(strings.ToLower(resource), "/") // "cronjobs/status"
	for _, row := range apilifecycle.OfGroupVersion(group, version) {
		if apilifecycle.Resource(row.Kind) == resource {
			return subjectOf(row), true
		}
	}
	return lookup(group, version, "")
}

// gvkValue is a group/version/kind computed from the source, with the
// string literals that spell its group and version (for fixes; nil when
// they are not literals at one place).
type gvkValue struct {
	group, version, kind string
	groupLit, versionLit *ast.BasicLit
	// apiVersionLit is a "group/version" literal that spells both.
	apiVersionLit *ast.BasicLit
}

// object judges the object argument of a use: a typed API object, or an
// unstructured one whose apiVersion the function sets.
func (c *checker) object(arg ast.Expr, u use) {
	arg = c.unconvert(arg)
	t := c.pass.TypesInfo.TypeOf(arg)
	n := k8s.NamedOf(t)
	if n == nil {
		return
	}
	p, name := k8s.PkgPath(n.Obj().Pkg()), n.Obj().Name()
	if row, ok := apilifecycle.Lookup(p, name); ok {
		c.judge(subjectOf(row), u, typedFixSite(arg))
		return
	}
	if isUnstructured(p, name) {
		if v, ok := c.unstructuredGVK(arg); ok {
			if s, ok := lookup(v.group, v.version, v.kind); ok {
				c.judge(s, u, &v)
			}
		}
	}
}

// unconvert removes conversions to interfaces (client.Object(&x)),
// which generic calls such as source.Kind need, and calls of the
// module's functions that return their argument or a deep copy of it
// (a copy helper returning client.Object): the object sent is of the
// argument's kind.
func (c *checker) unconvert(e ast.Expr) ast.Expr {
	for range maxDepth {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return e
		}
		next := c.sameObject(call)
		if next == nil {
			return e
		}
		e = next
	}
	return e
}

// sameObject returns the expression whose object call gives back: the
// operand of a conversion to an interface, or the argument (receiver)
// that a function of the module returns itself or a deep copy of; nil
// otherwise.
func (c *checker) sameObject(call *ast.CallExpr) ast.Expr {
	if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 && types.IsInterface(tv.Type) {
			return call.Args[0]
		}
		return nil
	}
	if c.flow == nil {
		return nil
	}
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return nil
	}
	s := c.flow.SummaryOf(fn)
	if s == nil || len(s.Results) == 0 {
		return nil
	}
	r := s.Results[0]
	if r.Kind != objflow.ResultParam && r.Kind != objflow.ResultCopy {
		return nil
	}
	switch {
	case r.Index == -1:
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
	case r.Index >= 0 && r.Index < len(call.Args):
		return call.Args[r.Index]
	}
	return nil
}

func isUnstructured(p, name string) bool {
	switch p {
	case k8s.Unstructured:
		return name == "Unstructured" || name == "UnstructuredList"
	case k8s.MetaV1:
		return name == "PartialObjectMetadata" || name == "PartialObjectMetadataList"
	}
	return false
}

// gvk judges a schema.GroupVersionKind argument.
func (c *checker) gvk(arg ast.Expr, u use) {
	if v, ok := c.evalGVK(arg, 0); ok {
		if s, ok := lookup(v.group, v.version, v.kind); ok {
			c.judge(s, u, &v)
		}
	}
}

// gvr judges a schema.GroupVersionResource argument.
func (c *checker) gvr(arg ast.Expr, u use) {
	v, resource, ok := c.evalGVR(arg, 0)
	if !ok || v.version == "" {
		return
	}
	if s, ok := lookupResource(v.group, v.version, resource); ok {
		c.judge(s, u, &v)
	}
}

// groupKindVersion judges RESTMapping(groupKind, version).
func (c *checker) groupKindVersion(gk, version ast.Expr, u use) {
	group, kind, ok := c.evalGK(gk, 0)
	if !ok {
		return
	}
	v, ok := c.constString(version)
	if !ok || v == "" {
		return
	}
	if s, ok := lookup(group, v, kind); ok {
		val := gvkValue{group: group, version: v, kind: kind}
		if lit, ok := ast.Unparen(version).(*ast.BasicLit); ok {
			val.versionLit = lit
		}
		c.judge(s, u, &val)
	}
}

func (c *checker) constString(e ast.Expr) (string, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// maxDepth bounds the definitions followed from one expression.
const maxDepth = 4

// evalGVK computes a GroupVersionKind expression: a literal,
// gv.WithKind(k), schema.FromAPIVersionAndKind(av, k), or a variable
// defined once as one of them.
func (c *checker) evalGVK(e ast.Expr, depth int) (gvkValue, bool) {
	if depth > maxDepth {
		return gvkValue{}, false
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CompositeLit:
		if !k8s.IsNamed(c.pass.TypesInfo.TypeOf(e), k8s.Schema, "GroupVersionKind") {
			return gvkValue{}, false
		}
		f, ok := c.fields(e, "Group", "Version", "Kind")
		if !ok {
			return gvkValue{}, false
		}
		return gvkValue{group: f[0].s, version: f[1].s, kind: f[2].s, groupLit: f[0].lit, versionLit: f[1].lit}, true
	case *ast.CallExpr:
		fn := k8s.Callee(c.pass.TypesInfo, e)
		switch {
		case k8s.IsMethod(fn, k8s.Schema, "GroupVersion", "WithKind") && len(e.Args) == 1:
			v, ok := c.evalGV(e.Fun.(*ast.SelectorExpr).X, depth+1)
			kind, kok := c.constString(e.Args[0])
			v.kind = kind
			return v, ok && kok
		case k8s.IsFunc(fn, k8s.Schema, "FromAPIVersionAndKind") && len(e.Args) == 2:
			return c.apiVersionKind(e.Args[0], e.Args[1])
		}
	case *ast.Ident, *ast.SelectorExpr:
		if def := c.definition(e); def != nil {
			return c.evalGVK(def, depth+1)
		}
	}
	return gvkValue{}, false
}

// apiVersionKind computes a GVK from constant apiVersion and kind
// expressions.
func (c *checker) apiVersionKind(av, kind ast.Expr) (gvkValue, bool) {
	s, ok := c.constString(av)
	if !ok {
		return gvkValue{}, false
	}
	v := splitAPIVersion(s)
	if lit, ok := ast.Unparen(av).(*ast.BasicLit); ok {
		v.apiVersionLit = lit
	}
	if kind != nil {
		if v.kind, ok = c.constString(kind); !ok {
			return gvkValue{}, false
		}
	}
	return v, true
}

// splitAPIVersion splits "group/version" ("v1" is the core group).
func splitAPIVersion(s string) gvkValue {
	g, v, found := strings.Cut(s, "/")
	if !found {
		return gvkValue{version: g}
	}
	return gvkValue{group: g, version: v}
}

// evalGV computes a GroupVersion expression: a literal, the
// SchemeGroupVersion of a built-in API package, gvk.GroupVersion(), or a
// variable defined once as one of them.
func (c *checker) evalGV(e ast.Expr, depth int) (gvkValue, bool) {
	if depth > maxDepth {
		return gvkValue{}, false
	}
	e = ast.Unparen(e)
	if v, ok := c.schemeGroupVersion(e); ok {
		return v, true
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		if !k8s.IsNamed(c.pass.TypesInfo.TypeOf(e), k8s.Schema, "GroupVersion") {
			return gvkValue{}, false
		}
		f, ok := c.fields(e, "Group", "Version")
		if !ok {
			return gvkValue{}, false
		}
		return gvkValue{group: f[0].s, version: f[1].s, groupLit: f[0].lit, versionLit: f[1].lit}, true
	case *ast.CallExpr:
		fn := k8s.Callee(c.pass.TypesInfo, e)
		if k8s.IsMethod(fn, k8s.Schema, "GroupVersionKind", "GroupVersion") {
			v, ok := c.evalGVK(e.Fun.(*ast.SelectorExpr).X, depth+1)
			v.kind = ""
			return v, ok
		}
	case *ast.Ident, *ast.SelectorExpr:
		if def := c.definition(e); def != nil {
			return c.evalGV(def, depth+1)
		}
	}
	return gvkValue{}, false
}

// schemeGroupVersion recognizes pkg.SchemeGroupVersion of a built-in API
// package of the table.
func (c *checker) schemeGroupVersion(e ast.Expr) (gvkValue, bool) {
	v, ok := c.pass.TypesInfo.Uses[astx.NameIdent(e)].(*types.Var)
	if !ok || v.Name() != "SchemeGroupVersion" || v.Pkg() == nil {
		return gvkValue{}, false
	}
	p := k8s.PkgPath(v.Pkg())
	for _, row := range apilifecycle.Kinds {
		if row.Path == p {
			return gvkValue{group: row.Group, version: row.Version}, true
		}
	}
	return gvkValue{}, false
}

// evalGVR computes a GroupVersionResource expression: a literal,
// gv.WithResource(r), or a variable defined once as one of them.
func (c *checker) evalGVR(e ast.Expr, depth int) (gvkValue, string, bool) {
	if depth > maxDepth {
		return gvkValue{}, "", false
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CompositeLit:
		if !k8s.IsNamed(c.pass.TypesInfo.TypeOf(e), k8s.Schema, "GroupVersionResource") {
			return gvkValue{}, "", false
		}
		f, ok := c.fields(e, "Group", "Version", "Resource")
		if !ok {
			return gvkValue{}, "", false
		}
		return gvkValue{group: f[0].s, version: f[1].s, groupLit: f[0].lit, versionLit: f[1].lit}, f[2].s, true
	case *ast.CallExpr:
		fn := k8s.Callee(c.pass.TypesInfo, e)
		if k8s.IsMethod(fn, k8s.Schema, "GroupVersion", "WithResource") && len(e.Args) == 1 {
			v, ok := c.evalGV(e.Fun.(*ast.SelectorExpr).X, depth+1)
			r, rok := c.constString(e.Args[0])
			return v, r, ok && rok
		}
	case *ast.Ident, *ast.SelectorExpr:
		if def := c.definition(e); def != nil {
			return c.evalGVR(def, depth+1)
		}
	}
	return gvkValue{}, "", false
}

// evalGK computes a GroupKind expression: a literal, gvk.GroupKind(), or
// a variable defined once as one of them.
func (c *checker) evalGK(e ast.Expr, depth int) (group, kind string, ok bool) {
	if depth > maxDepth {
		return "", "", false
	}
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.CompositeLit:
		if !k8s.IsNamed(c.pass.TypesInfo.TypeOf(e), k8s.Schema, "GroupKind") {
			return "", "", false
		}
		f, ok := c.fields(e, "Group", "Kind")
		if !ok {
			return "", "", false
		}
		return f[0].s, f[1].s, true
	case *ast.CallExpr:
		if k8s.IsMethod(k8s.Callee(c.pass.TypesInfo, e), k8s.Schema, "GroupVersionKind", "GroupKind") {
			v, ok := c.evalGVK(e.Fun.(*ast.SelectorExpr).X, depth+1)
			return v.group, v.kind, ok
		}
	case *ast.Ident, *ast.SelectorExpr:
		if def := c.definition(e); def != nil {
			return c.evalGK(def, depth+1)
		}
	}
	return "", "", false
}

// field is a constant string field of a literal and its literal, if it is
// written as one.
type field struct {
	s   string
	lit *ast.BasicLit
}

// fields reads the constant string fields names of a struct literal
// (keyed or positional; a missing field is ""). ok is false when one is
// not constant.
func (c *checker) fields(lit *ast.CompositeLit, names ...string) ([]field, bool) {
	out := make([]field, len(names))
	for i, e := range lit.Elts {
		idx := i
		val := e
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			id, _ := kv.Key.(*ast.Ident)
			idx = -1
			for j, n := range names {
				if id != nil && id.Name == n {
					idx = j
				}
			}
			val = kv.Value
		}
		if idx < 0 || idx >= len(names) {
			continue
		}
		s, ok := c.constString(val)
		if !ok {
			return nil, false
		}
		out[idx].s = s
		out[idx].lit, _ = ast.Unparen(val).(*ast.BasicLit)
	}
	return out, true
}

// varOf returns the variable that an identifier or selector names.
func (c *checker) varOf(e ast.Expr) *types.Var {
	id := astx.NameIdent(e)
	if id == nil {
		return nil
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil || v.IsField() {
		return nil
	}
	return v
}

// definition returns the one expression a variable is ever given: a
// local of the current function assigned exactly once (at its
// definition), or a package-level variable of this package with an
// initializer and no other assignment in its package. nil otherwise.
func (c *checker) definition(e ast.Expr) ast.Expr {
	v := c.varOf(e)
	if v == nil || v.Pkg() != c.pass.Pkg {
		return nil
	}
	if v.Parent() == c.pass.Pkg.Scope() {
		return c.globalDefinitions()[v]
	}
	if c.fn == nil {
		return nil
	}
	return c.fn.index(c.pass.TypesInfo).def(v)
}

// globalDefinitions indexes the package-level variables of the package
// that keep the value of their initializer.
func (c *checker) globalDefinitions() map[*types.Var]ast.Expr {
	if c.globals == nil {
		c.globals = astx.KeptPackageVars(c.pass.Files, c.pass.TypesInfo)
	}
	return c.globals
}
