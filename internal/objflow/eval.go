package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// trackable reports whether values of type t are followed: API objects
// (pointers, struct values, the object interfaces), unstructured objects,
// patches, and slices, arrays and maps of those.
func trackable(t types.Type) bool {
	if t == nil {
		return false
	}
	t = types.Unalias(t)
	switch u := under(t).(type) {
	case *types.Slice:
		return elemTrackable(u.Elem())
	case *types.Array:
		return elemTrackable(u.Elem())
	case *types.Map:
		return elemTrackable(u.Elem())
	case *types.Basic, *types.Signature, *types.Chan:
		return false
	}
	return isObject(t) || k8s.IsPatchType(t)
}

func elemTrackable(t types.Type) bool { return isObject(t) }

// isItem reports whether t is interface{} or a slice of it: how
// client-go's stores and indexers return their objects. Local variables
// of these types are followed (the objects of a cache read, and objects
// stored in them), so that type assertions of the items are.
func isItem(t types.Type) bool {
	if t == nil {
		return false
	}
	if s, ok := under(t).(*types.Slice); ok {
		t = s.Elem()
	}
	i, ok := under(t).(*types.Interface)
	return ok && i.Empty()
}

// followed reports whether the local variable v is followed: it holds
// objects, items of a cache, or the content map of unstructured objects
// (content.go).
func (a *analysis) followed(v *types.Var) bool {
	return a.trackable(v.Type()) || (isItem(v.Type()) || k8s.IsContentMap(v.Type())) && a.local(v)
}

// isObject reports whether t is an API object, a pointer to one, or one of
// the object interfaces.
func isObject(t types.Type) bool {
	return k8s.IsAPIObject(t) || k8s.IsUnstructured(t)
}

// typeCache caches trackable and isObject per type for a package: the
// method-set lookups behind them are the costliest part of evaluating an
// expression. It is safe for concurrent use.
type typeCache struct {
	trackable, object sync.Map // types.Type -> bool
}

func (a *analysis) trackable(t types.Type) bool {
	v, ok := a.kinds.trackable[t]
	if !ok {
		v = a.pkg.cache.isTrackable(t)
		if a.kinds.trackable == nil {
			a.kinds.trackable = map[types.Type]bool{}
		}
		a.kinds.trackable[t] = v
	}
	return v
}

func (a *analysis) isObject(t types.Type) bool {
	v, ok := a.kinds.object[t]
	if !ok {
		v = a.pkg.cache.isObject(t)
		if a.kinds.object == nil {
			a.kinds.object = map[types.Type]bool{}
		}
		a.kinds.object[t] = v
	}
	return v
}

// localKinds is an analysis's own cache in front of the package's: by
// type pointer, without locks.
type localKinds struct {
	trackable, object map[types.Type]bool
}

func (c *typeCache) isTrackable(t types.Type) bool { return cachedAnswer(&c.trackable, t, trackable) }

func (c *typeCache) isObject(t types.Type) bool { return cachedAnswer(&c.object, t, isObject) }

// cachedAnswer returns compute(t), computed once per type key in m.
func cachedAnswer(m *sync.Map, t types.Type, compute func(types.Type) bool) bool {
	switch types.Unalias(t).(type) {
	case nil, *types.Basic, *types.Signature, *types.Tuple, *types.Chan:
		// Never an object nor a collection of them; asked of every
		// string, bool and error operand, and a key spelled out for
		// them costs more than the answer.
		return false
	}
	key := cacheKey(t)
	if v, ok := m.Load(key); ok {
		return v.(bool)
	}
	v := compute(t)
	m.Store(key, v)
	return v
}

// typeKey identifies a named type, or a pointer to one, by its declaring
// object: types.Type values of the same type are often distinct pointers.
type typeKey struct {
	obj     types.Object
	pointer bool
}

// elemKey is the key of a slice, array or map type, or a pointer to one.
type elemKey struct {
	kind    byte
	elem    any
	pointer bool
}

