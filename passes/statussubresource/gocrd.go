package statussubresource

import (
	"go/ast"
	"go/token"
	"strconv"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// goCRD is a CustomResourceDefinition built in Go: a composite literal of
// apiextensions' CustomResourceDefinition (v1 or v1beta1) whose
// spec.names.kind the files of its package resolve to a string.
type goCRD struct {
	kind  string
	group string // "" when it does not resolve
	// all: the top-level subresources (v1beta1) list status, for every
	// version; versions: the versions whose own subresources list status.
	all      bool
	versions map[string]bool
}

// gives reports whether the CRD gives version (every version it lists,
// when "") the status subresource.
func (c goCRD) gives(version string) bool {
	if c.all {
		return true
	}
	if version != "" {
		return c.versions[version]
	}
	if len(c.versions) == 0 {
		return false
	}
	for _, ok := range c.versions {
		if !ok {
			return false
		}
	}
	return true
}

// goCRDStatus answers for a +genclient kind from the
// CustomResourceDefinitions that its own package builds in Go (the style
// of API libraries written before CRD manifests were generated:
// `func NewNodeConfigCRD() *apiextensionsv1beta1.CustomResourceDefinition`
// next to the type). Like the manifests, only a yes is taken: every such
// CRD of the kind (and of gv's group, where both are known) gives the
// version the status subresource.
func goCRDStatus(crds []goCRD, kind string, gv groupVersion) bool {
	found := false
	for _, c := range crds {
		if c.kind != kind || (c.group != "" && gv.group != "" && c.group != gv.group) {
			continue
		}
		if !c.gives(gv.version) {
			return false
		}
		found = true
	}
	return found
}

// readGoCRDs finds the CustomResourceDefinition literals of files.
func readGoCRDs(files []*ast.File) []goCRD {
	consts := stringConsts(files)
	var out []goCRD
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			var crds []*ast.CompositeLit
			switch t := ast.Unparen(lit.Type).(type) {
			case *ast.ArrayType: // []*v1.CustomResourceDefinition{{...}}: elided types
				if typeName(t.Elt) != "CustomResourceDefinition" {
					return true
				}
				for _, elt := range lit.Elts {
					crds = append(crds, astx.LiteralOf(elt))
				}
			default:
				if typeName(t) != "CustomResourceDefinition" {
					return true
				}
				crds = append(crds, lit)
			}
			for _, crd := range crds {
				if c, ok := readGoCRD(crd, consts); ok {
					out = append(out, c)
				}
			}
			return false
		})
	}
	return out
}

// readGoCRD reads one CustomResourceDefinition literal; ok is false when
// its kind does not resolve.
func readGoCRD(lit *ast.CompositeLit, consts map[string]string) (goCRD, bool) {
	spec := literalField(lit, "Spec")
	c := goCRD{versions: map[string]bool{}}
	c.kind, _ = stringValue(astx.KeyedField(literalField(spec, "Names"), "Kind"), consts)
	if c.kind == "" {
		return goCRD{}, false
	}
	c.group, _ = stringValue(astx.KeyedField(spec, "Group"), consts)
	c.all = listsStatus(literalField(spec, "Subresources"))
	if versions := literalField(spec, "Versions"); versions != nil {
		for _, elt := range versions.Elts {
			v := astx.LiteralOf(elt)
			if name, ok := stringValue(astx.KeyedField(v, "Name"), consts); ok {
				c.versions[name] = listsStatus(literalField(v, "Subresources"))
			}
		}
	}
	return c, true
}

// listsStatus reports whether a CustomResourceSubresources literal sets
// Status.
func listsStatus(sub *ast.CompositeLit) bool {
	v := astx.KeyedField(sub, "Status")
	id, isIdent := v.(*ast.Ident)
	return v != nil && (!isIdent || id.Name != "nil")
}

// literalField returns the composite literal given to field name in lit
// (&T{...} too), nil when there is none.
func literalField(lit *ast.CompositeLit, name string) *ast.CompositeLit {
	return astx.LiteralOf(astx.KeyedField(lit, name))
}

// stringValue resolves a string literal or a constant of the package.
func stringValue(e ast.Expr, consts map[string]string) (string, bool) {
	switch v := e.(type) {
	case *ast.BasicLit:
		if v.Kind == token.STRING {
			s, err := strconv.Unquote(v.Value)
			return s, err == nil
		}
	case *ast.Ident:
		s, ok := consts[v.Name]
		return s, ok
	}
	return "", false
}

// typeName is the name of a literal's type: T, pkg.T, *T.
func typeName(e ast.Expr) string {
	return k8s.CalleeName(astx.StripStar(ast.Unparen(e)))
}

// stringConsts collects the untyped and string constants of files that
// are given a string literal (const kind = "NodeConfig").
func stringConsts(files []*ast.File) map[string]string {
	out := map[string]string{}
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i >= len(vs.Values) {
						break
					}
					if bl, ok := ast.Unparen(vs.Values[i]).(*ast.BasicLit); ok && bl.Kind == token.STRING {
						if v, err := strconv.Unquote(bl.Value); err == nil {
							out[name.Name] = v
						}
					}
				}
			}
		}
	}
	return out
}
