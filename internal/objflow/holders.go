package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/opvet/opvet/internal/astx"

	"github.com/opvet/opvet/internal/k8s"
)

// Local holders: a variable of the function whose type is a struct (or a
// pointer to one) other than an object, which groups objects in its
// fields: classified pods (struct{ ready, pending []*corev1.Pod }), a
// step's current and desired objects. Each of its fields that holds
// objects is followed as a variable of its own (a slot), so that the
// objects stored in it keep their facts when they are read back, ranged
// over or returned, field by field. A variable is a holder only when the
// function uses it in ways that keep its fields its own: field selections,
// its definitions from a literal, new(T) or a call, returns, and calls of
// the package's own functions and pointer methods that take it (itself,
// its address or what it points to), whose summaries tell what they do
// to its fields. Any other use (an argument of other code, a copy to
// another variable, its address kept, a reference from a function
// literal) may let other code change its fields, and the variable is not
// followed.

// slotKey names one field of one holder variable.
type slotKey struct {
	holder *types.Var
	field  string
}

// holderOf returns the holder variable of e, an identifier (or its
// address, or what it points to), or nil.
func (a *analysis) holderOf(e ast.Expr) *types.Var {
	e, _ = astx.StripAddr(e)
	if star, ok := ast.Unparen(e).(*ast.StarExpr); ok {
		e = star.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := a.pkg.info.Uses[id].(*types.Var)
	if !ok {
		v, ok = a.pkg.info.Defs[id].(*types.Var)
	}
	if !ok || !a.isHolder(v) {
		return nil
	}
	return v
}

// isHolder reports whether v is a local holder variable (see above).
func (a *analysis) isHolder(v *types.Var) bool {
	if h, ok := a.holders[v]; ok {
		return h
	}
	h := a.holderType(v.Type()) && a.local(v) && !a.isParam(v) && a.onlyHolderUses(v)
	if a.holders == nil {
		a.holders = map[*types.Var]bool{}
	}
	a.holders[v] = h
	return h
}

// holderType reports whether t is a struct or a pointer to one, not an
// object, with a field that holds objects.
func (a *analysis) holderType(t types.Type) bool {
	return isHolderType(t, a.trackable)
}

// onlyHolderUses reports whether every use of v in the body is a field
// selection, a definition or assignment of v as a whole (from a literal,
// new or a call), or a returned value.
func (a *analysis) onlyHolderUses(v *types.Var) bool {
	info := a.pkg.info
	ok := true
	var stack []ast.Node
	ast.Inspect(a.body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		id, isID := n.(*ast.Ident)
		if !isID || info.ObjectOf(id) != v {
			return true
		}
		ok = holderUse(info, id, stack[:len(stack)-1])
		return true
	})
	return ok
}

// holderUse reports whether the identifier id of a holder, under the
// nodes of stack, is a use that keeps its fields its own. A use in a
// function literal is not: the literal may run at any time.
func holderUse(info *types.Info, id *ast.Ident, stack []ast.Node) bool {
	if len(stack) == 0 {
		return false
	}
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
	}
	if ownFuncArg(info, id, stack) {
		return true
	}
	switch p := stack[len(stack)-1].(type) {
	case *ast.SelectorExpr:
		sel := info.Selections[p]
		if p.X != id || sel == nil {
			return false
		}
		return sel.Kind() == types.FieldVal || ownMethodCall(info, id, p, stack)
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == id {
				return holderSource(p, id)
			}
		}
		return false
	case *ast.ValueSpec:
		if len(p.Values) == 0 {
			return true
		}
		for i, name := range p.Names {
			if name == id {
				return len(p.Values) == len(p.Names) && isBuilt(p.Values[i])
			}
		}
		return false
	case *ast.ReturnStmt:
		return true
	case *ast.BinaryExpr:
		// groups == nil: a comparison reads the pointer only.
		return (p.Op == token.EQL || p.Op == token.NEQ) && (isNilIdent(info, p.X) || isNilIdent(info, p.Y))
	}
	return false
}

// ownMethodCall reports whether sel, a method selection on the holder
// id, is called at once and names a method of the holder's package with
// a pointer receiver: its summary tells what it does to the fields.
func ownMethodCall(info *types.Info, id *ast.Ident, sel *ast.SelectorExpr, stack []ast.Node) bool {
	if len(stack) < 2 {
		return false
	}
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok || ast.Unparen(call.Fun) != sel {
		return false
	}
	fn, _ := info.Selections[sel].Obj().(*types.Func)
	v := info.ObjectOf(id)
	if fn == nil || v == nil || fn.Pkg() != v.Pkg() {
		return false
	}
	_, ptr := types.Unalias(fn.Signature().Recv().Type()).(*types.Pointer)
	return ptr
}

