package requeueerror

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// A location outlives the functions that use it: a package-level
// variable of type reconcile.Result (or *reconcile.Result), or a field of
// a struct of the package that holds a Result, an error or a []error.
// What it may hold is the union of what the package stores into it,
// found in one scan of the package's files (built on the first question,
// no facts): its declaration, assignments (also of its parts, res.RequeueAfter
// = d, and through the fields embedded on the way, s.RequeueAfter = d),
// and the elements of struct literals. A location whose address is taken
// (except by a return: `return &requeue, err`), that a range statement
// assigns, or that is stored from a tuple whose call is not known holds
// what is not known.
type location struct {
	stores []locStore
	// lits are the struct literals of the field's struct, whether they
	// set the field or not (for a field only).
	lits    []*ast.CompositeLit
	unknown bool
	state   int // the memoized locState, or 0
}

// A locStore is one store into a location.
type locStore struct {
	val   ast.Expr      // the value stored; zeroValue for a declaration without one; nil for a tuple
	tuple *ast.CallExpr // the call whose idx-th result is stored
	idx   int
	// part names the field of the location set on its own (RequeueAfter
	// in res.RequeueAfter = d; "[]" for an element); op: with an
	// operator (+=, ++).
	part string
	op   bool
	lit  *ast.CompositeLit // the struct literal whose element val is
	pos  token.Pos
}

// What a location may hold.
const (
	locZero    = 1 + iota // nothing that requests a requeue (a nil error)
	locMay                // a value that may request a requeue (a non-nil error)
	locUnknown            // what it holds is not known
)

// locations returns the index of the package's locations.
func (c *checker) locations() map[*types.Var]*location {
	if c.locs != nil {
		return c.locs
	}
	c.locs = map[*types.Var]*location{}
	for _, file := range c.pass.Files {
		c.indexPackageVars(file)
	}
	for _, file := range c.pass.Files {
		c.indexStores(file)
	}
	return c.locs
}

func (c *checker) loc(v *types.Var) *location {
	v = v.Origin()
	l := c.locs[v]
	if l == nil {
		l = &location{}
		c.locs[v] = l
	}
	return l
}

// trackedGlobal reports whether v is a package-level Result variable.
func (c *checker) trackedGlobal(v *types.Var) bool {
	return v.Parent() == c.pass.Pkg.Scope() && isResultOrPointer(v.Type())
}

// trackedField reports whether v is a field of a struct of this package
// that holds a Result or errors.
func (c *checker) trackedField(v *types.Var) bool {
	return v.IsField() && v.Pkg() == c.pass.Pkg && (isResultOrPointer(v.Type()) || isErrors(v.Type()))
}

// isErrors reports whether t is error or []error.
func isErrors(t types.Type) bool {
	if s, ok := types.Unalias(t).(*types.Slice); ok {
		t = s.Elem()
	}
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// indexPackageVars records the declarations of the package-level Result
// variables of file.
func (c *checker) indexPackageVars(file *ast.File) {
	for _, d := range file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				v, ok := c.pass.TypesInfo.Defs[name].(*types.Var)
				if !ok || !c.trackedGlobal(v) {
					continue
				}
				st := locStore{pos: name.Pos()}
				switch {
				case len(vs.Values) == len(vs.Names):
					st.val = vs.Values[i]
				case len(vs.Values) == 0:
					st.val = zeroValue
				default:
					call, ok := ast.Unparen(vs.Values[0]).(*ast.CallExpr)
					if !ok {
						c.loc(v).unknown = true
						continue
					}
					st.tuple, st.idx = call, i
				}
				c.loc(v).stores = append(c.loc(v).stores, st)
			}
		}
	}
}

// indexStores records the stores of file into locations.
func (c *checker) indexStores(file *ast.File) {
	returned := map[ast.Expr]bool{} // &requeue in a return
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if x, addr := astx.StripAddr(r); addr {
					if id, ok := x.(*ast.Ident); ok {
						if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && c.trackedGlobal(v) {
							returned[ast.Unparen(r)] = true
						}
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && !returned[n] {
				c.along(n.X, func(l *location, _ bool, _ string) { l.unknown = true })
			}
		case *ast.AssignStmt:
			c.indexAssign(n)
		case *ast.IncDecStmt:
			c.storeInto(n.X, locStore{op: true, pos: n.Pos()})
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil {
						c.along(e, func(l *location, _ bool, _ string) { l.unknown = true })
					}
				}
			}
		case *ast.CompositeLit:
			c.indexLiteral(n)
		}
		return true
	})
}

