package requeueerror

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// A carrier is a type whose value can decide a requeue: a Result (or a
// pointer to one), the time.Duration of a RequeueAfter, the bool of a
// Requeue, or a struct (or a pointer to one) with a Result field. Helpers
// that return a carrier with an error are summarised: is the carrier zero
// wherever the error may be non-nil?
type carrier int

const (
	notCarrier carrier = iota
	carrierResult
	carrierDuration
	carrierBool
	carrierStruct
)

// carrierOf returns the carrier kind of t.
func carrierOf(t types.Type) carrier {
	if t == nil {
		return notCarrier
	}
	switch {
	case isResultOrPointer(t):
		return carrierResult
	case isDuration(t):
		return carrierDuration
	}
	if b, ok := types.Unalias(t).Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
		return carrierBool
	}
	if st, ok := astx.Deref(t).Underlying().(*types.Struct); ok {
		for i := range st.NumFields() {
			if isResultOrPointer(st.Field(i).Type()) {
				return carrierStruct
			}
		}
	}
	return notCarrier
}

func isDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// carrierVal classifies a carrier expression that is not a Result: zero
// (the constant 0 or false, nil, a struct literal whose Result fields
// request no requeue), a local variable the flow follows, or a value
// that may decide a requeue.
func (f *fn) carrierVal(e ast.Expr) resVal {
	info := f.c.pass.TypesInfo
	e = ast.Unparen(e)
	t := info.TypeOf(e)
	if carrierOf(t) == carrierResult {
		return f.res(e)
	}
	if tv, ok := info.Types[e]; ok && (tv.IsNil() || tv.Value != nil && f.c.isZero(e)) {
		return resVal{kind: resZero}
	}
	if v := f.varOf(e); v != nil {
		return f.resOfVar(v)
	}
	if lit, _ := astx.StripAddr(e); carrierOf(t) == carrierStruct {
		if cl, ok := lit.(*ast.CompositeLit); ok && !f.c.structLitMayRequeue(cl) {
			return resVal{kind: resZero}
		}
	}
	return resVal{kind: resValue, r: rOpaque}
}

// structLitMayRequeue reports whether a struct literal sets a Result
// field to a value that may request a requeue.
func (c *checker) structLitMayRequeue(lit *ast.CompositeLit) bool {
	st, ok := astx.Deref(c.pass.TypesInfo.TypeOf(lit)).Underlying().(*types.Struct)
	if !ok {
		return true
	}
	for i, elt := range lit.Elts {
		field, val := litField(st, elt, i)
		if field != nil && isResultOrPointer(field.Type()) && c.exprMayRequeue(val) {
			return true
		}
	}
	return false
}

// litField returns the field of st that the i-th element of a struct
// literal sets, and its value.
func litField(st *types.Struct, elt ast.Expr, i int) (*types.Var, ast.Expr) {
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil, kv.Value
		}
		for j := range st.NumFields() {
			if st.Field(j).Name() == id.Name {
				return st.Field(j), kv.Value
			}
		}
		return nil, kv.Value
	}
	if i < st.NumFields() {
		return st.Field(i), elt
	}
	return nil, elt
}

// fromVar returns the local variable whose value decides whether the
// requeue field value v of a Result literal is zero: d in RequeueAfter:
// d, time.Duration(d), d * time.Second or d / 2, requeue in Requeue:
// requeue. It returns nil if there is none the flow can follow.
func (f *fn) fromVar(e ast.Expr) *types.Var {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := f.varOf(x)
		if v == nil || f.escaped[v] {
			return nil
		}
		if k := carrierOf(v.Type()); k == carrierDuration || k == carrierBool {
			return v
		}
	case *ast.CallExpr: // time.Duration(d)
		if tv, ok := f.c.pass.TypesInfo.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return f.fromVar(x.Args[0])
		}
	case *ast.BinaryExpr: // zero times anything, or divided by anything, is zero
		switch x.Op {
		case token.MUL:
			if v := f.fromVar(x.X); v != nil {
				return v
			}
			return f.fromVar(x.Y)
		case token.QUO:
			return f.fromVar(x.X)
		}
	}
	return nil
}

// structVar returns the local variable (not a parameter) of a struct
// carrier type that a read of its Result field (s.result) or of its
// accessor (s.Result()) reads, if the flow can follow it.
func (f *fn) structVar(e ast.Expr) *types.Var {
	var x ast.Expr
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		x = e.X
	case *ast.CallExpr:
		sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
		if !ok || len(e.Args) != 0 || !f.c.isAccessor(k8s.Callee(f.c.pass.TypesInfo, e)) {
			return nil
		}
		x = sel.X
	default:
		return nil
	}
	v := f.varOf(x)
	if v == nil || f.params[v] || f.escaped[v] || carrierOf(v.Type()) != carrierStruct || !f.plainStruct(v) {
		return nil // a parameter or receiver holds what its callers put in it
	}
	return v
}

