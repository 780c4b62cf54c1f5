package objflow

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/k8s"
)

// maxEncodingDepth bounds how many definitions and calls encodesHeldObject
// follows back from the bytes a decoder reads.
const maxEncodingDepth = 6

// encodesHeldObject reports whether the bytes data (a decoder's input) may
// be the encoding of an object that may hold a resourceVersion: data is,
// through the function's local variables, conversions and calls that take
// bytes (a merge patch applied to a document: jsonpatch.MergePatch(orig,
// patch)), the result of a marshaller (json.Marshal, yaml.Marshal,
// runtime.Encode) given an object that came from the API server or from a
// caller. An object decoded from such bytes carries that object's
// metadata: a deep copy through JSON, or the fetched object with a patch
// applied.
func (a *analysis) encodesHeldObject(data ast.Expr) bool {
	seen := map[*types.Var]bool{}
	return a.encodes(data, seen, 0)
}

func (a *analysis) encodes(e ast.Expr, seen map[*types.Var]bool, depth int) bool {
	if depth > maxEncodingDepth {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, _ := a.pkg.info.Uses[e].(*types.Var)
		if v == nil || seen[v] || !a.local(v) {
			return false
		}
		seen[v] = true
		for _, def := range a.definitions(v) {
			if a.encodes(def, seen, depth+1) {
				return true
			}
		}
	case *ast.CallExpr:
		if tv, ok := a.pkg.info.Types[e.Fun]; ok && tv.IsType() {
			return len(e.Args) == 1 && a.encodes(e.Args[0], seen, depth+1) // []byte(s), string(b)
		}
		if obj, ok := a.marshalled(e); ok {
			return a.mayHoldVersion(obj)
		}
		for _, arg := range e.Args {
			if isBytesOrString(a.pkg.info.TypeOf(arg)) && a.encodes(arg, seen, depth+1) {
				return true
			}
		}
	}
	return false
}

// marshalled returns the object argument of a marshaller call: Marshal
// and MarshalIndent of encoding/json and the YAML packages, and
// apimachinery's runtime.Encode(codec, obj).
func (a *analysis) marshalled(call *ast.CallExpr) (ast.Expr, bool) {
	fn := k8s.Callee(a.pkg.info, call)
	if fn == nil || len(call.Args) == 0 {
		return nil, false
	}
	switch {
	case (fn.Name() == "Marshal" || fn.Name() == "MarshalIndent") && k8s.RecvNamed(fn) == nil:
		return call.Args[0], true
	case k8s.IsFunc(fn, k8s.Runtime, "Encode") && len(call.Args) == 2:
		return call.Args[1], true
	}
	return nil, false
}

// mayHoldVersion reports whether the object e evaluates to may hold a
// resourceVersion now: read from or written to the API server, or from
// elsewhere than a literal or a constructor of the package.
func (a *analysis) mayHoldVersion(e ast.Expr) bool {
	for _, id := range a.peek(e) {
		if a.facts(id).All()&(Foreign|Filled) != 0 {
			return true
		}
	}
	return false
}

// definitions returns the expressions assigned to the local variable v in
// the function: the right-hand sides of its definitions and assignments
// (for a multi-value call, the call).
func (a *analysis) definitions(v *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(a.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				return true
			}
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok || a.pkg.info.ObjectOf(id) != v {
					continue
				}
				switch {
				case len(n.Rhs) == len(n.Lhs):
					out = append(out, n.Rhs[i])
				case len(n.Rhs) == 1:
					out = append(out, n.Rhs[0])
				}
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if a.pkg.info.ObjectOf(id) != v {
					continue
				}
				switch {
				case len(n.Values) == len(n.Names):
					out = append(out, n.Values[i])
				case len(n.Values) == 1:
					out = append(out, n.Values[0])
				}
			}
		}
		return true
	})
	return out
}

// isBytesOrString reports whether t is []byte, string, or a type defined
// from one (json.RawMessage).
func isBytesOrString(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := under(t).(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := under(u.Elem()).(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}
