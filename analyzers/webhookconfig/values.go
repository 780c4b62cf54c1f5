package webhookconfig

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/k8s"
)

// Import paths of the Go types of webhook configurations.
const (
	admissionV1    = "k8s.io/api/admissionregistration/v1"
	apiextensionV1 = "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// values checks the webhooks and conversion webhooks built in Go in f.
func (c *checker) values(f *ast.File) {
	for _, d := range f.Decls {
		var body *ast.BlockStmt
		if fd, ok := d.(*ast.FuncDecl); ok {
			if fd.Body == nil {
				continue
			}
			body = fd.Body
		}
		ast.Inspect(d, func(n ast.Node) bool {
			if lit, ok := n.(*ast.CompositeLit); ok {
				c.literal(lit, body)
			}
			return true
		})
	}
}

func (c *checker) literal(lit *ast.CompositeLit, body *ast.BlockStmt) {
	if !mayBeWebhookValue(c.pass.TypesInfo, lit) {
		return
	}
	n := k8s.NamedOf(c.pass.TypesInfo.TypeOf(lit))
	if n == nil {
		return
	}
	switch p, name := k8s.PkgPath(n.Obj().Pkg()), n.Obj().Name(); {
	case p == admissionV1 && (name == "MutatingWebhook" || name == "ValidatingWebhook"):
		c.webhookValue(lit, name, body)
	case p == apiextensionV1 && name == "WebhookConversion":
		c.conversionValue(lit, body)
	}
}

// keyed returns the fields of a keyed struct literal, or nil.
func keyed(lit *ast.CompositeLit) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			out[id.Name] = kv.Value
		}
	}
	return out
}

// webhookValue checks a MutatingWebhook or ValidatingWebhook literal that
// defines a webhook: it has Rules and a ClientConfig (in the literal or
// assigned later in the function), as the API server requires. A partial
// value, such as a patch that sets a CA bundle, is not a configuration,
// and neither is a template without a ClientConfig, which code elsewhere
// completes (or only compares with the installed configuration: volcano's
// admission services), setting what else it needs there.
func (c *checker) webhookValue(lit *ast.CompositeLit, typeName string, body *ast.BlockStmt) {
	f := keyed(lit)
	if f == nil || f["Rules"] == nil || (f["ClientConfig"] == nil && !c.assignsField(body, "ClientConfig")) {
		return
	}
	kind := typeName + "Configuration"
	head := analysis.Range(rangeOf{lit.Pos(), lit.Lbrace + 1})
	if v, ok := f["SideEffects"]; !ok {
		if !c.assignsField(body, "SideEffects") {
			c.rep.Reportf(head, "this %s has no SideEffects, so the API server rejects its %s (%s); set SideEffects to None, or NoneOnDryRun if the webhook skips its side effects on dry runs",
				typeName, kind, sideEffectsRequired)
		}
	} else if s, ok := c.pointee(v, body); ok && s.Kind() == constant.String && !sideEffectsOK(constant.StringVal(s)) {
		val := constant.StringVal(s)
		c.rep.Reportf(v, "SideEffects %s is rejected by the v1 admissionregistration API (%s), so the %s cannot be created; make the webhook free of side effects (None) or skip them on dry runs (NoneOnDryRun)",
			val, sideEffectsUnsupported(val), kind)
	}
	c.reviewVersions(f, "AdmissionReviewVersions", head, body, func(what string) string {
		return fmt.Sprintf("so the API server rejects its %s (%s); list v1", kind, what)
	}, reviewRequired, "admissionReviewVersions")
	if v, ok := f["TimeoutSeconds"]; ok {
		if t, ok := c.pointee(v, body); ok {
			if n, exact := constant.Int64Val(constant.ToInt(t)); exact && !validTimeout(n) {
				c.rep.Report(analysis.Diagnostic{Pos: v.Pos(), End: v.End(), Message: timeoutMessage(fmt.Sprintf("TimeoutSeconds %d", n), n, kind, "")})
			}
		}
	}
}

// conversionValue checks a WebhookConversion literal with a ClientConfig.
func (c *checker) conversionValue(lit *ast.CompositeLit, body *ast.BlockStmt) {
	f := keyed(lit)
	if f == nil || f["ClientConfig"] == nil {
		return
	}
	head := analysis.Range(rangeOf{lit.Pos(), lit.Lbrace + 1})
	c.reviewVersions(f, "ConversionReviewVersions", head, body, func(what string) string {
		return fmt.Sprintf("so the API server rejects the CustomResourceDefinition (%s); list v1", what)
	}, conversionRequired, "spec.conversion.conversionReviewVersions")
}

// reviewVersions checks an AdmissionReviewVersions or
// ConversionReviewVersions field: missing, empty, or without a version the
// API server speaks.
func (c *checker) reviewVersions(f map[string]ast.Expr, field string, head analysis.Range, body *ast.BlockStmt,
	so func(string) string, required, path string) {
	v, ok := f[field]
	if !ok {
		if !c.assignsField(body, field) {
			c.rep.Reportf(head, "this webhook has no %s, %s", field, so(required))
		}
		return
	}
	vs, ok := c.constStrings(v)
	switch {
	case !ok:
	case len(vs) == 0:
		c.rep.Reportf(v, "%s is empty, %s", field, so(required))
	case !recognizedReview(vs):
		c.rep.Reportf(v, "%s names no review version the API server speaks, %s", field, so(reviewInvalid(path, vs)))
	}
}