// isAccessor reports whether fn is a method of this package without
// parameters whose returns all read a Result field of its receiver (or
// are empty): its Result is the receiver's.
func (c *checker) isAccessor(fn *types.Func) bool {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 || !isResultOrPointer(sig.Results().At(0).Type()) {
		return false
	}
	if done, ok := c.accessors[fn]; ok {
		return done
	}
	decl := c.declOf(fn)
	ok := decl != nil && decl.Recv != nil && len(decl.Recv.List) == 1 && len(decl.Recv.List[0].Names) == 1
	if ok {
		recv := c.pass.TypesInfo.Defs[decl.Recv.List[0].Names[0]]
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt, *ast.IncDecStmt:
				ok = false // the accessor changes something
			case *ast.ReturnStmt:
				ok = ok && len(n.Results) == 1 && c.readsRecvField(n.Results[0], recv)
			}
			return ok
		})
	}
	c.accessors[fn] = ok
	return ok
}

// readsRecvField reports whether e is empty or a field of recv
// (recv.result, *recv.result).
func (c *checker) readsRecvField(e ast.Expr, recv types.Object) bool {
	e, _ = astx.StripAddr(e)
	if star, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(star.X)
	}
	if !c.exprMayRequeue(e) {
		return true
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && recv != nil && c.pass.TypesInfo.Uses[id] == recv
}

// plainStruct reports whether every use of the struct carrier variable v
// in the function is one the flow follows: an assignment of the whole
// variable, a read of one of its fields, a call of one of its accessors,
// or a comparison with nil. Anything else (a field set, a method that
// may change it, the variable passed on) may change its Result unseen.
func (f *fn) plainStruct(v *types.Var) bool {
	if f.unplain == nil {
		f.unplain = f.unplainStructs()
	}
	return !f.unplain[v]
}

// unplainStructs returns the struct carrier variables of the function
// with a use that plainStruct does not allow.
func (f *fn) unplainStructs() map[*types.Var]bool {
	info := f.c.pass.TypesInfo
	out := map[*types.Var]bool{}
	var stack []ast.Node
	ast.Inspect(f.body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		parent := ast.Node(nil)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || !f.local(v) || carrierOf(v.Type()) != carrierStruct {
			return true
		}
		if !f.plainUse(id, parent, stack) {
			out[v] = true
		}
		return true
	})
	return out
}

// plainUse judges one use id of a struct carrier variable; parent is the
// node around it and stack the path to it.
func (f *fn) plainUse(id *ast.Ident, parent ast.Node, stack []ast.Node) bool {
	info := f.c.pass.TypesInfo
	switch p := parent.(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == id {
				return true
			}
		}
	case *ast.ValueSpec: // var t = s: a copy, unless s is a pointer
		_, ptr := types.Unalias(info.TypeOf(id)).(*types.Pointer)
		return !ptr
	case *ast.BinaryExpr:
		other := p.Y
		if p.Y == id {
			other = p.X
		}
		return (p.Op == token.EQL || p.Op == token.NEQ) && astx.IsNil(info, other)
	case *ast.SelectorExpr:
		if p.X != id {
			return true
		}
		sel := info.Selections[p]
		if sel == nil {
			return false
		}
		if sel.Kind() == types.MethodVal {
			call, ok := grandParent(stack).(*ast.CallExpr)
			return ok && call.Fun == p && f.c.isAccessor(k8s.Callee(info, call))
		}
		return !f.storedInto(p, stack)
	}
	return false
}

func grandParent(stack []ast.Node) ast.Node {
	if len(stack) < 3 {
		return nil
	}
	return stack[len(stack)-3]
}

// storedInto reports whether the field selection sel (the parent of the
// identifier at the top of stack) is written: assigned, or its address
// taken.
func (f *fn) storedInto(sel ast.Expr, stack []ast.Node) bool {
	// Walk up through selectors, index expressions and parentheses: what
	// sits above the whole chain decides.
	e := ast.Node(sel)
	for i := len(stack) - 3; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.ParenExpr, *ast.StarExpr:
			e = p
			continue
		case *ast.AssignStmt:
			for _, l := range p.Lhs {
				if l == e {
					return true
				}
			}
		case *ast.IncDecStmt:
			return true
		case *ast.UnaryExpr:
			return p.Op == token.AND
		case *ast.RangeStmt:
			return p.Key == e || p.Value == e
		}
		return false
	}
	return false
}
