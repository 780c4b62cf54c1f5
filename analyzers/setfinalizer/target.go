package setfinalizer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// maxTinySize is the runtime's tiny-allocation limit: SetFinalizer accepts
// an interior pointer to a pointer-free value smaller than this.
const maxTinySize = 16

// checkTarget reports a first argument that makes the runtime panic or
// ignore the call: not a pointer (3), not the start of an allocation (5),
// the address of a package-level variable (6).
func (c *checker) checkTarget(h *hookCall) {
	arg := ast.Unparen(h.call.Args[0])
	if !h.cleanup && c.reportNotPointer(arg) {
		return
	}
	if c.reportZeroSize(h, arg) {
		return
	}
	addr := c.addressOperand(h, arg)
	if addr == nil {
		return
	}
	if g := packageVar(c.pass.TypesInfo, addr); g != nil {
		c.rep.Reportf(h.call.Args[0],
			"%s ignores the address of package-level variable %s, which is never garbage collected, so the %s never runs; release its resources explicitly instead",
			h.name, g.Name(), h.hook())
		return
	}
	if h.cleanup {
		// AddCleanup accepts pointers into an allocation.
		return
	}
	if c.interior(addr) && c.needsBlockStart(c.pass.TypesInfo.TypeOf(addr)) {
		c.rep.Reportf(h.call.Args[0],
			"runtime.SetFinalizer panics because %s is not the start of an allocation (pointer not at beginning of allocated block); set the finalizer on a pointer to the whole value, allocated with new, &T{} or &local",
			render(c.pass.Fset, addr, "&"))
	}
}

// reportZeroSize reports a hook on a pointer to a zero-size value: all
// such values share one address outside the heap, which the runtime
// ignores. Clearing a finalizer (nil) is harmless.
func (c *checker) reportZeroSize(h *hookCall, arg ast.Expr) bool {
	if !h.cleanup && c.pass.TypesInfo.Types[ast.Unparen(h.call.Args[1])].IsNil() {
		return false
	}
	t := c.pass.TypesInfo.TypeOf(arg)
	if t == nil || !concrete(t) {
		return false
	}
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	if size, ok := c.sizeof(p.Elem()); !ok || size != 0 || !c.wholeAllocation(h, arg) {
		return false
	}
	c.rep.Reportf(arg,
		"%s ignores pointers to zero-size values such as %s, which share one address that is never garbage collected, so the %s never runs; attach it to a value with at least one field",
		h.name, c.typeString(p.Elem()), h.hook())
	return true
}

// wholeAllocation reports whether arg is, directly or through a local
// variable assigned once, new(T), &T{...} or &v: a pointer to a value of
// its own, not to a field or element of a larger one.
func (c *checker) wholeAllocation(h *hookCall, arg ast.Expr) bool {
	if id, ok := arg.(*ast.Ident); ok {
		if def := c.locals(h).resolve(c.pass.TypesInfo, id); def != nil {
			arg = ast.Unparen(def)
		}
	}
	switch e := arg.(type) {
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		_, builtin := c.pass.TypesInfo.Uses[id].(*types.Builtin)
		return ok && builtin && id.Name == "new"
	case *ast.UnaryExpr:
		if e.Op != token.AND {
			return false
		}
		switch ast.Unparen(e.X).(type) {
		case *ast.CompositeLit, *ast.Ident:
			return true
		}
	}
	return false
}

// reportNotPointer reports a first argument of SetFinalizer that is nil or
// of a non-pointer type, and tells whether it did.
func (c *checker) reportNotPointer(arg ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[arg]
	if !ok || tv.Type == nil {
		return false
	}
	if tv.IsNil() {
		c.rep.Reportf(arg, "runtime.SetFinalizer panics because its first argument is nil; pass a pointer to a value allocated with new, &T{} or &local")
		return true
	}
	t := types.Unalias(tv.Type)
	if !concrete(t) {
		return false // the dynamic type decides
	}
	if _, ok := t.Underlying().(*types.Pointer); ok {
		return false
	}
	c.rep.Reportf(arg,
		"runtime.SetFinalizer panics because its first argument is %s, not a pointer; pass a pointer to a value allocated with new, &T{} or &local",
		c.typeString(t))
	return true
}

// concrete reports whether t is neither an interface nor a type
// parameter, so that it is the dynamic type of the value.
func concrete(t types.Type) bool {
	t = types.Unalias(t)
	if t == nil || t == types.Typ[types.Invalid] {
		return false
	}
	if _, ok := t.(*types.TypeParam); ok {
		return false
	}
	return !types.IsInterface(t)
}

// addressOperand returns X when arg is &X, directly or through a local
// variable assigned only once; otherwise nil.
func (c *checker) addressOperand(h *hookCall, arg ast.Expr) ast.Expr {
	if id, ok := arg.(*ast.Ident); ok {
		if def := c.locals(h).resolve(c.pass.TypesInfo, id); def != nil {
			arg = ast.Unparen(def)
		}
	}
	u, ok := arg.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil
	}
	return ast.Unparen(u.X)
}

