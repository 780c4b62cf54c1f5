package mergefrom

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
)

// snapshots checks the patch-helper snapshots that fn takes: cluster-api's
// patch.NewHelper(obj, c) keeps a copy of obj as its base, and its Patch
// sends what changed since, so a change made to obj before the snapshot
// is in the base and never sent by it (cluster-api-provider-hetzner#889:
// a condition marked true before the scope constructor that made the
// helper stayed false on the server).
//
// Test files are left out: they build the states they test on purpose
// (cluster-api's own tests of the patch helper change an object before
// making a helper to show that the change is not sent).
func (c *checker) snapshots(fn ast.Node) {
	if astx.InTestFile(c.pass.Fset, fn.Pos()) {
		return
	}
	f := c.flow.Func(fn)
	if f == nil {
		return
	}
	ast.Inspect(fn, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		site := f.Call(call)
		if site == nil || f.Deferred(call) {
			return true
		}
		for _, e := range c.flow.SnapshotArgs(call) {
			c.snapshotTaken(f, site, e)
		}
		return true
	})
}

// snapshotTaken reports the changes of the object of e, read from the API
// server, that are pending when site takes its snapshot and that no other
// write of the function sends.
func (c *checker) snapshotTaken(f *objflow.Func, site *objflow.CallSite, e ast.Expr) {
	v := c.rootVar(e)
	if v == nil {
		return
	}
	for _, ch := range f.Changes {
		if ch.Presumed || len(ch.Path) == 0 || typeMeta(ch.Path) || ch.At() >= site.Call.Pos() ||
			f.InDeferred(ch.Pos) || c.rootVar(ch.Object) != v || c.snapped[ch.Pos] {
			continue
		}
		for _, id := range ch.Objects {
			facts := site.Facts(id)
			// A function literal that holds the object may have sent it
			// (Eventually(func() error { return helper.Patch(ctx, obj) })),
			// and so may any code that shares a variable of an enclosing
			// function (a test framework's nested literals).
			if !facts.Has(objflow.Filled|objflow.Cached|objflow.SharesCache) || facts.Has(objflow.Captured) ||
				f.Value(id).Kind == objflow.Outer || !pending(facts, ch.Change) || sentByWrite(f, id, ch.Change) {
				continue
			}
			c.snapped[ch.Pos] = true
			c.reportSnapshot(ch, site)
			break
		}
	}
}

// pending reports whether ch is among the changes facts hold pending.
func pending(facts *objflow.Facts, ch objflow.Change) bool {
	return slices.ContainsFunc(facts.Changes, func(p objflow.Change) bool {
		return p.Pos == ch.Pos && p.What == ch.What && p.Label() == ch.Label()
	})
}

// sentByWrite reports whether a client write of the function sends the
// object id with ch pending (an Update after the helper was made sends
// the whole object).
func sentByWrite(f *objflow.Func, id int32, ch objflow.Change) bool {
	for _, w := range f.Writes {
		if w.Object.Has(id) && pending(w.PendingFacts(id), ch) {
			return true
		}
	}
	return false
}

// rootVar returns the variable that e is or selects fields of, or nil.
func (c *checker) rootVar(e ast.Expr) types.Object {
	for e != nil {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return c.info.ObjectOf(x)
		case *ast.SelectorExpr:
			if c.info.Selections[x] == nil {
				return nil // a qualified identifier
			}
			e = x.X
		case *ast.UnaryExpr:
			if x.Op != token.AND {
				return nil
			}
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
	return nil
}

func (c *checker) reportSnapshot(ch *objflow.ChangeSite, site *objflow.CallSite) {
	taker := types.ExprString(site.Call.Fun)
	how := "takes its snapshot"
	if !k8s.IsPatchSnapshot(site.Callee) {
		how = "takes the patch-helper snapshot (patch.NewHelper)"
	}
	obj := types.ExprString(ch.Object)
	line := c.pass.Fset.Position(site.Call.Pos()).Line
	c.rep.Report(analysis.Diagnostic{
		Pos: ch.Pos,
		Message: fmt.Sprintf("%s changes %s before %s at line %d %s of it: cluster-api's patch helper sends only what "+
			"changed after that snapshot, so this change is never sent; make it after the helper is created",
			ch.What, obj, taker, line, how),
		Related: []analysis.RelatedInformation{{Pos: site.Call.Pos(), End: site.Call.End(), Message: taker + " takes the snapshot"}},
	})
}

// typeMeta reports whether a change's field path is the object's
// TypeMeta, which no patch carries.
func typeMeta(path []string) bool {
	switch path[0] {
	case "TypeMeta", "APIVersion", "Kind":
		return true
	}
	return false
}
