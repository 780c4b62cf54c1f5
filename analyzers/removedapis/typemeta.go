package removedapis

import (
	"go/ast"

	"github.com/opvet/opvet/internal/apilifecycle"
	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// typeMetaVerb names, in messages, the use of a literal whose TypeMeta
// sets its removed version.
const typeMetaVerb = "typed literal"

// pendingLiteral is a literal of a removed kind whose TypeMeta names that
// kind's version, judged when its function ends unless a call of the
// function was reported for the same kind (one finding per object: the
// write, when one is seen).
type pendingLiteral struct {
	row apilifecycle.Kind
	lit *ast.CompositeLit
}

// typeMetaLiteral judges a literal of a removed kind's Go type that sets
// the kind's own apiVersion in its TypeMeta (batchv1beta1.CronJob{TypeMeta:
// metav1.TypeMeta{APIVersion: "batch/v1beta1", ...}}). Only encoders read
// TypeMeta: the object is built to be sent, to the API server or into a
// manifest applied to it, whatever route it takes (a collection of
// resources that another package creates, a library, a wrapper of another
// module), so the literal stands for the write opvet does not see.
func (c *checker) typeMetaLiteral(lit *ast.CompositeLit) {
	av := astx.KeyedField(astx.LiteralOf(astx.KeyedField(lit, "TypeMeta")), "APIVersion")
	if av == nil {
		return // most literals: no type lookup
	}
	n := k8s.NamedOf(c.pass.TypesInfo.TypeOf(lit))
	if n == nil || n.Obj().Pkg() == nil {
		return
	}
	row, ok := apilifecycle.Lookup(k8s.PkgPath(n.Obj().Pkg()), n.Obj().Name())
	if !ok {
		return
	}
	v, ok := c.apiVersionValue(av)
	if !ok || v.group != row.Group || v.version != row.Version {
		return
	}
	if c.fn == nil {
		c.judge(subjectOf(row), use{node: lit, verb: typeMetaVerb, how: byMapper}, nil)
		return
	}
	c.fn.literals = append(c.fn.literals, pendingLiteral{row, lit})
}

// flushLiterals judges the literals of the function that ends whose kind
// no call of the function was reported for.
func (c *checker) flushLiterals() {
	if c.fn == nil {
		return
	}
	for _, p := range c.fn.literals {
		if s := subjectOf(p.row); !c.fn.reported[s.name()] {
			c.judge(s, use{node: p.lit, verb: typeMetaVerb, how: byMapper}, nil)
		}
	}
	c.fn.literals = nil
}

// apiVersionValue computes an apiVersion string: a constant, or the
// String() of a GroupVersion (batchv1beta1.SchemeGroupVersion.String()).
func (c *checker) apiVersionValue(e ast.Expr) (gvkValue, bool) {
	if v, ok := c.apiVersionKind(e, nil); ok {
		return v, true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return gvkValue{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !k8s.IsMethod(k8s.Callee(c.pass.TypesInfo, call), k8s.Schema, "GroupVersion", "String") {
		return gvkValue{}, false
	}
	return c.evalGV(sel.X, 1)
}
