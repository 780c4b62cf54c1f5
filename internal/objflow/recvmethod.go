package objflow

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/runcache"
)

// recvEffect is what a pointer method of a field's type does to its
// receiver, read from the method's body: obj.Status.SetPhase(p) passes
// &obj.Status, and the body says whether the field is changed.
type recvEffect uint8

const (
	// recvUnknown: the body is not at hand (a method of another module,
	// a file that cannot be read), or it hands the receiver on.
	recvUnknown recvEffect = iota
	// recvReads: the body neither assigns the receiver's fields nor
	// hands them to code that may change them.
	recvReads
	// recvPresumed: the body hands a field that may be changed (a slice,
	// a map, a pointer, an address) to code opvet cannot see.
	recvPresumed
	// recvChanges: the body assigns a field of the receiver, directly
	// (rs.Conditions = conditions, rs.Phase = p).
	recvChanges
	// recvChangesIndirect: the body writes through a map, a slice
	// element or a pointer of a field (rs.Conditions[i].Status = s), or
	// with a helper known to (meta.SetStatusCondition(&rs.Conditions, c)).
	recvChangesIndirect
)

// maxRecvDepth bounds the chain of methods followed (SetReady calling
// setCondition calling meta.SetStatusCondition).
const maxRecvDepth = 4

// receiverEffect returns what fn, a pointer method, does to its receiver,
// from its body when the body is the project's: a method of this package,
// or of a package whose file lies outside the module cache and vendor
// directories (another package of the module, a locally replaced module,
// the GOPATH tree of a GOPATH-era project). Operators keep their status
// setters beside their API types (cloudnative-pg's
// `backup.Status.SetAsPending()`, knative's `rev.Status.SetCondition(c)`):
// without the body, every such call is only a presumed change, which most
// checks ignore, and every pointer method that only reads (a getter, a
// validation) is a presumed change too. This is Go's semantics, read from
// syntax with the types the receiver's package exports, and needs no
// facts.
func (p *Package) receiverEffect(fn *types.Func) recvEffect {
	return p.recvEffectAt(fn, 0, map[*types.Func]bool{})
}

func (p *Package) recvEffectAt(fn *types.Func, depth int, seen map[*types.Func]bool) recvEffect {
	if depth > maxRecvDepth || seen[fn] {
		return recvUnknown
	}
	if v, ok := p.recvEffects.Load(fn); ok {
		return v.(recvEffect)
	}
	seen[fn] = true
	eff := recvUnknown
	if fd, file := p.methodDecl(fn); fd != nil {
		eff = (&recvWalk{p: p, fn: fn, file: file, depth: depth, seen: seen}).run(fd)
	}
	delete(seen, fn)
	if depth == 0 {
		p.recvEffects.Store(fn, eff)
	}
	return eff
}

// methodDecl returns the declaration of fn and its file: the package's
// own, or parsed from disk when it is the project's.
func (p *Package) methodDecl(fn *types.Func) (*ast.FuncDecl, *ast.File) {
	if fn.Pkg() == p.types {
		fd := p.decls[fn]
		if fd == nil {
			return nil, nil
		}
		return fd, p.fileOf(fd)
	}
	pos := p.fset.Position(fn.Pos())
	if !pos.IsValid() || !filepath.IsAbs(pos.Filename) || modtree.IsCopy(filepath.Dir(pos.Filename)) || fn.Pkg() == nil || modtree.IsLibrary(fn.Pkg().Path()) {
		return nil, nil
	}
	f := p.parsedFile(pos.Filename)
	if f == nil {
		return nil, nil
	}
	recv := k8s.RecvNamed(fn)
	for _, d := range f.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fd.Recv == nil || fd.Name.Name != fn.Name() {
			continue
		}
		if name, _ := astx.RecvBase(fd); recv != nil && name == recv.Obj().Name() {
			return fd, f.file
		}
	}
	return nil, nil
}

// parsedSource is a file of another package parsed from disk.
type parsedSource struct {
	file *ast.File
}

// parsedFile parses name once per package, or once per run when the
// driver gives a run cache (nil when it cannot be read). The syntax is
// only read, never changed, so packages may share it.
func (p *Package) parsedFile(name string) *parsedSource {
	if v, ok := p.sources.Load(name); ok {
		return v.(*parsedSource)
	}
	type sourceKey struct{ name string }
	out := runcache.Do(p.runCache, sourceKey{name}, func() *parsedSource {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		return &parsedSource{file: f}
	})
	v, _ := p.sources.LoadOrStore(name, out)
	return v.(*parsedSource)
}