func (c *checker) indexAssign(as *ast.AssignStmt) {
	if as.Tok == token.DEFINE {
		return // declares locals only
	}
	for i, lhs := range as.Lhs {
		st := locStore{pos: lhs.Pos()}
		switch {
		case as.Tok != token.ASSIGN:
			st.op = true
		case len(as.Rhs) == len(as.Lhs):
			st.val = as.Rhs[i]
		default:
			call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			if !ok { // v, ok = m[k], x.(T), <-ch
				c.along(lhs, func(l *location, _ bool, _ string) { l.unknown = true })
				continue
			}
			st.tuple, st.idx = call, i
		}
		c.storeInto(lhs, st)
	}
}

// storeInto records st as a store into every location that lhs is or is
// a part of.
func (c *checker) storeInto(lhs ast.Expr, st locStore) {
	c.along(lhs, func(l *location, whole bool, part string) {
		s := st
		if !whole {
			s.part = part
		}
		l.stores = append(l.stores, s)
	})
}

// indexLiteral records the elements of a struct literal that set
// tracked fields.
func (c *checker) indexLiteral(lit *ast.CompositeLit) {
	st, ok := astx.Deref(c.pass.TypesInfo.TypeOf(lit)).Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i := range st.NumFields() {
		if f := st.Field(i); c.trackedField(f) {
			c.loc(f).lits = append(c.loc(f).lits, lit)
		}
	}
	for i, elt := range lit.Elts {
		if f, val := litField(st, elt, i); f != nil && c.trackedField(f) {
			c.loc(f).stores = append(c.loc(f).stores, locStore{val: val, lit: lit, pos: elt.Pos()})
		}
	}
}

// along calls visit for each location that e is (whole) or is a part of
// (part names the field of the location on the way to e): a package
// variable at its root, and the fields it selects, embedded ones
// included.
func (c *checker) along(e ast.Expr, visit func(l *location, whole bool, part string)) {
	info := c.pass.TypesInfo
	whole, part := true, ""
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			sel := info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return // a qualified identifier: a variable of another package
			}
			fields := selectedFields(sel)
			for j := len(fields) - 1; j >= 0; j-- {
				if c.trackedField(fields[j]) {
					visit(c.loc(fields[j]), whole, part)
				}
				whole, part = false, fields[j].Name()
			}
			e = x.X
		case *ast.IndexExpr:
			whole, part = false, "[]"
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.Ident:
			if v, ok := info.Uses[x].(*types.Var); ok && c.trackedGlobal(v) {
				visit(c.loc(v), whole, part)
			}
			return
		default:
			return
		}
	}
}

// selectedFields returns the fields a field selection goes through: the
// embedded ones, then the one selected.
func selectedFields(sel *types.Selection) []*types.Var {
	var out []*types.Var
	t := sel.Recv()
	for _, i := range sel.Index() {
		st, ok := astx.Deref(t).Underlying().(*types.Struct)
		if !ok {
			break
		}
		f := st.Field(i)
		out = append(out, f)
		t = f.Type()
	}
	return out
}

// locState returns what the Result location v may hold.
func (c *checker) locState(v *types.Var) int {
	l := c.locations()[v.Origin()]
	switch {
	case l == nil:
		return locZero // never stored by this package
	case l.unknown:
		return locUnknown
	case l.state != 0:
		return l.state
	}
	l.state = locZero // while being judged (a cycle through other locations)
	state := locZero
	for _, s := range l.stores {
		if c.storeMayRequeue(s) {
			state = locMay
			break
		}
	}
	l.state = state
	return state
}

