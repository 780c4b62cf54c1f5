package resourceversion

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
)

// staleVersions reports x.SetResourceVersion(y.GetResourceVersion())
// where y is a copy of x taken before a read filled x, and x is then sent
// with Update: the update carries the resourceVersion x had before the
// read, and the one the read returned is thrown away
// (crossplane/crossplane-runtime#238).
func (c *checker) staleVersions(f *objflow.Func) {
	ast.Inspect(f.Node, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit != f.Node {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			c.staleVersion(f, call)
		}
		return true
	})
}

func (c *checker) staleVersion(f *objflow.Func, call *ast.CallExpr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "SetResourceVersion" || len(call.Args) != 1 || c.inTest(call) {
		return
	}
	get, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
	if !ok || len(get.Args) != 0 {
		return
	}
	if gs, ok := ast.Unparen(get.Fun).(*ast.SelectorExpr); !ok || gs.Sel.Name != "GetResourceVersion" {
		return
	}
	set, src := f.Call(call), f.Call(get)
	if set == nil || src == nil || len(set.Recv) == 0 || len(src.Recv) == 0 {
		return
	}
	copied, ok := c.staleCopy(f, set, src)
	if !ok {
		return
	}
	read := c.readBetween(f, set.Recv, copied.Node.Pos(), call.Pos())
	update := c.nextUpdate(f, set.Recv, call.Pos())
	if read == nil || update == nil || c.readBetween(f, set.Recv, call.Pos(), update.Call.Pos()) != nil {
		return
	}
	line := func(p token.Pos) int { return c.pass.Fset.Position(p).Line }
	x, y := types.ExprString(sel.X), types.ExprString(copyHolder(get))
	c.rep.Report(analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(),
		Message: fmt.Sprintf("%[1]s.SetResourceVersion gives %[1]s the resourceVersion of %[2]s, a copy of %[1]s taken at line %[3]d "+
			"before %[4]s at line %[5]d read %[1]s, so the update at line %[6]d sends the resourceVersion %[1]s had before "+
			"that read (none for a desired object: the API server rejects it, \"must be specified for an update\"; an "+
			"older one: a conflict whenever the object changed since); read into %[2]s instead, or drop the copy and keep what "+
			"the read returned",
			x, y, line(copied.Node.Pos()), types.ExprString(read.Call.Fun), line(read.Call.Pos()), line(update.Call.Pos())),
	})
}

// staleCopy returns the copy whose resourceVersion src reads when it is a
// copy of set's receiver taken before the receiver was filled: the copy
// was not filled (a copy keeps that fact of its source), the receiver
// is, on every path. A copy handed to code opvet cannot see still counts
// (crossplane hands it to its ApplyOption callbacks, which compare): that
// code would have to read it from the API server to give it the current
// resourceVersion.
func (c *checker) staleCopy(f *objflow.Func, set, src *objflow.CallSite) (*objflow.Value, bool) {
	if len(src.Recv) != 1 {
		return nil, false
	}
	v := f.Value(src.Recv[0])
	if v == nil {
		return nil, false
	}
	facts := src.Facts(v.ID)
	if v.Kind != objflow.Copy || v.Node == nil || facts == nil ||
		facts.Has(objflow.Filled|objflow.Captured|objflow.UnknownChange) ||
		len(facts.Sources) == 0 || !facts.Sources.SubsetOf(set.Recv) {
		return nil, false
	}
	for _, id := range set.Recv {
		if !set.Facts(id).Has(objflow.Filled) {
			return nil, false
		}
	}
	return v, true
}

// readBetween returns a read into one of objs between from and to.
func (c *checker) readBetween(f *objflow.Func, objs objflow.Set, from, to token.Pos) *objflow.ReadSite {
	for _, r := range f.Reads() {
		if p := r.Call.Pos(); p > from && p < to && r.Into.Intersects(objs) {
			return r
		}
	}
	return nil
}

// nextUpdate returns the first Update of objs after pos.
func (c *checker) nextUpdate(f *objflow.Func, objs objflow.Set, pos token.Pos) *objflow.WriteSite {
	var out *objflow.WriteSite
	for _, w := range f.Writes {
		if w.Write.Op == k8s.OpUpdate && w.Call.Pos() > pos && w.Object.Intersects(objs) && (out == nil || w.Call.Pos() < out.Call.Pos()) {
			out = w
		}
	}
	return out
}

// copyHolder is the expression whose resourceVersion get reads, type
// assertions removed: current in current.(metav1.Object).GetResourceVersion().
func copyHolder(get *ast.CallExpr) ast.Expr {
	e := ast.Unparen(get.Fun).(*ast.SelectorExpr).X
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.TypeAssertExpr:
			e = x.X
		default:
			return x
		}
	}
}