// UseRunCache makes the package share the files it parses from other
// packages with the other packages of the run (nil: none). Call it before
// any analysis.
func (p *Package) UseRunCache(c *runcache.Cache) { p.runCache = c }

// recvWalk reads one method body.
type recvWalk struct {
	p     *Package
	fn    *types.Func
	file  *ast.File
	depth int
	seen  map[*types.Func]bool
	recv  string
	eff   recvEffect
	// handled are the receiver selections already judged as part of a
	// larger expression (an assignment's left side, a call's receiver).
	handled map[ast.Node]bool
}

func (w *recvWalk) run(fd *ast.FuncDecl) recvEffect {
	names := fd.Recv.List[0].Names
	if len(names) == 0 || names[0].Name == "_" {
		return recvReads // the body cannot name the receiver
	}
	w.recv = names[0].Name
	w.eff = recvReads
	w.handled = map[ast.Node]bool{}
	ast.Inspect(fd.Body, w.visit)
	return w.eff
}

// note raises the effect found so far to e.
func (w *recvWalk) note(e recvEffect) {
	if e == recvUnknown || w.eff == recvUnknown {
		w.eff = recvUnknown
		return
	}
	w.eff = max(w.eff, e)
}

func (w *recvWalk) visit(n ast.Node) bool {
	if w.eff == recvUnknown || n == nil {
		return false
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		w.assign(n)
	case *ast.IncDecStmt:
		w.lhs(n.X)
	case *ast.RangeStmt:
		w.rangeOver(n)
	case *ast.CallExpr:
		w.call(n)
	case *ast.UnaryExpr:
		if n.Op == token.AND && !w.handled[n] && w.rooted(n.X) {
			w.note(recvUnknown) // &rs.Field kept or returned: changed later, out of sight
		}
	case *ast.Ident:
		if n.Name == w.recv && !w.handled[n] {
			w.note(recvUnknown) // the receiver handed on, stored or returned
		}
	case *ast.SelectorExpr:
		w.handled[n.Sel] = true
		if w.handled[n] {
			return true
		}
		if root, ok := ast.Unparen(n.X).(*ast.Ident); ok && root.Name == w.recv {
			w.handled[root] = true // a read of a field (or a method value)
		}
	case *ast.BinaryExpr:
		w.nilTest(n)
	case *ast.KeyValueExpr:
		if key, ok := n.Key.(*ast.Ident); ok {
			w.handled[key] = true // a field name in a literal
		}
	}
	return true
}

// nilTest leaves `rs == nil` and `rs != nil` alone: a test, not a use.
func (w *recvWalk) nilTest(b *ast.BinaryExpr) {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return
	}
	for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if id, ok := ast.Unparen(pair[0]).(*ast.Ident); ok && id.Name == w.recv {
			if nilIdent, ok := ast.Unparen(pair[1]).(*ast.Ident); ok && nilIdent.Name == "nil" {
				w.handled[id] = true
			}
		}
	}
}

func (w *recvWalk) assign(a *ast.AssignStmt) {
	for _, x := range a.Lhs {
		if id, ok := x.(*ast.Ident); ok && id.Name == w.recv {
			// Shadowed (:=), or rs = other: the names below speak of
			// another variable or object.
			w.note(recvUnknown)
			continue
		}
		w.lhs(x)
	}
	for _, x := range a.Rhs {
		w.aliasOf(x)
	}
}

// aliasOf judges an assigned value that selects a field of the receiver:
// a map, slice or pointer field kept in a variable may be changed through
// it later, out of sight (conds := rs.Conditions; conds[0].Status = s).
func (w *recvWalk) aliasOf(x ast.Expr) {
	if t, ok := w.fieldType(x); ok && sharesMemory(t) {
		w.note(recvUnknown)
	}
}