// ownFuncArg reports whether id, under the nodes of stack, is an
// argument (itself, &id or *id) of a call of a function or method
// declared in the holder's package, whose summary tells what it does to
// the fields.
func ownFuncArg(info *types.Info, id *ast.Ident, stack []ast.Node) bool {
	var arg ast.Expr = id
	i := len(stack) - 1
	for ; i >= 0 && isAddrOrDeref(stack[i]); i-- {
		arg = stack[i].(ast.Expr)
	}
	if i < 0 {
		return false
	}
	call, ok := stack[i].(*ast.CallExpr)
	if !ok || !slices.Contains(call.Args, arg) {
		return false
	}
	fn := k8s.Callee(info, call)
	v := info.ObjectOf(id)
	return fn != nil && v != nil && fn.Pkg() == v.Pkg()
}

// isAddrOrDeref reports whether n is (x), &x or *x.
func isAddrOrDeref(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.ParenExpr, *ast.StarExpr:
		return true
	case *ast.UnaryExpr:
		return n.Op == token.AND
	}
	return false
}

// holderSource reports whether the assignment gives the holder id a value
// of its own: a literal, new(T) or a call's result.
func holderSource(as *ast.AssignStmt, id *ast.Ident) bool {
	if len(as.Rhs) == 1 && len(as.Lhs) > 1 {
		_, call := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		return call
	}
	for i, l := range as.Lhs {
		if l == id && i < len(as.Rhs) {
			return isBuilt(as.Rhs[i])
		}
	}
	return false
}

// isBuilt reports whether e makes a new value: a literal (or its
// address), or a call (new(T), a constructor).
func isBuilt(e ast.Expr) bool {
	switch ast.Unparen(stripAddr(e)).(type) {
	case *ast.CompositeLit, *ast.CallExpr:
		return true
	}
	return false
}

// slot returns the variable that follows field of holder h.
func (a *analysis) slot(h *types.Var, field *types.Var) *types.Var {
	k := slotKey{h, field.Name()}
	if s, ok := a.slots[k]; ok {
		return s
	}
	if a.slots == nil {
		a.slots = map[slotKey]*types.Var{}
	}
	s := types.NewVar(a.body.Pos(), h.Pkg(), h.Name()+"."+field.Name(), field.Type())
	a.slots[k] = s
	return s
}

// holderField returns the slot of x.f when x is a holder and f one of its
// fields that holds objects.
func (a *analysis) holderField(e ast.Expr) *types.Var {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	h := a.holderOf(sel.X) // first: cached per variable, and most selections are of no holder
	if h == nil {
		return nil
	}
	s := a.pkg.info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || len(s.Index()) != 1 || !a.trackable(s.Type()) {
		return nil
	}
	f, _ := s.Obj().(*types.Var)
	if f == nil {
		return nil
	}
	return a.slot(h, f)
}

// initHolder gives the slots of holder h the objects of the literal lit
// (its fields not named there hold none), evaluating its elements; it
// reports false when lit is not a literal of h's type.
func (a *analysis) initHolder(h *types.Var, rhs ast.Expr) bool {
	lit, ok := ast.Unparen(stripAddr(rhs)).(*ast.CompositeLit)
	if !ok {
		return false
	}
	t, st := structOf(h.Type())
	if st == nil || !types.Identical(a.pkg.info.TypeOf(lit), t) {
		return false
	}
	given := map[string]Set{}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if key, ok := kv.Key.(*ast.Ident); ok {
				given[key.Name] = a.eval(kv.Value)
			}
			continue
		}
		if i < st.NumFields() {
			given[st.Field(i).Name()] = a.eval(elt)
		}
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if a.trackable(f.Type()) {
			a.setVar(a.slot(h, f), given[f.Name()])
		}
	}
	return true
}

// slotObjects returns the objects in slot s, read at node: those stored
// on this path, or one unknown object when the holder came from
// elsewhere.
func (a *analysis) slotObjects(s *types.Var, node ast.Node) Set {
	if set, ok := a.getVar(s); ok {
		return set
	}
	return Set{a.newValue(Unknown, node, s, 0, s.Type(), Foreign|MaybeDeleting).ID}
}

// holderFields calls f with each field of holder h that holds objects.
func (a *analysis) holderFields(h *types.Var, f func(*types.Var)) {
	_, st := structOf(h.Type())
	if st == nil {
		return
	}
	for i := 0; i < st.NumFields(); i++ {
		if a.trackable(st.Field(i).Type()) {
			f(st.Field(i))
		}
	}
}

// emptyHolder says that the fields of h hold no objects (var h T).
func (a *analysis) emptyHolder(h *types.Var) {
	a.holderFields(h, func(f *types.Var) { a.setVar(a.slot(h, f), nil) })
}