// cacheKey is the key of t in the caches: its typeKey when t is a named
// type or a pointer to one, its spelling otherwise.
func cacheKey(t types.Type) any {
	t = types.Unalias(t)
	pointer := false
	if p, ok := t.(*types.Pointer); ok {
		t, pointer = types.Unalias(p.Elem()), true
	}
	if n, ok := t.(*types.Named); ok && n.TypeArgs().Len() == 0 {
		return typeKey{n.Obj(), pointer}
	}
	// Slices, arrays and maps are answered by their element type
	// (trackable, isObject): key them by it, without spelling it out.
	switch c := t.(type) {
	case *types.Slice:
		return elemKey{'s', cacheKey(c.Elem()), pointer}
	case *types.Array:
		return elemKey{'a', cacheKey(c.Elem()), pointer}
	case *types.Map:
		return elemKey{'m', cacheKey(c.Elem()), pointer}
	}
	// Interfaces, structs: one key per spelling of the type.
	key := types.TypeString(t, nil)
	if pointer {
		key = "*" + key
	}
	return key
}

// isCollection reports whether t is a slice, array or map (of objects);
// not for a nil t (an expression without type information).
func isCollection(t types.Type) bool {
	switch under(t).(type) {
	case *types.Slice, *types.Array, *types.Map:
		return true
	}
	return false
}

// isStructValue reports whether t is an object held by value (a struct,
// not a pointer or an interface): assigning it copies the object.
func isStructValue(t types.Type) bool {
	_, ok := under(t).(*types.Struct)
	return ok
}

// eval evaluates e for its effects (calls in it) and returns the objects
// it may denote (nil when it denotes none).
func (a *analysis) eval(e ast.Expr) Set {
	info := a.pkg.info
	switch e := e.(type) {
	case nil:
		return nil
	case *ast.ParenExpr:
		return a.eval(e.X)
	case *ast.Ident:
		if len(a.foreign) > 0 {
			if s, ok := a.boundPath(e); ok {
				return s
			}
		}
		return a.ident(e)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			if obj, ok := a.metadataOf(e.X); ok {
				return a.eval(obj)
			}
			return a.eval(e.X)
		}
		a.eval(e.X)
		return nil
	case *ast.StarExpr:
		return a.eval(e.X)
	case *ast.CompositeLit:
		return a.compositeLit(e)
	case *ast.CallExpr:
		res := a.call(e)
		if len(res) == 0 {
			return nil
		}
		if s, ok := a.rangeCalls[e]; ok {
			a.rangeCalls[e] = union(s, res[0])
		}
		return res[0]
	case *ast.SelectorExpr:
		if len(a.foreign) > 0 {
			if s, ok := a.boundPath(e); ok {
				return s
			}
		}
		return a.selector(e)
	case *ast.IndexExpr:
		x := a.eval(e.X)
		a.eval(e.Index)
		if !a.trackable(info.TypeOf(e)) {
			return nil
		}
		if x != nil && isCollection(info.TypeOf(e.X)) {
			return a.element(x, e)
		}
		return a.unknown(e, 0)
	case *ast.IndexListExpr:
		return nil
	case *ast.SliceExpr:
		x := a.eval(e.X)
		a.eval(e.Low)
		a.eval(e.High)
		a.eval(e.Max)
		return x
	case *ast.TypeAssertExpr:
		return a.ofType(a.eval(e.X), info.TypeOf(e.Type))
	case *ast.BinaryExpr:
		a.eval(e.X)
		if e.Op == token.LAND || e.Op == token.LOR {
			// Y runs only where X is true (&&) or false (||): evaluate
			// it under that assumption (x.DeletionTimestamp.IsZero() &&
			// controllerutil.AddFinalizer(x, f)), and join with the path
			// that skips it.
			skip, last := a.cur, a.last
			a.assume(e.X, e.Op == token.LAND)
			a.eval(e.Y)
			ran, ranLast := a.cur, a.last
			a.cur, a.last = skip, last // the outcome X's test may refer to
			a.assume(e.X, e.Op != token.LAND)
			a.cur, a.last = a.cur.join(ran), ranLast
			return nil
		}
		a.eval(e.Y)
		return nil
	case *ast.KeyValueExpr:
		a.eval(e.Key)
		return a.eval(e.Value)
	case *ast.FuncLit:
		if !a.inlined[e] { // run where it is called (inline.go)
			a.captures(e)
		}
		return nil
	}
	return nil
}