// lhs judges an assigned expression: a field path of the receiver is a
// change, indirect when it goes through an index, a dereference or a
// pointer field.
func (w *recvWalk) lhs(x ast.Expr) {
	if !w.rooted(x) {
		return
	}
	w.markHandled(x)
	if id, ok := ast.Unparen(x).(*ast.StarExpr); ok {
		if root, ok := ast.Unparen(id.X).(*ast.Ident); ok && root.Name == w.recv {
			w.note(recvUnknown) // *rs = other: the whole value replaced
			return
		}
	}
	if w.indirect(x) {
		w.note(recvChangesIndirect)
	} else {
		w.note(recvChanges)
	}
}

// rangeOver judges `for k, v := range rs.Field`: the values are copies
// unless the elements are references.
func (w *recvWalk) rangeOver(r *ast.RangeStmt) {
	t, ok := w.fieldType(r.X)
	if !ok {
		return
	}
	w.markHandled(r.X)
	if r.Value == nil {
		return
	}
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Map:
		elem = u.Elem()
	case *types.Pointer:
		if a, ok := u.Elem().Underlying().(*types.Array); ok {
			elem = a.Elem()
		}
	}
	if elem == nil || sharesMemory(elem) {
		w.note(recvUnknown)
	}
}

// call judges a call: a method of the receiver or of one of its fields is
// followed; builtins that write (delete, clear, copy) change their first
// argument; a field handed to a function is a presumed change if it is a
// reference, a field's address a seen one for the helpers known to change
// it and a presumed one otherwise.
func (w *recvWalk) call(c *ast.CallExpr) {
	if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && w.rootedOrRecv(sel.X) {
		w.methodCall(sel)
	}
	fun := w.funcName(c.Fun)
	for i, arg := range c.Args {
		arg = ast.Unparen(arg)
		if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND && w.rooted(u.X) {
			w.handled[u] = true
			w.markHandled(u.X)
			if indirect, known := k8s.FieldMutatorNamed(fun.pkg, fun.name); known {
				w.note(changeOf(indirect))
			} else {
				w.note(recvPresumed)
			}
			continue
		}
		t, ok := w.fieldType(arg)
		if !ok {
			continue
		}
		w.markHandled(arg)
		switch {
		case i == 0 && fun.pkg == "" && (fun.name == "delete" || fun.name == "clear" || fun.name == "copy"):
			w.note(recvChangesIndirect)
		case fun.pkg == "" && (fun.name == "len" || fun.name == "cap" || fun.name == "append"):
		case sharesMemory(t):
			w.note(recvPresumed)
		}
	}
}

// methodCall follows rs.other() and rs.Field.Method().
func (w *recvWalk) methodCall(sel *ast.SelectorExpr) {
	w.handled[sel] = true
	w.markHandled(sel.X)
	holder, ok := w.exprType(sel.X)
	if !ok {
		w.note(recvUnknown)
		return
	}
	obj, _, _ := types.LookupFieldOrMethod(holder, true, w.fn.Pkg(), sel.Sel.Name)
	m, ok := obj.(*types.Func)
	if !ok {
		if obj == nil {
			w.note(recvUnknown)
		} else if t := obj.Type(); sharesMemory(t) {
			w.note(recvPresumed) // a func-typed field called: may close over anything
		}
		return
	}
	if k8s.HasReadOnlyName(m.Name()) || k8s.IsReadOnlyMethod(m) {
		return
	}
	sig := m.Type().(*types.Signature)
	if _, ptr := sig.Recv().Type().(*types.Pointer); !ptr {
		if sharesMemory(holder) {
			w.note(recvPresumed) // a map or slice type's method may write its elements
		}
		return
	}
	if _, ptr := holder.Underlying().(*types.Pointer); ptr && !w.isRecv(sel.X) {
		w.note(recvPresumed) // a pointer field: the object behind it is another's
		return
	}
	inner := w.p.recvEffectAt(m, w.depth+1, w.seen)
	if inner == recvUnknown {
		inner = recvPresumed
	}
	if !w.isRecv(sel.X) && inner == recvChanges && w.indirect(sel.X) {
		inner = recvChangesIndirect
	}
	w.note(inner)
}

func changeOf(indirect bool) recvEffect {
	if indirect {
		return recvChangesIndirect
	}
	return recvChanges
}

// calledFunc names a called function: its package path (from the file's
// imports; empty for a builtin or a function of the same package) and
// its name.
type calledFunc struct{ pkg, name string }

