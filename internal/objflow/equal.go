package objflow

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/cfg"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// Equality conditions. On the branch where a field path of an object
// equals the same path of a copy of it (equality.Semantic.DeepEqual(
// old.Finalizers, obj.Finalizers) true, needsUpdate(old, obj) false), the
// changes one of them made there since the copy are undone in value: if
// the other made none, both hold what the copy started from. A write on
// that branch does not drop or send them (numaflow's pipeline controller
// sends only the status when the finalizers are unchanged).

// isEqualityFunc reports whether fn compares its two arguments for deep
// equality: reflect.DeepEqual, equality.Semantic.DeepEqual (the
// Equalities of apimachinery), slices.Equal, maps.Equal, and go-cmp's
// cmp.Equal without options.
func isEqualityFunc(fn *types.Func, nargs int) bool {
	if fn.Pkg() == nil || nargs != 2 {
		return false
	}
	path, name := fn.Pkg().Path(), fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		named, ok := astx.Deref(recv.Type()).(*types.Named)
		return ok && name == "DeepEqual" && named.Obj().Name() == "Equalities"
	}
	switch path {
	case "reflect":
		return name == "DeepEqual"
	case "slices", "maps", "github.com/google/go-cmp/cmp":
		return name == "Equal"
	}
	return false
}

// assumeEqual applies a condition that holds on the current branch when
// it is a call of an equality function, or of a function of the package
// whose result implies comparisons of its parameters; it reports whether
// the call was an equality function's, which implies nothing else.
func (a *analysis) assumeEqual(call *ast.CallExpr, truth bool) bool {
	fn := k8s.Callee(a.pkg.info, call)
	if fn == nil {
		return false
	}
	if isEqualityFunc(fn, len(call.Args)) {
		if truth {
			a.equate(call.Args[0], call.Args[1], nil)
		}
		return true
	}
	s := a.pkg.equalitiesOf(fn)
	if s == nil {
		return false
	}
	eqs := s.whenFalse
	if truth {
		eqs = s.whenTrue
	}
	for _, eq := range eqs {
		a.equate(call.Args[eq.i], call.Args[eq.j], eq.path)
	}
	return false
}

// equate applies x.path == y.path, where x and y are expressions rooted
// at objects.
func (a *analysis) equate(x, y ast.Expr, path []string) {
	ox, px, ok := a.objectPath(x)
	if !ok {
		return
	}
	oy, py, ok := a.objectPath(y)
	if !ok || !slices.Equal(px, py) {
		return
	}
	xs, ys := a.peek(ox), a.peek(oy)
	if len(xs) != 1 || len(ys) != 1 || xs[0] == ys[0] {
		return // may be other objects on some path
	}
	full := append(slices.Clip(px), path...)
	fx, fy := a.facts(xs[0]), a.facts(ys[0]) // nil for an object with no facts yet
	switch {
	case fy != nil && fy.Sources.Has(xs[0]):
		a.undoSinceCopy(xs[0], ys[0], full)
	case fx != nil && fx.Sources.Has(ys[0]):
		a.undoSinceCopy(ys[0], xs[0], full)
	}
}

// undoSinceCopy applies that the copy c of src and src hold equal values
// at path: when one of them changed nothing that reaches path since the
// copy was made, the other's changes under path since then left it as it
// was, and are dropped from its facts. A change of a wider part
// (obj.Spec = x when comparing Spec.Replicas), or one that may change
// anything (UnknownChange), keeps them all.
func (a *analysis) undoSinceCopy(src, c int32, path []string) {
	fs, fc := a.facts(src), a.facts(c)
	if fs.Has(UnknownChange) || fc.Has(UnknownChange) {
		return
	}
	var inherited []Change
	if fc != nil {
		inherited = fc.Inherited
	}
	srcSince := changesReaching(fs, path, func(ch Change) bool {
		return !slices.ContainsFunc(inherited, func(x Change) bool { return sameChange(x, ch) })
	})
	copySince := changesReaching(fc, path, nil)
	switch {
	case len(copySince) == 0 && len(srcSince) > 0 && allUnder(srcSince, path):
		a.setFacts(src, dropChanges(fs, srcSince))
	case len(srcSince) == 0 && len(copySince) > 0 && allUnder(copySince, path):
		a.setFacts(c, dropChanges(fc, copySince))
	}
}