// storeMayRequeue reports whether a store into a Result location may put
// a requeue in it.
func (c *checker) storeMayRequeue(s locStore) bool {
	switch {
	case s.part == "Priority":
		return false
	case requeueField(s.part):
		return s.op || s.val == nil || !c.isZero(s.val)
	case s.part != "", s.op:
		return true
	case s.tuple != nil:
		return c.tupleMayRequeue(s.tuple, s.idx)
	case s.val == zeroValue:
		return false
	}
	return c.exprMayRequeue(s.val)
}

// tupleMayRequeue reports whether the idx-th result of call may be a
// Result that requests a requeue.
func (c *checker) tupleMayRequeue(call *ast.CallExpr, idx int) bool {
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return true
	}
	res := fn.Type().(*types.Signature).Results()
	return resultIndex(res) != idx || c.callMayRequeue(call)
}

// errStoreMayFail reports whether a store into an error location may put
// a non-nil error (or a non-empty slice of them) in it.
func (c *checker) errStoreMayFail(s locStore) bool {
	switch {
	case s.part != "", s.op, s.tuple != nil:
		return true
	case s.val == zeroValue:
		return false
	}
	return c.errMayBeNonNil(s.val)
}

// errMayBeNonNil reports whether e, an error or a []error, may be non-nil
// (non-empty): not nil, []error{}, []error(nil) or make([]error, n).
func (c *checker) errMayBeNonNil(e ast.Expr) bool {
	info := c.pass.TypesInfo
	e = ast.Unparen(e)
	if astx.IsNil(info, e) {
		return false
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		_, slice := types.Unalias(info.TypeOf(x)).Underlying().(*types.Slice)
		return !slice || len(x.Elts) > 0
	case *ast.CallExpr:
		if tv, ok := info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return c.errMayBeNonNil(x.Args[0])
		}
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "make" {
				return false // nil elements: errors.Join returns nil
			}
		}
	}
	return true
}

// A globalVal is a package-level Result variable that an expression
// names (or takes the address of): what it may hold, and the literal it
// keeps if it is never changed.
type globalVal struct {
	v     *types.Var
	lit   *ast.CompositeLit
	state int
	addr  bool
}

// global returns the package-level Result variable that e names or whose
// address e takes (v nil if none).
func (c *checker) global(e ast.Expr) globalVal {
	x, addr := astx.StripAddr(e)
	id, ok := x.(*ast.Ident)
	if !ok {
		return globalVal{}
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !c.trackedGlobal(v) || addr && !k8s.IsReconcileResult(v.Type()) {
		return globalVal{}
	}
	g := globalVal{v: v, state: c.locState(v), addr: addr}
	if l := c.locations()[v.Origin()]; g.state != locUnknown && len(l.stores) == 1 && l.stores[0].val != nil && l.stores[0].part == "" {
		g.lit = c.resultLit(l.stores[0].val)
	}
	return g
}

// fieldRead returns the Result field of a struct of this package that e
// reads (s.result, *s.result), and the struct expression, or nil.
func (c *checker) fieldRead(e ast.Expr) (*types.Var, ast.Expr) {
	e = ast.Unparen(e)
	if star, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(star.X)
	}
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	s := c.pass.TypesInfo.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal {
		return nil, nil
	}
	v, ok := s.Obj().(*types.Var)
	if !ok || !c.trackedField(v) || !isResultOrPointer(v.Type()) {
		return nil, nil
	}
	return v.Origin(), sel.X
}

// tiedErrFields returns the error fields that the error expression e
// reads from the same struct x as the Result it is returned with (`return
// s.result, errors.Join(s.errs...)`), if e reads nothing else; or nil.
// Such a pair was decided where the struct was filled.
func (c *checker) tiedErrFields(e, x ast.Expr) []*types.Var {
	info := c.pass.TypesInfo
	root := types.ExprString(x)
	if !stableExpr(x) {
		return nil
	}
	var fields []*types.Var
	tied := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if s := info.Selections[n]; s != nil && s.Kind() == types.FieldVal && types.ExprString(n.X) == root {
				if v, ok := s.Obj().(*types.Var); ok && c.trackedField(v) && isErrors(v.Type()) {
					fields = append(fields, v.Origin())
					return false
				}
			}
		case *ast.Ident:
			if _, ok := info.Uses[n].(*types.Var); ok {
				tied = false
			}
		}
		return tied
	})
	if !tied {
		return nil
	}
	return fields
}