// packageVar returns the package-level variable whose storage holds x
// (x is g, g.f or g[i] of an array g), or nil.
func packageVar(info *types.Info, x ast.Expr) *types.Var {
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.Ident:
			return pkgLevel(info.Uses[e])
		case *ast.SelectorExpr:
			sel := info.Selections[e]
			if sel == nil {
				return pkgLevel(info.Uses[e.Sel]) // pkg.Var
			}
			if sel.Kind() != types.FieldVal || sel.Indirect() {
				return nil
			}
			x = e.X
		case *ast.IndexExpr:
			if !isArray(info.TypeOf(e.X)) {
				return nil
			}
			x = e.X
		default:
			return nil
		}
	}
}

// pkgLevel returns obj if it is a package-level variable.
func pkgLevel(obj types.Object) *types.Var {
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	return v
}

func isArray(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Array)
	return ok
}

// interior reports whether &x is certainly, or for every index but 0, a
// pointer past the start of the allocation that holds x.
func (c *checker) interior(x ast.Expr) bool {
	off, exact := c.offset(x)
	return !exact || off > 0
}

// offset returns the byte offset of x within its allocation, with
// exact=false when a non-constant index makes it unknown (and non-zero
// for every index but 0). Unknown shapes count as offset 0.
func (c *checker) offset(x ast.Expr) (off int64, exact bool) {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(x).(type) {
	case *ast.SelectorExpr:
		sel := info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return 0, true
		}
		return c.fieldOffset(e.X, sel)
	case *ast.IndexExpr:
		return c.indexOffset(e)
	}
	return 0, true
}

// fieldOffset is offset for the field selection sel of x.
func (c *checker) fieldOffset(x ast.Expr, sel *types.Selection) (int64, bool) {
	cur := types.Unalias(c.pass.TypesInfo.TypeOf(x))
	off, exact := int64(0), true
	if p, ok := cur.Underlying().(*types.Pointer); ok {
		cur = p.Elem()
	} else {
		off, exact = c.offset(x)
	}
	path := sel.Index()
	for i, idx := range path {
		st, ok := cur.Underlying().(*types.Struct)
		if !ok || idx >= st.NumFields() {
			return 0, true
		}
		offs, ok := c.offsetsof(st)
		if !ok {
			return 0, true
		}
		off += offs[idx]
		cur = types.Unalias(st.Field(idx).Type())
		if p, ok := cur.Underlying().(*types.Pointer); ok && i < len(path)-1 {
			cur, off, exact = p.Elem(), 0, true // embedded pointer: a new allocation
		}
	}
	return off, exact
}

// indexOffset is offset for an index expression of an array, a pointer to
// an array or a slice.
func (c *checker) indexOffset(e *ast.IndexExpr) (int64, bool) {
	info := c.pass.TypesInfo
	t := info.TypeOf(e.X)
	if t == nil {
		return 0, true
	}
	var elem types.Type
	base, exact := int64(0), true
	switch u := t.Underlying().(type) {
	case *types.Array:
		elem = u.Elem()
		base, exact = c.offset(e.X)
	case *types.Pointer:
		a, ok := u.Elem().Underlying().(*types.Array)
		if !ok {
			return 0, true
		}
		elem = a.Elem()
	case *types.Slice:
		elem = u.Elem() // element 0 is the start of the backing array, as far as we know
	default:
		return 0, true
	}
	size, ok := c.sizeof(elem)
	if !ok || size == 0 {
		return base, exact
	}
	idx := info.Types[e.Index]
	if idx.Value == nil {
		return base, false
	}
	i, ok := constant.Int64Val(constant.ToInt(idx.Value))
	if !ok {
		return base, false
	}
	return base + i*size, exact
}

// needsBlockStart reports whether the runtime insists that a pointer to t
// is the start of its allocation: it accepts interior pointers only to
// pointer-free values smaller than the tiny-allocation limit.
func (c *checker) needsBlockStart(t types.Type) bool {
	if t == nil || mentionsTypeParam(t) {
		return false
	}
	if hasPointers(t, 0) {
		return true
	}
	size, ok := c.sizeof(t)
	return ok && size >= maxTinySize
}

// sizeof is TypesSizes.Sizeof that refuses type parameters and invalid
// types instead of panicking.
func (c *checker) sizeof(t types.Type) (size int64, ok bool) {
	if c.pass.TypesSizes == nil || !sizable(t) {
		return 0, false
	}
	defer func() {
		if recover() != nil {
			size, ok = 0, false
		}
	}()
	return c.pass.TypesSizes.Sizeof(t), true
}

// offsetsof is TypesSizes.Offsetsof of st's fields, guarded like sizeof.
func (c *checker) offsetsof(st *types.Struct) (offs []int64, ok bool) {
	if c.pass.TypesSizes == nil || !sizable(st) {
		return nil, false
	}
	defer func() {
		if recover() != nil {
			offs, ok = nil, false
		}
	}()
	fields := make([]*types.Var, st.NumFields())
	for i := range fields {
		fields[i] = st.Field(i)
	}
	return c.pass.TypesSizes.Offsetsof(fields), true
}

func sizable(t types.Type) bool {
	return t != nil && !mentionsTypeParam(t) && !mentionsInvalid(t)
}

// hasPointers reports whether values of t contain pointers, as the
// garbage collector sees them.
func hasPointers(t types.Type, depth int) bool {
	if depth > 16 {
		return true
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String || u.Kind() == types.UnsafePointer || u.Kind() == types.UntypedString
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if hasPointers(u.Field(i).Type(), depth+1) {
				return true
			}
		}
		return false
	default: // pointers, slices, maps, channels, functions, interfaces
		return true
	}
}