// resetHolder gives the fields of h, assigned a value from elsewhere (a
// call's result) at node, one unknown object each.
func (a *analysis) resetHolder(h *types.Var, at ast.Node) {
	cached, call := a.summarizedFields(at, h)
	a.holderFields(h, func(f *types.Var) {
		s := a.slot(h, f)
		var bits Bits
		if cached != nil {
			bits = cached.FieldFacts(f.Name())
		}
		objs := Set{a.newValue(Unknown, at, s, 0, s.Type(), Foreign|MaybeDeleting|bits).ID}
		if cached != nil {
			objs = union(objs, a.fieldSources(cached, f.Name(), call))
		}
		a.setVar(s, objs)
	})
}

// fieldSources returns the objects that field name of the holder call
// returned (res) may hold, taken from the fields of the holders it was
// given (Result.Fields' From): the slots of a local holder argument, the
// loads of another.
func (a *analysis) fieldSources(res *Result, name string, call *ast.CallExpr) Set {
	var out Set
	for _, fb := range res.Fields {
		if fb.Name != name {
			continue
		}
		for _, from := range fb.From {
			arg := argExpr(call, from.Param)
			if arg == nil {
				continue
			}
			if h := a.holderOf(arg); h != nil {
				if fv := fieldVar(h.Type(), from.Field); fv != nil && a.trackable(fv.Type()) {
					out = union(out, a.slotObjects(a.slot(h, fv), call))
				}
			} else if set := a.peek(arg); len(set) > 0 {
				switch fv := fieldVar(a.pkg.info.TypeOf(arg), from.Field); {
				case fv == nil:
				case isCollection(fv.Type()):
					out = union(out, a.loads(set, from.Field+"[]", call, elemType(fv.Type())))
				default:
					out = union(out, a.loads(set, from.Field, call, fv.Type()))
				}
			}
		}
	}
	return out
}

// fieldVar returns field name of the struct t (or *t) denotes, nil when
// it has none.
func fieldVar(t types.Type, name string) *types.Var {
	_, st := structOf(t)
	for i := 0; st != nil && i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return st.Field(i)
		}
	}
	return nil
}

// argExpr returns the argument of call at index i (-1: the receiver),
// nil when there is none.
func argExpr(call *ast.CallExpr, i int) ast.Expr {
	if i == -1 {
		return recvExpr(call)
	}
	if i >= 0 && i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

// returnedHolders returns, for each result of rs that is a local holder,
// the objects of its fields.
func (a *analysis) returnedHolders(rs *ast.ReturnStmt) map[int]map[string]Set {
	var out map[int]map[string]Set
	for i, r := range rs.Results {
		h := a.holderOf(r)
		if h == nil {
			continue
		}
		fields := map[string]Set{}
		a.holderFields(h, func(f *types.Var) {
			if set, ok := a.getVar(a.slot(h, f)); ok && len(set) > 0 {
				fields[f.Name()] = set
			}
		})
		if out == nil {
			out = map[int]map[string]Set{}
		}
		out[i] = fields
	}
	return out
}

// summarizedFields returns the summary of the result of the call of the
// assignment at that is assigned to the holder lhs, or nil.
func (a *analysis) summarizedFields(at ast.Node, lhs *types.Var) (*Result, *ast.CallExpr) {
	as, ok := at.(*ast.AssignStmt)
	if !ok {
		return nil, nil
	}
	var call *ast.CallExpr
	idx := -1
	for i, l := range as.Lhs {
		if id, ok := ast.Unparen(l).(*ast.Ident); ok && a.pkg.info.ObjectOf(id) == lhs {
			idx = i
		}
	}
	switch {
	case idx < 0:
		return nil, nil
	case len(as.Rhs) == 1:
		call, _ = ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	case idx < len(as.Rhs):
		call, _ = ast.Unparen(as.Rhs[idx]).(*ast.CallExpr)
		idx = 0
	}
	if call == nil {
		return nil, nil
	}
	s := a.pkg.summaryOf(k8s.Callee(a.pkg.info, call), a)
	if s == nil || idx >= len(s.Results) {
		return nil, nil
	}
	return &s.Results[idx], call
}

// isHolderType reports whether t is a struct, or a pointer to one, other
// than an object, with a field that holds objects; trackable tells which
// types hold objects.
func isHolderType(t types.Type, trackable func(types.Type) bool) bool {
	t, st := structOf(t)
	if st == nil || trackable(t) {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if trackable(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// structOf returns the struct type t is, or points to, with its
// underlying struct; a nil struct when it is neither.
func structOf(t types.Type) (types.Type, *types.Struct) {
	t = types.Unalias(t)
	if p, ok := under(t).(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	st, _ := under(t).(*types.Struct)
	return t, st
}