// changesReaching returns the changes in f (those keep selects, nil: all)
// whose path is under path or contains it.
func changesReaching(f *Facts, path []string, keep func(Change) bool) []Change {
	if f == nil {
		return nil
	}
	var out []Change
	for _, ch := range f.Changes {
		if (hasPrefix(ch.Path, path) || hasPrefix(path, ch.Path)) && (keep == nil || keep(ch)) {
			out = append(out, ch)
		}
	}
	return out
}

func allUnder(changes []Change, path []string) bool {
	for _, ch := range changes {
		if !hasPrefix(ch.Path, path) {
			return false
		}
	}
	return true
}

func hasPrefix(path, prefix []string) bool {
	return len(path) >= len(prefix) && slices.Equal(path[:len(prefix)], prefix)
}

func dropChanges(f *Facts, drop []Change) *Facts {
	return f.with(func(out *Facts) {
		out.Changes = slices.DeleteFunc(slices.Clone(out.Changes), func(ch Change) bool {
			return slices.ContainsFunc(drop, func(x Change) bool { return sameChange(x, ch) })
		})
	})
}

// paramEq says that parameters i and j hold equal values at path.
type paramEq struct {
	i, j int
	path []string
}

// equalities are what a boolean function of the package implies of its
// parameters when it returns true and when it returns false.
type equalities struct {
	whenTrue, whenFalse []paramEq
}

// equalitiesOf returns what fn's result implies of its parameters (nil:
// nothing), for a function of the package with one boolean result and no
// assignment to its parameters. It is computed on first use and safe for
// concurrent use.
func (p *Package) equalitiesOf(fn *types.Func) *equalities {
	if v, ok := p.eqs.Load(fn); ok {
		return v.(*equalities)
	}
	e := p.computeEqualities(fn)
	v, _ := p.eqs.LoadOrStore(fn, e)
	return v.(*equalities)
}

func (p *Package) computeEqualities(fn *types.Func) *equalities {
	fd := p.decls[fn]
	sig := fn.Signature()
	if fd == nil || fd.Body == nil || sig.Variadic() || sig.Results().Len() != 1 || sig.Params().Len() < 2 {
		return nil
	}
	if b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	params := map[*types.Var]int{}
	for i := range sig.Params().Len() {
		params[sig.Params().At(i)] = i
	}
	if assignsAny(p.info, fd.Body, params) {
		return nil
	}
	eq := &eqFinder{a: &analysis{pkg: p}, params: params}
	return eq.run(cfg.New(fd.Body, p.mayReturn))
}

// assignsAny reports whether body assigns one of params.
func assignsAny(info *types.Info, body *ast.BlockStmt, params map[*types.Var]int) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok {
						_, isParam := params[v]
						found = found || isParam
					}
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
				if v, ok := info.Uses[id].(*types.Var); ok {
					_, isParam := params[v]
					found = found || isParam
				}
			}
		}
		return !found
	})
	return found
}

// eqFinder finds the comparisons of parameters that hold on every path
// to each return: a must analysis over the function's control flow
// graph, whose facts are the comparisons the branches taken imply.
type eqFinder struct {
	a      *analysis
	params map[*types.Var]int
}

// eqSet is a set of parameter comparisons; nil is the set of a block not
// yet reached.
type eqSet []paramEq