func (w *recvWalk) funcName(fun ast.Expr) calledFunc {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		return calledFunc{name: f.Name}
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok {
			if path := astx.ImportOf(w.file, x.Name); path != "" {
				return calledFunc{pkg: path, name: f.Sel.Name}
			}
		}
		return calledFunc{pkg: "?", name: f.Sel.Name}
	}
	return calledFunc{pkg: "?"}
}

func (w *recvWalk) isRecv(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && id.Name == w.recv
}

// rooted reports whether x is a field path of the receiver: rs.A,
// rs.A[i].B, *rs.P.
func (w *recvWalk) rooted(x ast.Expr) bool {
	root, hasField := w.root(x)
	return root && hasField
}

func (w *recvWalk) rootedOrRecv(x ast.Expr) bool {
	root, _ := w.root(x)
	return root
}

// root reports whether x starts at the receiver, and whether it selects a
// field of it on the way.
func (w *recvWalk) root(x ast.Expr) (root, field bool) {
	id, field := fieldPathRoot(x, nil)
	return id != nil && id.Name == w.recv, field
}

// markHandled marks the receiver identifier at the root of x, and the
// selections on the way, as judged.
func (w *recvWalk) markHandled(x ast.Expr) {
	if id, _ := fieldPathRoot(x, func(n ast.Node) { w.handled[n] = true }); id != nil {
		w.handled[id] = true
	}
}

// fieldPathRoot follows x through parentheses, selections, indexes and
// dereferences to the identifier it starts at (nil if another expression),
// saying whether it selects a field on the way; seen, if set, is called
// with each selection.
func fieldPathRoot(x ast.Expr, seen func(ast.Node)) (*ast.Ident, bool) {
	field := false
	for {
		switch e := x.(type) {
		case *ast.ParenExpr:
			x = e.X
		case *ast.SelectorExpr:
			if seen != nil {
				seen(e)
			}
			x, field = e.X, true
		case *ast.IndexExpr:
			x = e.X
		case *ast.StarExpr:
			x = e.X
		case *ast.Ident:
			return e, field
		default:
			return nil, false
		}
	}
}

// indirect reports whether writing x writes through an index, a
// dereference or a pointer field (memory a shallow copy shares).
func (w *recvWalk) indirect(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.IndexExpr, *ast.StarExpr:
		return true
	case *ast.SelectorExpr:
		if w.isRecv(e.X) {
			return false
		}
		if t, ok := w.exprType(e.X); ok {
			if _, ptr := t.Underlying().(*types.Pointer); ptr {
				return true
			}
		}
		return w.indirect(e.X)
	}
	return false
}

// fieldType is the type of x when x is a field path of the receiver.
func (w *recvWalk) fieldType(x ast.Expr) (types.Type, bool) {
	if !w.rooted(x) {
		return nil, false
	}
	return w.exprType(x)
}

// exprType is the type of a path from the receiver, from the receiver's
// type (the exported types of its package): fields, indexes and
// dereferences.
func (w *recvWalk) exprType(x ast.Expr) (types.Type, bool) {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		if e.Name != w.recv {
			return nil, false
		}
		return w.fn.Type().(*types.Signature).Recv().Type(), true
	case *ast.SelectorExpr:
		t, ok := w.exprType(e.X)
		if !ok {
			return nil, false
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, w.fn.Pkg(), e.Sel.Name)
		if v, ok := obj.(*types.Var); ok {
			return v.Type(), true
		}
		return nil, false
	case *ast.IndexExpr:
		t, ok := w.exprType(e.X)
		if !ok {
			return nil, false
		}
		switch u := t.Underlying().(type) {
		case *types.Slice:
			return u.Elem(), true
		case *types.Array:
			return u.Elem(), true
		case *types.Map:
			return u.Elem(), true
		case *types.Pointer:
			if a, ok := u.Elem().Underlying().(*types.Array); ok {
				return a.Elem(), true
			}
		}
	case *ast.StarExpr:
		t, ok := w.exprType(e.X)
		if !ok {
			return nil, false
		}
		if p, ok := t.Underlying().(*types.Pointer); ok {
			return p.Elem(), true
		}
	}
	return nil, false
}

// sharesMemory reports whether a value of t shares memory with its
// copies (isReference, and channels, functions and interfaces).
func sharesMemory(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map, *types.Pointer, *types.Chan, *types.Signature, *types.Interface:
		return true
	}
	return false
}
