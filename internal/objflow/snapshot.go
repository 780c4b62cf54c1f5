package objflow

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/k8s"
)

// Snapshot is a patch-helper snapshot (cluster-api's patch.NewHelper) that
// a function takes of the object of one of its parameters, or of the
// object in a field of a struct parameter: a scope constructor's
// patch.NewHelper(params.Machine, params.Client). The helper's Patch sends
// only what changed after the snapshot, so a change the caller made
// before the call is never sent by it.
type Snapshot struct {
	Param int
	// Field names the field of the parameter, a struct (or a pointer to
	// one), whose object is taken; "" for the parameter's object itself.
	Field string
}

// snapshotsOf returns the snapshots that fd takes directly of the objects
// of its parameters.
func (p *Package) snapshotsOf(fn *types.Func, fd *ast.FuncDecl) []Snapshot {
	if fd.Body == nil || !k8s.Imports(p.types, k8s.ClusterAPIPatch, k8s.ClusterAPIPatchV1Beta1) {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	var out []Snapshot
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false // runs later, or never
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 || !k8s.IsPatchSnapshot(k8s.Callee(p.info, call)) {
			return true
		}
		if s, ok := p.paramSnapshot(sig, call.Args[0]); ok {
			out = append(out, s)
		}
		return true
	})
	return out
}

// paramSnapshot tells which parameter (and field of it) e denotes: a
// parameter, or a field selected on one (params.Machine).
func (p *Package) paramSnapshot(sig *types.Signature, e ast.Expr) (Snapshot, bool) {
	field := ""
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		field, e = sel.Sel.Name, sel.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return Snapshot{}, false
	}
	v, ok := p.info.Uses[id].(*types.Var)
	if !ok {
		return Snapshot{}, false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if sig.Params().At(i) == v {
			return Snapshot{Param: i, Field: field}, true
		}
	}
	return Snapshot{}, false
}

// indexSnapshots marks the functions that make calls of patch.NewHelper
// or of an imported function whose summary says it takes a snapshot
// (among candidates, the calls named like them), and those that call a
// function of the package that calls patch.NewHelper itself (among
// local, the calls of the package's functions).
func (p *Package) indexSnapshots(candidates, local []callRef) {
	direct := map[*types.Func]bool{} // functions of the package that call patch.NewHelper
	for _, c := range candidates {
		fn := k8s.Callee(p.info, c.call)
		if k8s.IsPatchSnapshot(fn) {
			p.snapshotting[c.fn] = true
			if fd, ok := c.fn.(*ast.FuncDecl); ok {
				if f, ok := p.info.Defs[fd.Name].(*types.Func); ok {
					direct[f] = true
				}
			}
		} else if s := p.imported[p.resolve(fn)]; s != nil && len(s.Snapshots) > 0 {
			p.snapshotting[c.fn] = true
		}
	}
	if len(direct) == 0 {
		return
	}
	for _, c := range local {
		if fn := p.resolve(k8s.Callee(p.info, c.call)); fn != nil && direct[fn] {
			p.snapshotting[c.fn] = true
		}
	}
}

// MakesSnapshot reports whether fn calls cluster-api's patch.NewHelper, or
// a function whose summary says it takes such a snapshot of an object it
// is given.
func (p *Package) MakesSnapshot(fn ast.Node) bool { return p.snapshotting[fn] }

// SnapshotArgs returns the expressions of call whose objects it hands to
// a patch-helper snapshot: patch.NewHelper's object, or the arguments (or
// the fields of a struct literal argument) that the callee's summary
// says it takes a snapshot of.
func (p *Package) SnapshotArgs(call *ast.CallExpr) []ast.Expr {
	fn := k8s.Callee(p.info, call)
	if k8s.IsPatchSnapshot(fn) {
		if len(call.Args) > 0 {
			return []ast.Expr{call.Args[0]}
		}
		return nil
	}
	s := p.SummaryOf(fn)
	if s == nil {
		return nil
	}
	var out []ast.Expr
	for _, snap := range s.Snapshots {
		if snap.Param >= len(call.Args) {
			continue
		}
		arg := call.Args[snap.Param]
		if snap.Field == "" {
			out = append(out, arg)
			continue
		}
		if lit, ok := stripAddr(arg).(*ast.CompositeLit); ok {
			if e := literalField(lit, snap.Field); e != nil {
				out = append(out, e)
			}
		}
	}
	return out
}

// literalField returns the value that a struct literal gives field name,
// looking into the literals of its embedded structs, or nil.
func literalField(lit *ast.CompositeLit, name string) ast.Expr {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if key, ok := kv.Key.(*ast.Ident); ok && key.Name == name {
			return kv.Value
		}
		if inner, ok := stripAddr(kv.Value).(*ast.CompositeLit); ok && embeds(kv.Key, inner) {
			if e := literalField(inner, name); e != nil {
				return e
			}
		}
	}
	return nil
}

// embeds reports whether key names the type of the literal it keys: the
// field of an embedded struct (ClusterScopeParams: scope.ClusterScopeParams{...}).
func embeds(key ast.Expr, lit *ast.CompositeLit) bool {
	k, ok := key.(*ast.Ident)
	if !ok {
		return false
	}
	switch t := lit.Type.(type) {
	case *ast.Ident:
		return t.Name == k.Name
	case *ast.SelectorExpr:
		return t.Sel.Name == k.Name
	}
	return false
}