// ident evaluates a variable.
func (a *analysis) ident(id *ast.Ident) Set {
	v, ok := a.pkg.info.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	if !a.followed(v) {
		return a.holderParam(v)
	}
	if a.local(v) {
		s, _ := a.getVar(v)
		return s
	}
	// A variable of an enclosing function or of the package.
	val := a.newValue(Outer, paramNode(v), v, 0, v.Type(), Foreign|MaybeDeleting)
	return Set{val.ID}
}

// holderParam returns the Param object of a parameter or receiver that is
// a pointer to a struct other than an object (a reconciler, a scope
// holding objects in its fields), so that the objects loaded from its
// fields keep their identity across calls of its accessors.
func (a *analysis) holderParam(v *types.Var) Set {
	t := types.Unalias(v.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if _, ok := under(t).(*types.Struct); !ok || !a.isParam(v) {
		return nil
	}
	bits := Foreign
	if a.pkg.handlers[a.node] && k8s.IsEvent(t) {
		// A predicate's event (e.ObjectNew, e.MetaNew): controller-runtime
		// hands it the informer cache's own objects.
		bits |= Cached | MaybeDeleting
	}
	return Set{a.newValue(Param, paramNode(v), v, 0, v.Type(), bits).ID}
}

func (a *analysis) isParam(v *types.Var) bool {
	if a.sig.Recv() == v {
		return true
	}
	for i := 0; i < a.sig.Params().Len(); i++ {
		if a.sig.Params().At(i) == v {
			return true
		}
	}
	return false
}

// compositeLit evaluates a literal: a new object, or a collection of the
// objects its elements denote. Objects stored in other structs escape.
func (a *analysis) compositeLit(lit *ast.CompositeLit) Set {
	t := a.pkg.info.TypeOf(lit)
	var elems Set
	for _, elt := range lit.Elts {
		a.noteStatusCopy(elt)
		elems = union(elems, a.eval(elt))
	}
	if wrapsContent(lit, t) && len(elems) > 0 {
		return elems // &unstructured.Unstructured{Object: m}: m's objects
	}
	switch {
	case a.isObject(t):
		a.addBits(elems, Escaped)
		var bits Bits
		if literalMayHaveVersion(lit) {
			bits = Filled
		}
		return Set{a.newValue(Alloc, lit, nil, 0, t, bits).ID}
	case a.trackable(t) && isCollection(t):
		return elems
	}
	a.addBits(elems, Escaped)
	return nil
}

// literalMayHaveVersion reports whether an object literal may set a
// resourceVersion: ObjectMeta given by anything but a literal without
// ResourceVersion (ObjectMeta: existing.ObjectMeta copies it), the Object
// content of an unstructured object, or positional fields.
func literalMayHaveVersion(lit *ast.CompositeLit) bool {
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return true
		}
		key, _ := kv.Key.(*ast.Ident)
		if key == nil {
			return true
		}
		switch key.Name {
		case "Object":
			return true
		case "ObjectMeta":
			meta, ok := stripAddr(kv.Value).(*ast.CompositeLit)
			if !ok {
				return true
			}
			for _, m := range meta.Elts {
				mkv, ok := m.(*ast.KeyValueExpr)
				if !ok {
					return true
				}
				if k, _ := mkv.Key.(*ast.Ident); k == nil || k.Name == "ResourceVersion" {
					return true
				}
			}
		}
	}
	return false
}

// selector evaluates x.f: a field of an object or struct, a method value,
// or a qualified identifier.
func (a *analysis) selector(e *ast.SelectorExpr) Set {
	info := a.pkg.info
	sel := info.Selections[e]
	if sel == nil {
		// pkg.Name
		if v, ok := info.Uses[e.Sel].(*types.Var); ok && a.trackable(v.Type()) {
			val := a.newValue(Outer, paramNode(v), v, 0, v.Type(), Foreign|MaybeDeleting)
			return Set{val.ID}
		}
		return nil
	}
	if s := a.holderField(e); s != nil {
		return a.slotObjects(s, e)
	}
	base := a.eval(e.X)
	if sel.Kind() == types.FieldVal && isContentField(e, sel) {
		return base // u.Object: the object's own map
	}
	if sel.Kind() != types.FieldVal || !a.trackable(sel.Type()) {
		return nil
	}
	return a.loads(base, e.Sel.Name, e, sel.Type())
}