// stableExpr reports whether e is a variable or a chain of field
// selections from one (s, r.state): the same value each time it is read.
func stableExpr(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return true
		case *ast.SelectorExpr:
			e = x.X
		default:
			return false
		}
	}
}

// pairMay reports whether the Result field res and the error fields errs
// of one struct may hold a requeue and a non-nil error together: a
// struct literal sets both (unless both come from variables, a pair
// decided elsewhere), or the package sets one of them outside a literal
// (s.result = ..., s.errs = append(s.errs, err)) and the other anywhere.
// at is where: the literal that sets both (errAt invalid), or the store
// that sets the requeue and errAt the one that sets an error.
func (c *checker) pairMay(res *types.Var, errs []*types.Var) (at, errAt token.Pos, may bool) {
	locs := c.locations()
	if c.locState(res) == locUnknown {
		return token.NoPos, token.NoPos, false
	}
	for _, e := range errs {
		if l := locs[e]; l != nil && l.unknown {
			return token.NoPos, token.NoPos, false
		}
	}
	lr := locs[res]
	if lr == nil {
		return token.NoPos, token.NoPos, false
	}
	for _, lit := range lr.lits {
		if c.litPairMay(lit, res, errs) {
			return lit.Pos(), token.NoPos, true
		}
	}
	resOut, resAny, resOutPos, resAnyPos := false, false, token.NoPos, token.NoPos
	for _, s := range lr.stores {
		if c.storeMayRequeue(s) {
			if !resAny {
				resAny, resAnyPos = true, s.pos
			}
			if s.lit == nil && !resOut {
				resOut, resOutPos = true, s.pos
			}
		}
	}
	errOut, errAny, errOutPos, errAnyPos := false, false, token.NoPos, token.NoPos
	for _, e := range errs {
		if l := locs[e]; l != nil {
			for _, s := range l.stores {
				if c.errStoreMayFail(s) {
					if !errAny {
						errAny, errAnyPos = true, s.pos
					}
					if s.lit == nil && !errOut {
						errOut, errOutPos = true, s.pos
					}
				}
			}
		}
	}
	switch {
	case resOut && errAny:
		return resOutPos, errAnyPos, true
	case errOut && resAny:
		return resAnyPos, errOutPos, true
	}
	return token.NoPos, token.NoPos, false
}

// litPairMay reports whether a struct literal sets the Result field res
// to a requeue and one of errs to a non-nil error, unless both come from
// variables (`stepResult{result: res, err: err}` passes a pair on).
func (c *checker) litPairMay(lit *ast.CompositeLit, res *types.Var, errs []*types.Var) bool {
	st, ok := astx.Deref(c.pass.TypesInfo.TypeOf(lit)).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	var resVal ast.Expr
	var errVals []ast.Expr
	for i, elt := range lit.Elts {
		f, val := litField(st, elt, i)
		if f == nil {
			continue
		}
		switch f = f.Origin(); {
		case f == res:
			resVal = val
		case containsVar(errs, f):
			errVals = append(errVals, val)
		}
	}
	if resVal == nil || !c.exprMayRequeue(resVal) {
		return false
	}
	fails, passedOn := false, c.localVar(resVal)
	for _, e := range errVals {
		if c.errMayBeNonNil(e) {
			fails = true
			passedOn = passedOn && c.localVar(e)
		}
	}
	return fails && !passedOn
}

func containsVar(vs []*types.Var, v *types.Var) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

// localVar reports whether e names a local variable or a parameter, or
// is a slice literal of them ([]error{err}).
func (c *checker) localVar(e ast.Expr) bool {
	if lit, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
		for _, elt := range lit.Elts {
			if !c.localVar(elt) {
				return false
			}
		}
		return len(lit.Elts) > 0
	}
	return c.varNamed(e) != nil
}

// position spells pos as file:line.
func (c *checker) position(pos token.Pos) string {
	return astx.ShortPos(c.pass.Fset, pos)
}