func (f *eqFinder) run(g *cfg.CFG) *equalities {
	in := make([]*eqSet, len(g.Blocks))
	if len(g.Blocks) == 0 {
		return nil
	}
	in[0] = &eqSet{}
	flow := func(to *cfg.Block, s eqSet) bool {
		if in[to.Index] == nil {
			c := slices.Clone(s)
			in[to.Index] = &c
			return true
		}
		meet := intersectEqs(*in[to.Index], s)
		if len(meet) == len(*in[to.Index]) {
			return false
		}
		*in[to.Index] = meet
		return true
	}
	for changed := true; changed; {
		changed = false
		for _, b := range g.Blocks {
			if in[b.Index] == nil || !b.Live {
				continue
			}
			s := *in[b.Index]
			if cond := blockCond(b); cond != nil {
				changed = flow(b.Succs[0], append(slices.Clip(s), f.implied(cond, true)...)) || changed
				changed = flow(b.Succs[1], append(slices.Clip(s), f.implied(cond, false)...)) || changed
				continue
			}
			for _, succ := range b.Succs {
				changed = flow(succ, s) || changed
			}
		}
	}
	out := &equalities{}
	var seenTrue, seenFalse bool
	for _, b := range g.Blocks {
		rs := b.Return()
		if rs == nil || in[b.Index] == nil || len(rs.Results) != 1 {
			continue
		}
		s := *in[b.Index]
		for _, truth := range []bool{true, false} {
			if v, known := f.constBool(rs.Results[0]); known && v != truth {
				continue
			}
			got := append(slices.Clip(s), f.implied(rs.Results[0], truth)...)
			if truth {
				out.whenTrue = meetFirst(out.whenTrue, got, &seenTrue)
			} else {
				out.whenFalse = meetFirst(out.whenFalse, got, &seenFalse)
			}
		}
	}
	if len(out.whenTrue) == 0 && len(out.whenFalse) == 0 {
		return nil
	}
	return out
}

func meetFirst(acc, s eqSet, seen *bool) eqSet {
	if !*seen {
		*seen = true
		return s
	}
	return intersectEqs(acc, s)
}

// blockCond returns the condition that ends b, a block with a true and a
// false successor.
func blockCond(b *cfg.Block) ast.Expr {
	if len(b.Succs) != 2 || len(b.Nodes) == 0 {
		return nil
	}
	e, _ := b.Nodes[len(b.Nodes)-1].(ast.Expr)
	return e
}

func (f *eqFinder) constBool(e ast.Expr) (value, known bool) {
	tv, ok := f.a.pkg.info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(tv.Value), true
}

// implied returns the comparisons of parameters that cond being truth
// implies.
func (f *eqFinder) implied(cond ast.Expr, truth bool) eqSet {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return f.implied(c.X, !truth)
		}
	case *ast.BinaryExpr:
		switch {
		case c.Op == token.LAND && truth, c.Op == token.LOR && !truth:
			return append(f.implied(c.X, truth), f.implied(c.Y, truth)...)
		case c.Op == token.EQL && truth, c.Op == token.NEQ && !truth:
			return f.compare(c.X, c.Y)
		}
	case *ast.CallExpr:
		if fn := k8s.Callee(f.a.pkg.info, c); fn != nil && truth && isEqualityFunc(fn, len(c.Args)) {
			return f.compare(c.Args[0], c.Args[1])
		}
	}
	return nil
}

// compare returns x == y as a comparison of two parameters' field paths,
// if it is one.
func (f *eqFinder) compare(x, y ast.Expr) eqSet {
	i, px, ok := f.paramPath(x)
	if !ok {
		return nil
	}
	j, py, ok := f.paramPath(y)
	if !ok || i == j || !slices.Equal(px, py) {
		return nil
	}
	if i > j {
		i, j = j, i
	}
	return eqSet{{i: i, j: j, path: px}}
}

func (f *eqFinder) paramPath(e ast.Expr) (int, []string, bool) {
	obj, path, ok := f.a.objectPath(e)
	if !ok {
		return 0, nil, false
	}
	id, ok := ast.Unparen(obj).(*ast.Ident)
	if !ok {
		return 0, nil, false
	}
	v, ok := f.a.pkg.info.Uses[id].(*types.Var)
	if !ok {
		return 0, nil, false
	}
	i, ok := f.params[v]
	return i, path, ok
}

func intersectEqs(a, b eqSet) eqSet {
	out := eqSet{}
	for _, x := range a {
		if slices.ContainsFunc(b, func(y paramEq) bool { return sameEq(x, y) }) &&
			!slices.ContainsFunc(out, func(y paramEq) bool { return sameEq(x, y) }) {
			out = append(out, x)
		}
	}
	return out
}

func sameEq(x, y paramEq) bool {
	return x.i == y.i && x.j == y.j && strings.Join(x.path, ".") == strings.Join(y.path, ".")
}