// element returns the objects of coll[i]: those stored in a collection
// built here, or, for a collection from elsewhere (a parameter, a list's
// Items), one object per index expression, so that list[i] and list[j]
// are told apart.
func (a *analysis) element(coll Set, e *ast.IndexExpr) Set {
	for _, id := range coll {
		switch a.vals.all[id].Kind {
		case Param, Outer, Unknown, Load:
		default:
			return coll
		}
	}
	return a.loads(coll, "["+types.ExprString(e.Index)+"]", e, a.pkg.info.TypeOf(e))
}

// loads returns the objects read from field of each object of base (one
// shared Unknown object when base denotes none).
func (a *analysis) loads(base Set, field string, node ast.Node, t types.Type) Set {
	if len(base) == 0 {
		return a.unknown(node, 0)
	}
	var out Set
	for _, b := range base {
		val, created := a.vals.load(b, field, node, t)
		if created || a.facts(val.ID) == nil {
			bits := Foreign | MaybeDeleting
			// Elements of a cached object are cached.
			bits |= a.facts(b).All() & (Cached | SharesCache | Filled)
			a.setFacts(val.ID, &Facts{Bits: initialBits(bits)})
		}
		out = union(out, Set{val.ID})
	}
	return out
}

// unknown returns the object that result idx of node denotes when opvet
// cannot tell where it comes from.
func (a *analysis) unknown(node ast.Node, idx int) Set {
	t := a.pkg.info.TypeOf(nodeExpr(node))
	return Set{a.newValue(Unknown, node, nil, idx, t, Foreign|MaybeDeleting).ID}
}

func nodeExpr(n ast.Node) ast.Expr {
	e, _ := n.(ast.Expr)
	return e
}

// captures marks the objects of the local variables that a function
// literal refers to: it may fill, change or send them whenever it runs.
// A variable the literal only reads (fields of basic types, getters, the
// owner of controllerutil.SetControllerReference in a CreateOrUpdate
// mutate function) is not marked.
func (a *analysis) captures(lit *ast.FuncLit) {
	info := a.pkg.info
	astx.Idents(lit.Body, func(id *ast.Ident, stack []ast.Node) {
		if v, ok := info.Uses[id].(*types.Var); ok && a.local(v) && a.followed(v) && !a.readOnlyUse(stack) {
			if s, ok := a.getVar(v); ok {
				a.addBits(s, Captured)
			}
		}
	})
}

// readOnlyUse reports whether the identifier at the top of stack (its
// enclosing nodes below it) is only read where it stands: the object
// argument of a function that only reads it or the owner argument of
// controllerutil's owner references, the receiver of a getter, or the
// start of a field path whose value has a basic type and is not assigned
// or addressed.
func (a *analysis) readOnlyUse(stack []ast.Node) bool {
	info := a.pkg.info
	id := stack[len(stack)-1]
	if len(stack) < 2 {
		return false
	}
	switch p := stack[len(stack)-2].(type) {
	case *ast.CallExpr:
		fn := k8s.Callee(info, p)
		if len(p.Args) > 0 && p.Args[0] == id && fn != nil &&
			(k8s.IsFunc(fn, k8s.Controllerutil, "SetControllerReference") || k8s.IsFunc(fn, k8s.Controllerutil, "SetOwnerReference")) {
			return true
		}
		return fn != nil && p.Fun != id && k8s.IsReadOnlyCall(fn) && k8s.RecvNamed(fn) == nil
	case *ast.SelectorExpr:
		if p.X != id {
			return false
		}
		// Climb the field path: x.Spec.Name.
		i := len(stack) - 2
		for i > 0 {
			if sel, ok := stack[i-1].(*ast.SelectorExpr); ok && sel.X == stack[i] {
				i--
				continue
			}
			break
		}
		top := stack[i].(*ast.SelectorExpr)
		if i > 0 {
			if call, ok := stack[i-1].(*ast.CallExpr); ok && call.Fun == top {
				// A method call: only a getter reads.
				return len(call.Args) == 0 && k8s.HasReadOnlyName(top.Sel.Name)
			}
			if !readContext(stack[i-1], top) {
				return false
			}
		}
		_, basic := under(info.TypeOf(top)).(*types.Basic)
		return basic
	}
	return false
}

