package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/opvet/opvet/internal/k8s"
)

// Conditions remembered on the path. Where a compound condition is known
// but none of its operands is (the false branch of "deleting && !has", the
// true branch of "err == nil || IsNotFound(err)"), the state keeps it as a
// clause: a disjunction of literals, each an operand with the truth it
// would need. A later test of one of those operands on the same path
// removes its literal (or, where the test agrees, the whole clause), and
// a clause left with one literal is assumed: past
// "if deleting && !has { return }", the branch of "if !has" is one where
// the object is not being deleted. Operands are compared by their text and
// the variables they name, so only pure operands are kept (no call that
// may change what they read), and a statement that may change a variable
// a clause reads (an assignment, its address taken, a call given it or
// called on it, a closure naming it) drops that clause. Aliasing through
// another variable is not followed: a change made through an alias made
// after the test is rare, and what it costs is a narrowing that no longer
// holds.

// clause is a disjunction of literals, interned per analysis: the same
// literals are always the same clause, so states compare by identity.
type clause struct {
	id   int32
	lits []literal
	vars []*types.Var // the variables its literals read
}

// literal is an operand of a condition with the truth the clause needs of
// it: expr is the operand as written and truth the value it must have;
// key names the test independently of == or != (err == nil is the literal
// "err != nil" false).
type literal struct {
	key   string
	expr  ast.Expr
	truth bool
	keyed bool         // the truth of the keyed form (key's test)
	vars  []*types.Var // the variables expr names
}

// maxLiterals bounds the clauses kept: conditions are short.
const maxLiterals = 8

// rememberClause adds to the current state the clause that cond has the value
// truth, when that is a disjunction of two or more pure operands.
func (a *analysis) rememberClause(cond ast.Expr, truth bool) {
	lits, ok := a.disjuncts(cond, truth, nil)
	if !ok || len(lits) < 2 || len(lits) > maxLiterals {
		return
	}
	a.cur.conds = insertSorted(a.cur.conds, a.intern(lits).id)
}

// disjuncts appends to lits the literals of the disjunction that e has
// the value truth; ok is false when that is no disjunction of pure
// operands (a conjunction, or an operand that calls what may change it).
func (a *analysis) disjuncts(e ast.Expr, truth bool, lits []literal) ([]literal, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.NOT {
			return a.disjuncts(x.X, !truth, lits)
		}
	case *ast.BinaryExpr:
		if x.Op == token.LAND && !truth || x.Op == token.LOR && truth {
			lits, ok := a.disjuncts(x.X, truth, lits)
			if !ok {
				return nil, false
			}
			return a.disjuncts(x.Y, truth, lits)
		}
		if x.Op == token.LAND || x.Op == token.LOR {
			return nil, false
		}
	case *ast.Ident:
		if v, ok := a.pkg.info.Uses[x].(*types.Var); ok {
			if pred, ok := a.predicates[v]; ok {
				return a.disjuncts(pred, truth, lits)
			}
		}
	}
	lit, ok := a.literalOf(e, truth)
	if !ok {
		return nil, false
	}
	return append(lits, lit), true
}

// literalOf returns the literal that the operand e has the value truth,
// or false when e is not pure.
func (a *analysis) literalOf(e ast.Expr, truth bool) (literal, bool) {
	e = ast.Unparen(e)
	if !a.pureExpr(e) {
		return literal{}, false
	}
	keyed := truth
	text := types.ExprString(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.EQL {
		text = types.ExprString(b.X) + " != " + types.ExprString(b.Y)
		keyed = !truth
	}
	vars := a.varsOf(e)
	var key strings.Builder
	key.WriteString(text)
	for _, v := range vars {
		key.WriteString("|")
		key.WriteString(strconv.Itoa(int(v.Pos())))
	}
	return literal{key: key.String(), expr: e, truth: truth, keyed: keyed, vars: vars}, true
}

// intern returns the clause of lits, made once per analysis.
func (a *analysis) intern(lits []literal) *clause {
	keys := make([]string, len(lits))
	for i, l := range lits {
		keys[i] = l.key + "=" + strconv.FormatBool(l.keyed)
	}
	slices.Sort(keys)
	name := strings.Join(keys, "\x00")
	if c, ok := a.clauseByKey[name]; ok {
		return c
	}
	if a.clauseByKey == nil {
		a.clauseByKey = map[string]*clause{}
	}
	c := &clause{id: int32(len(a.clauses)), lits: lits}
	for _, l := range lits {
		for _, v := range l.vars {
			if !slices.Contains(c.vars, v) {
				c.vars = append(c.vars, v)
			}
		}
	}
	a.clauses = append(a.clauses, c)
	a.clauseByKey[name] = c
	return c
}

// resolve applies the test that the operand e has the value truth to the
// clauses of the current state: a clause it satisfies is dropped, a
// literal it contradicts is removed, and a clause left with one literal
// is assumed.
func (a *analysis) resolve(e ast.Expr, truth bool) {
	if len(a.cur.conds) == 0 {
		return
	}
	t, ok := a.literalOf(e, truth)
	if !ok {
		return
	}
	var kept []int32
	var units []literal
	for _, id := range a.cur.conds {
		c := a.clauses[id]
		i := slices.IndexFunc(c.lits, func(l literal) bool { return l.key == t.key })
		switch {
		case i < 0:
			kept = append(kept, id)
		case c.lits[i].keyed == t.keyed:
			// satisfied: it says nothing more
		case len(c.lits) == 2:
			units = append(units, c.lits[1-i])
		default:
			kept = append(kept, a.intern(slices.Delete(slices.Clone(c.lits), i, i+1)).id)
		}
	}
	slices.Sort(kept)
	a.cur.conds = slices.Compact(kept)
	for _, u := range units {
		a.assume(u.expr, u.truth)
	}
}

// forget drops the clauses that read a variable n may change.
func (a *analysis) forget(n ast.Node) {
	if len(a.cur.conds) == 0 {
		return
	}
	a.dropReading(a.mayChange(n))
}

// dropReading drops the clauses that read a variable of changed.
func (a *analysis) dropReading(changed map[*types.Var]bool) {
	if len(changed) == 0 {
		return
	}
	var kept []int32
	for _, id := range a.cur.conds {
		if !slices.ContainsFunc(a.clauses[id].vars, func(v *types.Var) bool { return changed[v] }) {
			kept = append(kept, id)
		}
	}
	a.cur.conds = kept
}

// track applies what assuming cond has the value truth tells the
// clauses: an operand is resolved against them, a compound that holds
// without saying which of its operands does is remembered.
func (a *analysis) track(cond ast.Expr, truth bool) {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if c.Op == token.NOT {
			return // assume goes on with the operand
		}
	case *ast.BinaryExpr:
		if c.Op == token.LAND && !truth || c.Op == token.LOR && truth {
			a.rememberClause(c, truth)
			return
		}
		if c.Op == token.LAND || c.Op == token.LOR {
			return // assume goes on with each operand
		}
	}
	a.resolve(cond, truth)
}

