package resourceversion

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objref"
)

// versionField reports whether a write to the field path may set the
// resourceVersion: the field itself, the whole ObjectMeta, the content of
// an unstructured object.
func versionField(fields []string) bool {
	switch fields[0] {
	case "ResourceVersion", "ObjectMeta", "Object":
		return true
	}
	return false
}

// harmless reports whether one use of a fresh object leaves it without a
// resourceVersion. ret is the constructor whose results may carry it.
func (c *checker) harmless(u objref.Use, ret *ast.FuncDecl) bool {
	whole := len(u.Fields) == 0
	switch p := u.Parent.(type) {
	case *ast.AssignStmt:
		for _, lhs := range p.Lhs {
			if lhs == u.Top {
				if whole {
					_, isIdent := u.Top.(*ast.Ident)
					return isIdent // a definition, checked on its own
				}
				return !versionField(u.Fields)
			}
		}
	case *ast.UnaryExpr:
		return whole || !versionField(u.Fields)
	case *ast.SelectorExpr:
		return c.harmlessMethod(u, p)
	case *ast.CallExpr:
		return c.harmlessArgument(u, p)
	case *ast.ReturnStmt:
		return !whole || ret != nil
	}
	return !whole
}

// harmlessMethod: obj.GetName(), obj.SetLabels(...), obj.DeepCopy() are
// harmless; SetResourceVersion and unknown methods are not.
func (c *checker) harmlessMethod(u objref.Use, sel *ast.SelectorExpr) bool {
	fn, _ := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if fn == nil {
		return false
	}
	name := fn.Name()
	switch {
	case strings.HasPrefix(name, "DeepCopy"), name == "GetObjectKind", strings.HasPrefix(name, "Get"):
		return true
	case len(u.Fields) > 0 && !versionField(u.Fields):
		return true
	case len(u.Fields) == 0 && k8s.IsObjectMetaMethod(fn):
		return name != "SetResourceVersion" && name != "SetUnstructuredContent" && name != "UnmarshalJSON"
	}
	return false
}

// harmlessArgument: the object passed to the Update being checked or to
// an inert helper is harmless; passed to Get, List, Create, Patch or any
// other function it may be filled.
func (c *checker) harmlessArgument(u objref.Use, call *ast.CallExpr) bool {
	info := c.pass.TypesInfo
	if ast.Unparen(call.Fun) == u.Top {
		return true
	}
	if len(u.Fields) > 0 {
		return u.Fields[0] != "Object" // unstructured.SetNestedField(u.Object, ...)
	}
	if w, ok := k8s.ClassifyWrite(info, call); ok && w.Object != nil && ast.Unparen(w.Object) == u.Top {
		return w.Op == k8s.OpUpdate
	}
	return k8s.IsInertCall(k8s.Callee(info, call))
}