// readContext reports whether e, a child of parent, is read there: not
// assigned, incremented or addressed.
func readContext(parent ast.Node, e ast.Expr) bool {
	switch p := parent.(type) {
	case *ast.AssignStmt:
		return !slices.Contains(p.Lhs, e)
	case *ast.IncDecStmt:
		return false
	case *ast.UnaryExpr:
		return p.Op != token.AND
	case *ast.RangeStmt:
		return p.Key != e && p.Value != e
	}
	return true
}

// noteStatusCopy records obj.Status copied out as a whole value (status
// kept for a later status write: not lost).
func (a *analysis) noteStatusCopy(e ast.Expr) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Status" {
		return
	}
	if s := a.peek(sel.X); len(s) > 0 {
		a.addBits(s, StatusCopied)
	}
}

// noteStatusFieldCopy records a field of obj's status copied into the
// status of another object (curr.Status.X = obj.Status.X): the status
// obj carries is kept in that object, for its status write to send
// (hive's updatePrivateLinkStatus reads a fresh copy, takes the caller's
// status field into it and writes its status), as when obj.Status is
// copied out whole.
func (a *analysis) noteStatusFieldCopy(lhs, rhs ast.Expr) {
	dstObj, dst, ok := a.objectPath(lhs)
	if !ok || len(dst) < 2 || dst[0] != "Status" {
		return
	}
	srcObj, src, ok := a.objectPath(rhs)
	if !ok || len(src) < 2 || src[0] != "Status" {
		return
	}
	from, to := a.peek(srcObj), a.peek(dstObj)
	if len(from) == 0 || len(to) == 0 || from.Intersects(to) {
		return
	}
	a.addBits(from, StatusCopied)
}

// peek returns the objects a side-effect-free expression denotes (a
// variable, a field path), without evaluating calls; nil otherwise.
func (a *analysis) peek(e ast.Expr) Set {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return a.ident(e)
	case *ast.StarExpr:
		return a.peek(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			if obj, ok := a.metadataOf(e.X); ok {
				return a.peek(obj)
			}
			return a.peek(e.X)
		}
	case *ast.SelectorExpr:
		if s := a.holderField(e); s != nil {
			return a.slotObjects(s, e)
		}
		if sel := a.pkg.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal && a.trackable(sel.Type()) {
			if base := a.peek(e.X); len(base) > 0 {
				return a.loads(base, e.Sel.Name, e, sel.Type())
			}
		}
	case *ast.IndexExpr:
		if isCollection(a.pkg.info.TypeOf(e.X)) {
			if coll := a.peek(e.X); coll != nil {
				return a.element(coll, e)
			}
		}
	}
	return nil
}

// metadataOf returns obj of obj.ObjectMeta, the metadata embedded in an
// object. Its address is the object's metadata: a function handed
// &obj.ObjectMeta (prometheus-operator's mergeMetadata, a helper that
// copies the resourceVersion and merges labels) changes obj, on the
// paths that obj's own fields have (ObjectMeta is left out of them). A
// copy of the metadata (existing.ObjectMeta by value) is not obj.
func (a *analysis) metadataOf(e ast.Expr) (ast.Expr, bool) {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "ObjectMeta" {
		return nil, false
	}
	s := a.pkg.info.Selections[sel]
	if s == nil || s.Kind() != types.FieldVal || !s.Obj().(*types.Var).Embedded() || !isObjectMeta(s.Type()) {
		return nil, false
	}
	if !a.isObject(a.pkg.info.TypeOf(sel.X)) {
		return nil, false
	}
	return sel.X, true
}

// isObjectMeta reports whether t is metav1.ObjectMeta or a pointer to it
// (k8s.IsNamed sees through one pointer).
func isObjectMeta(t types.Type) bool { return k8s.IsNamed(t, k8s.MetaV1, "ObjectMeta") }