type rangeOf struct{ pos, end token.Pos }

func (r rangeOf) Pos() token.Pos { return r.pos }
func (r rangeOf) End() token.Pos { return r.end }

// constStrings reads a []string literal of constants.
func (c *checker) constStrings(e ast.Expr) ([]string, bool) {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	if _, ok := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Slice); !ok {
		return nil, false
	}
	out := []string{}
	for _, el := range lit.Elts {
		tv, ok := c.pass.TypesInfo.Types[el]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return nil, false
		}
		out = append(out, constant.StringVal(tv.Value))
	}
	return out, true
}

// pointee returns the constant that a pointer expression points to:
// &x with x a local defined once as a constant, or a call of a
// func(T) *T helper (ptr.To, pointer.Int32) with a constant argument.
func (c *checker) pointee(e ast.Expr, body *ast.BlockStmt) (constant.Value, bool) {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if e.Op != token.AND {
			return nil, false
		}
		id, ok := ast.Unparen(e.X).(*ast.Ident)
		if !ok {
			return nil, false
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok {
			return nil, false
		}
		return c.constantVar(v, body)
	case *ast.CallExpr:
		sig, ok := info.TypeOf(e.Fun).(*types.Signature)
		if !ok || len(e.Args) != 1 || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
			return nil, false
		}
		p, ok := sig.Results().At(0).Type().(*types.Pointer)
		if !ok || !types.Identical(p.Elem(), sig.Params().At(0).Type()) {
			return nil, false
		}
		if tv, ok := info.Types[e.Args[0]]; ok && tv.Value != nil {
			return tv.Value, true
		}
	}
	return nil, false
}

// constantVar returns the constant value of a local variable that body
// defines once with a constant and never assigns again.
func (c *checker) constantVar(v *types.Var, body *ast.BlockStmt) (constant.Value, bool) {
	if body == nil {
		return nil, false
	}
	x := c.bodyIndex(body)
	val, ok := x.values[v]
	return val, ok && x.writes[v] == 1 && val != nil
}

// assignsField reports whether body (or, for a package-level literal, any
// function of the package) assigns a field of that name: the literal may
// get it there.
func (c *checker) assignsField(body *ast.BlockStmt, field string) bool {
	if body != nil {
		return c.bodyIndex(body).fields[field]
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && c.bodyIndex(fd.Body).fields[field] {
				return true
			}
		}
	}
	return false
}

// bodyIndex is what a function body assigns: the names of the fields it
// assigns (x.F = ...), and its local variables' writes and constant
// values.
type bodyIndex struct {
	fields map[string]bool
	writes map[*types.Var]int
	values map[*types.Var]constant.Value
}

// bodyIndex returns the index of body, built once.
func (c *checker) bodyIndex(body *ast.BlockStmt) *bodyIndex {
	if x, ok := c.bodies[body]; ok {
		return x
	}
	info := c.pass.TypesInfo
	x := &bodyIndex{fields: map[string]bool{}, writes: map[*types.Var]int{}, values: map[*types.Var]constant.Value{}}
	write := func(id *ast.Ident, rhs ast.Expr) {
		v, ok := info.Defs[id].(*types.Var)
		if !ok {
			v, ok = info.Uses[id].(*types.Var)
		}
		if !ok {
			return
		}
		x.writes[v]++
		if tv, ok := info.Types[rhs]; ok && rhs != nil {
			x.values[v] = tv.Value
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				var rhs ast.Expr
				if len(n.Rhs) == len(n.Lhs) {
					rhs = n.Rhs[i]
				}
				switch l := ast.Unparen(l).(type) {
				case *ast.SelectorExpr:
					x.fields[l.Sel.Name] = true
				case *ast.Ident:
					write(l, rhs)
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				var rhs ast.Expr
				if len(n.Values) == len(n.Names) {
					rhs = n.Values[i]
				}
				write(id, rhs)
			}
		}
		return true
	})
	c.bodies[body] = x
	return x
}

// mayBeWebhookValue reports, from the syntax of its type, whether lit may
// be a MutatingWebhook, ValidatingWebhook or WebhookConversion, so that
// the other literals cost no type lookup: its type is elided (an element
// of a slice literal), named so, or named by an alias.
func mayBeWebhookValue(info *types.Info, lit *ast.CompositeLit) bool {
	var id *ast.Ident
	switch t := ast.Unparen(lit.Type).(type) {
	case nil:
		return true
	case *ast.ArrayType, *ast.MapType, *ast.StructType:
		return false
	case *ast.Ident:
		id = t
	case *ast.SelectorExpr:
		id = t.Sel
	default:
		return true
	}
	switch id.Name {
	case "MutatingWebhook", "ValidatingWebhook", "WebhookConversion":
		return true
	}
	tn, ok := info.Uses[id].(*types.TypeName)
	return ok && tn.IsAlias()
}