// mayChange returns the variables that n may change: those assigned or
// incremented (through any field or index), whose address is taken, that
// a call which may change its arguments is given or called on, or that a
// function literal names.
func (a *analysis) mayChange(n ast.Node) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	addRoot := func(e ast.Expr) {
		if v := a.rootVar(e); v != nil {
			out[v] = true
		}
	}
	addAll := func(e ast.Node) {
		for _, v := range a.varsOf(e) {
			out[v] = true
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				addRoot(l)
			}
		case *ast.IncDecStmt:
			addRoot(n.X)
		case *ast.RangeStmt:
			addRoot(n.Key)
			addRoot(n.Value)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				addRoot(n.X)
			}
		case *ast.FuncLit:
			addAll(n.Body)
			return false
		case *ast.CallExpr:
			if !a.pureCall(n) {
				for _, arg := range n.Args {
					if !a.valueOnly(arg) {
						addAll(arg)
					}
				}
				if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok {
					addAll(sel.X)
				}
			}
		}
		return true
	})
	return out
}

// valueOnly reports whether e's value shares no memory with what it was
// read from (a string, a number, a bool): a call given it changes nothing
// of its operands.
func (a *analysis) valueOnly(e ast.Expr) bool {
	t := a.pkg.info.TypeOf(e)
	if t == nil {
		return false
	}
	basic, ok := t.Underlying().(*types.Basic)
	return ok && basic.Kind() != types.UnsafePointer
}

// rootVar returns the variable at the root of a selector, index or star
// chain (obj in obj.Spec.Items[i].Name), or nil.
func (a *analysis) rootVar(e ast.Expr) *types.Var {
	for e != nil {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			v, _ := a.pkg.info.ObjectOf(x).(*types.Var)
			return v
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
	return nil
}

// varsOf returns the variables that n names, not counting fields
// selected from them.
func (a *analysis) varsOf(n ast.Node) []*types.Var {
	var out []*types.Var
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(x.X, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					if v, ok := a.pkg.info.Uses[id].(*types.Var); ok && !v.IsField() && !slices.Contains(out, v) {
						out = append(out, v)
					}
				}
				return true
			})
			return false
		case *ast.Ident:
			if v, ok := a.pkg.info.Uses[x].(*types.Var); ok && !v.IsField() && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
		return true
	})
	return out
}

// pureExpr reports whether evaluating e changes nothing: it calls only
// pure functions and receives from no channel.
func (a *analysis) pureExpr(e ast.Expr) bool {
	pure := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			if !a.pureCall(x) {
				pure = false
			}
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				pure = false
			}
		case *ast.FuncLit:
			pure = false
		}
		return pure
	})
	return pure
}

// pureCall reports whether call changes none of its operands: a
// conversion, a builtin that only reads, or a call that k8s.IsReadOnlyCall
// names read-only (logging, formatting, tests and accessors such as
// IsZero, ContainsFinalizer, GetDeletionTimestamp), except a Get given a
// pointer, which may fill it (a project's Get(ctx, key, obj)).
func (a *analysis) pureCall(call *ast.CallExpr) bool {
	if tv, ok := a.pkg.info.Types[call.Fun]; ok && tv.IsType() {
		return true
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := a.pkg.info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "len", "cap", "append", "min", "max", "complex", "real", "imag", "new", "make":
				return true
			}
			return false
		}
	}
	fn := k8s.Callee(a.pkg.info, call)
	if !k8s.IsReadOnlyCall(fn) {
		return false
	}
	if strings.HasPrefix(fn.Name(), "Get") {
		for _, arg := range call.Args {
			t := a.pkg.info.TypeOf(arg)
			if t == nil || types.IsInterface(t) {
				return false
			}
			if _, ptr := under(t).(*types.Pointer); ptr {
				return false
			}
		}
	}
	return true
}

// insertSorted returns ids with id added in order, copied.
func insertSorted(ids []int32, id int32) []int32 {
	i, found := slices.BinarySearch(ids, id)
	if found {
		return ids
	}
	return slices.Insert(slices.Clone(ids), i, id)
}

// intersectSorted returns the ids in both sorted lists.
func intersectSorted(x, y []int32) []int32 {
	if len(x) == 0 || len(y) == 0 {
		return nil
	}
	var out []int32
	for i, j := 0, 0; i < len(x) && j < len(y); {
		switch {
		case x[i] == y[j]:
			out = append(out, x[i])
			i++
			j++
		case x[i] < y[j]:
			i++
		default:
			j++
		}
	}
	return out
}