// objectPath splits a chain of field selections, indexes and
// dereferences rooted at an object into the object expression and the
// field path after it: obj.Status.Conditions[0].Type is object obj, path
// [Status Conditions Type]; list.Items[i].Spec is object list.Items[i],
// path [Spec]. ObjectMeta is left out of the path when more follows.
func (a *analysis) objectPath(e ast.Expr) (obj ast.Expr, path []string, ok bool) {
	info := a.pkg.info
	var chain []ast.Expr
	cur := e
	for {
		chain = append(chain, cur)
		switch x := cur.(type) {
		case *ast.ParenExpr:
			cur = x.X
			continue
		case *ast.StarExpr:
			cur = x.X
			continue
		case *ast.IndexExpr:
			cur = x.X
			continue
		case *ast.SelectorExpr:
			if sel := info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
				cur = x.X
				continue
			}
		case *ast.CallExpr:
			// obj.GetAnnotations()["a"] = "b": a getter returns a
			// reference into the object.
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok && len(x.Args) == 0 && strings.HasPrefix(sel.Sel.Name, "Get") {
				if s := info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
					chain[len(chain)-1] = &ast.SelectorExpr{X: sel.X, Sel: ast.NewIdent(strings.TrimPrefix(sel.Sel.Name, "Get"))}
					cur = sel.X
					continue
				}
			}
		}
		break
	}
	// The object is the element closest to the root whose type is a
	// concrete object, or an object interface whose getter the path
	// starts with (obj.GetLabels() of a client.Object).
	for i := len(chain) - 1; i >= 0; i-- {
		t := info.TypeOf(chain[i])
		viaGetter := i > 0 && isGetterOf(info, chain[i-1], chain[i]) && a.isObject(t)
		// A variable of metadata (new *metav1.ObjectMeta of a helper
		// handed &obj.ObjectMeta, metadataOf) stands for its object.
		meta := i == len(chain)-1 && isObjectMeta(t)
		if t == nil || !(k8s.IsConcreteObject(t) || k8s.IsUnstructured(t) || viaGetter || meta) {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			if sel, ok := chain[j].(*ast.SelectorExpr); ok {
				path = append(path, sel.Sel.Name)
			}
		}
		if len(path) > 1 && path[0] == "ObjectMeta" {
			path = path[1:]
		}
		return chain[i], path, true
	}
	return nil, nil, false
}

// isGetterOf reports whether sel is the selector that objectPath made of
// a getter call on x: not a selection of the type-checked syntax.
func isGetterOf(info *types.Info, sel, x ast.Expr) bool {
	s, ok := sel.(*ast.SelectorExpr)
	return ok && s.X == x && info.Selections[s] == nil
}

// change records the change c of the objects of set, denoted by the
// expression obj (nil when unknown), and of the bases of their patches.
func (a *analysis) change(set Set, c Change, obj ast.Expr) {
	if a.ranAt.IsValid() && !c.Ran.IsValid() {
		c.Ran = a.ranAt
	}
	if len(c.Path) > 0 && c.Path[0] == "Object" {
		if obj != nil && typedWithoutContent(a.pkg.info.TypeOf(obj)) {
			return
		}
		set = a.keepTypes(set, hasContent)
	}
	a.changeSite(set, c, obj)
	// A copy of the status saved it as it was: a status change made
	// after it is not in the copy, so the status is no longer saved.
	unsaved := len(c.Path) > 0 && c.Path[0] == "Status"
	for _, id := range set {
		f := a.facts(id).with(func(f *Facts) {
			f.Changes = addChange(f.Changes, c)
			f.Bits &^= Unchanged
			if unsaved {
				f.Bits &^= StatusCopied
			}
		})
		a.setFacts(id, f)
		for _, p := range f.Patches {
			a.setFacts(p, a.facts(p).with(func(pf *Facts) {
				pf.Bits |= BaseChanged
				pf.Changes = addChange(pf.Changes, c)
			}))
		}
	}
}

// changeSite records the change c of the objects of set, denoted by obj,
// where it is made (Func.Changes), without changing their facts.
func (a *analysis) changeSite(set Set, c Change, obj ast.Expr) {
	if a.recording && len(set) > 0 {
		a.out.recordChange(&ChangeSite{Change: c, Objects: set, Object: obj, state: a.cur}, a.atExit > 0)
	}
}

// changeExpr records a write of the location e (an assignment target, an
// operand of ++ or delete): c with the field path of e, indirect when e
// is reached through a map, a slice or a pointer of the object. c.What ""
// is "the assignment to e".
func (a *analysis) changeExpr(e ast.Expr, c Change) bool {
	obj, path, ok := a.objectPath(e)
	aliased, indirect, content := false, false, false
	if !ok {
		// labels := obj.GetLabels(); labels[k] = v
		obj, path, indirect, ok = a.aliasedPath(e)
		if !ok {
			// m[k] = v of an object's content map m
			if obj, ok = a.contentRoot(e); !ok {
				return false
			}
			path, indirect, content = []string{"Object"}, true, true
		}
		aliased = true
	}
	if c.What == "" {
		c.What = "the assignment to " + types.ExprString(e)
	}
	set := a.peek(obj)
	if set == nil {
		set = a.eval(obj)
	}
	if len(path) == 0 {
		// *obj = other, list.Items[i] = x: the whole object replaced.
		a.addBits(set, UnknownChange)
		return true
	}
	if isVersionField(path) && !a.emptyVersion && !content {
		a.addBits(set, Filled)
	}
	c.Path = path
	if a.serverMeta && len(path) == 1 && path[0] == "ObjectMeta" {
		// desired.ObjectMeta = current.ObjectMeta: the server's own
		// metadata, nothing to send; the memory is changed all the same
		// (a cached object's, for cachemutation).
		a.changeSite(set, c, obj)
		return true
	}
	if !aliased {
		indirect = a.throughReference(e, obj)
	}
	c.Indirect = c.Indirect || indirect
	a.change(set, c, obj)
	return true
}

// versionOf returns the object whose resourceVersion e reads
// (y.ResourceVersion, y.GetResourceVersion(), y.ObjectMeta.ResourceVersion),
// or nil.
func versionOf(e ast.Expr) ast.Expr {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if e.Sel.Name != "ResourceVersion" {
			return nil
		}
		if inner, ok := ast.Unparen(e.X).(*ast.SelectorExpr); ok && inner.Sel.Name == "ObjectMeta" {
			return inner.X
		}
		return e.X
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "GetResourceVersion" && len(e.Args) == 0 {
			return sel.X
		}
	}
	return nil
}

// copiesEmptyVersion reports whether e reads the resourceVersion of an
// object that was never filled (a Get that failed with NotFound, a fresh
// object): copying it gives none.
func (a *analysis) copiesEmptyVersion(e ast.Expr) bool {
	src := versionOf(e)
	if src == nil {
		return false
	}
	set := a.peek(src)
	if len(set) == 0 {
		return false
	}
	for _, id := range set {
		if a.facts(id).Has(Foreign | Filled | DecodedBits | Escaped | Captured | UnknownChange) {
			return false
		}
	}
	return true
}

// throughReference reports whether the location e, inside the object
// root, is reached through a map, a slice, a pointer or a getter's
// result rather than through struct fields only: a shallow copy of the
// object shares it.
func (a *analysis) throughReference(e, root ast.Expr) bool {
	info := a.pkg.info
	for cur := e; cur != nil && cur != root; {
		switch x := cur.(type) {
		case *ast.ParenExpr:
			cur = x.X
		case *ast.StarExpr:
			if ast.Unparen(x.X) != root {
				return true
			}
			cur = x.X
		case *ast.IndexExpr:
			t := info.TypeOf(x.X)
			if t == nil {
				return false
			}
			switch under(t).(type) {
			case *types.Map, *types.Slice, *types.Pointer:
				return true
			}
			cur = x.X
		case *ast.SelectorExpr:
			t := info.TypeOf(x.X)
			if t == nil {
				return false
			}
			if _, ptr := under(t).(*types.Pointer); ptr && ast.Unparen(x.X) != root {
				return true
			}
			cur = x.X
		case *ast.CallExpr:
			return true // obj.GetAnnotations()[k]: the getter's map
		default:
			return false
		}
	}
	return false
}

// isVersionField reports whether a write to path may set the object's
// resourceVersion: the field itself, the whole metadata, the content of
// an unstructured object.
func isVersionField(path []string) bool {
	switch path[0] {
	case "ResourceVersion", "ObjectMeta", "Object":
		return true
	}
	return false
}

// stripAddr is astx.StripAddr without the flag.
func stripAddr(e ast.Expr) ast.Expr {
	e, _ = astx.StripAddr(e)
	return e
}

// under returns the underlying type of t, nil for nil (an expression of a
// package that did not type-check has no type).
func under(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return types.Unalias(t).Underlying()
}
