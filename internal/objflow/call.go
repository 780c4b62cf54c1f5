package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/opvet/opvet/internal/k8s"
)

// call applies a call and returns the objects each of its results may
// denote.
func (a *analysis) call(call *ast.CallExpr) []Set {
	info := a.pkg.info
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 {
			return []Set{a.conversion(call)}
		}
		return nil
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			return a.builtin(call, b.Name())
		}
	}
	fn := k8s.Callee(info, call)
	var recv Set
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && info.Selections[sel] != nil {
		if name := sel.Sel.Name; name == "DeepCopy" || name == "DeepCopyInto" {
			// obj.Status.DeepCopy(), obj.Status.DeepCopyInto(&saved); a
			// method that sets the status (Status.SetPhase) saves nothing.
			a.noteStatusCopy(sel.X)
		}
		recv = a.eval(sel.X)
		// After the call's effects, also on the early return below (no
		// object handed: obj.Status is no object).
		defer a.fieldMethod(call, sel, fn)
	} else if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); !lit {
		a.eval(call.Fun) // a literal called here runs below (callLocalLit)
	}
	site := &CallSite{Call: call, Callee: fn, Recv: recv, Args: make([]Set, len(call.Args))}
	handed := recv != nil
	cb := a.callbackArg(call, nil)
	for i, arg := range call.Args {
		if cb.arg != nil && ast.Unparen(arg) == cb.arg {
			continue // run below, as the call runs it (inline.go)
		}
		a.noteStatusCopy(arg)
		site.Args[i] = a.eval(arg)
		if k8s.IsContentMap(info.TypeOf(arg)) && !k8s.IsNestedWrite(fn) {
			site.Args[i] = nil // an object's content map, read
		}
		handed = handed || site.Args[i] != nil
	}
	if cb.arg != nil {
		a.runCallback(cb, site.Args)
		site.given = cb.given()
	}
	if !handed && !a.mayMatter(call, fn) {
		return nil // no object in, none out: nothing to follow or record
	}
	a.argObjects(site)
	site.state = a.cur
	a.last = nil
	site.Results = a.effects(site)
	a.unsummarizedHolderCall(call, fn)
	if a.recording {
		a.out.record(site, a.atExit > 0)
	}
	return site.Results
}

// unsummarizedHolderCall handles a method called on a local holder whose
// summary is unknown (recursion): the objects in its fields escape, and
// the fields hold unknown objects after the call.
func (a *analysis) unsummarizedHolderCall(call *ast.CallExpr, fn *types.Func) {
	if fn == nil || fn.Pkg() != a.pkg.types {
		return // holders are followed only through functions of the package
	}
	exprs := call.Args
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		exprs = append([]ast.Expr{sel.X}, exprs...)
	}
	for _, e := range exprs {
		h := a.holderOf(e)
		if h == nil || a.pkg.summaryOf(fn, a) != nil {
			continue
		}
		a.holderFields(h, func(f *types.Var) {
			if set, ok := a.getVar(a.slot(h, f)); ok {
				a.addBits(set, Escaped)
			}
		})
		a.resetHolder(h, call)
	}
}

// argObjects records the objects whose fields the arguments of a call
// are (append(obj.Finalizers, f), &obj.Status.Conditions).
func (a *analysis) argObjects(site *CallSite) {
	for i, arg := range site.Call.Args {
		obj, path, ok := a.objectPath(stripAddr(arg))
		if !ok || len(path) == 0 {
			continue
		}
		if site.ArgObjects == nil {
			site.ArgObjects = make([]Set, len(site.Call.Args))
		}
		site.ArgObjects[i] = a.peek(obj)
	}
}

// readNames and decodeNames are the names of the calls that k8s.ClassifyRead
// and k8s.ClassifyDecode may recognize.
var (
	readNames   = map[string]bool{"Get": true, "List": true, "GetByKey": true, "ByIndex": true}
	decodeNames = map[string]bool{"Unmarshal": true, "Decode": true, "DecodeInto": true}
)

// remember records the facts of the object argument obj of a read or
// write before it, for the path on which it fails.
func (a *analysis) remember(site *CallSite, obj ast.Expr) {
	i := argIndex(site.Call, obj)
	if i < 0 {
		return
	}
	o := &outcome{call: site.Call, before: map[int32]*Facts{}}
	for _, id := range site.Args[i] {
		o.before[id] = a.facts(id)
	}
	a.last = o
}

// mayMatter reports whether a call that is handed no object may still
// matter: it returns objects, takes a field of one by address, sorts a
// slice in place, is a function of the package (its summary), or a
// client call.
func (a *analysis) mayMatter(call *ast.CallExpr, fn *types.Func) bool {
	if fn == nil && a.isLocalLitCall(call) {
		return true
	}
	for _, arg := range call.Args {
		if _, ok := fieldAddr(arg); ok {
			return true
		}
	}
	if mutates, _ := k8s.SliceFunc(fn); mutates {
		return true // it may sort a field of an object
	}
	if _, ok := k8s.ConditionSetObject(a.pkg.info, call); ok {
		return true // it sets a condition of the set's object
	}
	if fn != nil && (fn.Pkg() == a.pkg.types || a.pkg.imported[fn] != nil) {
		return true
	}
	name := k8s.CalleeName(call.Fun)
	if writeNames[name] || readNames[name] || decodeNames[name] {
		return true
	}
	switch t := a.pkg.info.TypeOf(call).(type) {
	case nil:
		return false
	case *types.Tuple:
		for i := 0; i < t.Len(); i++ {
			if a.trackable(t.At(i).Type()) {
				return true
			}
		}
		return false
	default:
		return a.trackable(t)
	}
}

// conversion evaluates T(x). A generic function's fresh object,
// P(new(T)) with P constrained to *T and client.Object, is allocated by
// the conversion: new(T) of a type parameter T is no object by itself.
func (a *analysis) conversion(call *ast.CallExpr) Set {
	s := a.eval(call.Args[0])
	if len(s) > 0 || !isBuiltinNew(a.pkg.info, call.Args[0]) {
		return s
	}
	if t := a.pkg.info.TypeOf(call); a.trackable(t) {
		return Set{a.newValue(Alloc, call, nil, 0, t, 0).ID}
	}
	return s
}

// isBuiltinNew reports whether e is a call of the builtin new.
func isBuiltinNew(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "new"
}

// builtin applies new, append, delete, clear, copy.
func (a *analysis) builtin(call *ast.CallExpr, name string) []Set {
	if a.recording && name == "append" {
		site := &CallSite{Call: call, Args: make([]Set, len(call.Args)), state: a.cur}
		a.argObjects(site)
		defer func() { a.out.record(site, a.atExit > 0) }()
	}
	info := a.pkg.info
	switch name {
	case "new":
		if t := info.TypeOf(call); a.trackable(t) {
			return []Set{{a.newValue(Alloc, call, nil, 0, t, 0).ID}}
		}
		return nil
	case "append":
		var out Set
		for i, arg := range call.Args {
			s := a.eval(arg)
			if i == 0 && !isCollection(info.TypeOf(call)) {
				continue
			}
			out = union(out, s)
		}
		if !a.trackable(info.TypeOf(call)) {
			return nil
		}
		return []Set{out}
	case "copy":
		if len(call.Args) == 2 {
			a.copyElems(call)
			return nil
		}
	case "delete", "clear":
		for _, arg := range call.Args {
			a.eval(arg)
		}
		if len(call.Args) > 0 {
			// The map's or slice's own memory is written.
			a.changeExpr(call.Args[0], Change{Pos: call.Pos(), What: types.ExprString(call), Indirect: true})
		}
		return nil
	}
	for _, arg := range call.Args {
		a.eval(arg)
	}
	return nil
}

// copyElems applies copy(dst, src): a local collection of objects holds
// src's objects too (some of its elements are replaced); a field of an
// object has its elements written in place, a change of that field.
func (a *analysis) copyElems(call *ast.CallExpr) {
	src := a.eval(call.Args[1])
	dst := ast.Unparen(call.Args[0])
	if id, ok := dst.(*ast.Ident); ok {
		if v, ok := a.pkg.info.Uses[id].(*types.Var); ok && a.local(v) && a.followed(v) && isCollection(v.Type()) {
			old, _ := a.getVar(v)
			a.setVar(v, union(old, src))
			return
		}
	}
	a.eval(dst)
	a.changeExpr(dst, Change{Pos: call.Pos(), What: types.ExprString(call), Indirect: true})
}

// results returns one set per result of the call, Unknown objects for
// the trackable ones, with bits added to each.
func (a *analysis) results(call *ast.CallExpr, bits Bits) []Set {
	t := a.pkg.info.TypeOf(call)
	var types_ []types.Type
	if tup, ok := t.(*types.Tuple); ok {
		for i := 0; i < tup.Len(); i++ {
			types_ = append(types_, tup.At(i).Type())
		}
	} else if t != nil {
		types_ = append(types_, t)
	}
	out := make([]Set, len(types_))
	for i, rt := range types_ {
		if a.trackable(rt) {
			val := a.newValue(Unknown, call, nil, i, rt, Foreign|MaybeDeleting|bits)
			out[i] = Set{val.ID}
		}
	}
	return out
}

// effects applies what the call does to the objects it is given, and
// returns its results.
func (a *analysis) effects(site *CallSite) []Set {
	info := a.pkg.info
	call, fn := site.Call, site.Callee
	// The classifiers look at types; names rule most calls out first.
	switch name := k8s.CalleeName(call.Fun); {
	case writeNames[name]:
		if w, ok := k8s.ClassifyWrite(info, call); ok {
			a.remember(site, w.Object)
			return a.write(site, w, nil, nil)
		}
	case readNames[name]:
		if r, ok := k8s.ClassifyRead(info, call); ok && !(r.Cached && a.returnsOwnObjects(fn)) {
			a.remember(site, r.Object)
			return a.read(site, r)
		}
	case decodeNames[name]:
		if d, ok := k8s.ClassifyDecode(info, call); ok {
			return a.decode(site, d)
		}
	}
	if fn == nil {
		if res, ok := a.callLocalLit(site); ok {
			return res
		}
		if res, ok := a.callBound(site); ok {
			return res
		}
		if a.isPredicate(call) {
			// A comparison or filter handed in as a function value
			// (equal func(a, b *T) bool): it reads its arguments.
			return nil
		}
		return a.unknownCall(site, types.ExprString(call.Fun))
	}
	if res, ok := a.contentCall(site, fn); ok {
		return res
	}
	if obj, ok := k8s.ConditionSetObject(info, call); ok {
		// obj.StatusConditions().SetFalse(t, ...): the set writes the
		// object's conditions back with its SetConditions.
		if set := a.peek(obj); len(set) > 0 {
			a.change(set, Change{Pos: call.Pos(), Path: []string{"Status", "Conditions"}, What: types.ExprString(call.Fun), Indirect: true}, obj)
		}
		return a.results(call, 0)
	}
	if k8s.IsConditionSetBinding(fn) {
		return a.results(call, 0) // a view of obj's conditions, as obj.StatusConditions()
	}
	switch {
	case k8s.IsFunc(fn, k8s.APIMeta, "Accessor") && len(site.Args) == 1:
		// The object itself, seen through its metav1.Object methods.
		return []Set{site.Args[0], nil}
	case k8s.IsMergeFrom(fn) && len(site.Args) > 0:
		return a.mergeFrom(site)
	case k8s.IsFunc(fn, k8s.Controllerutil, "AddFinalizer") || k8s.IsFunc(fn, k8s.Controllerutil, "RemoveFinalizer"):
		if len(site.Args) > 0 {
			// Its result says whether it changed anything: where it is
			// false, the object is as it was (assume).
			a.remember(site, call.Args[0])
			// RemoveFinalizer shifts the finalizers in place; an
			// unstructured object keeps them in its Object map.
			indirect := fn.Name() == "RemoveFinalizer" || k8s.IsUnstructured(info.TypeOf(call.Args[0]))
			a.change(site.Args[0], Change{Pos: call.Pos(), Path: []string{"Finalizers"}, What: "controllerutil." + fn.Name(), Indirect: indirect}, call.Args[0])
		}
		return a.results(call, 0)
	case k8s.IsFinalizersFinalize(info, call):
		a.finalize(site)
		return a.results(call, 0)
	case k8s.IsConditionSetter(fn) && len(site.Args) > 0 && len(site.Args[0]) > 0:
		// conditions.MarkTrue(obj, t): the status conditions are set
		// (an existing one updated in place); nothing keeps obj.
		a.change(site.Args[0], Change{Pos: call.Pos(), Path: []string{"Status", "Conditions"}, What: types.ExprString(call.Fun), Indirect: true}, call.Args[0])
		return a.results(call, 0)
	case k8s.IsPatchHelperPatch(fn) && len(site.Args) > 1:
		// The changes made to the object are sent, main resource and
		// status alike; the object itself is not read back.
		a.patchedByHelper(site.Args[1], call.Pos())
		return a.results(call, 0)
	case k8s.IsFunc(fn, k8s.Controllerutil, "SetControllerReference") || k8s.IsFunc(fn, k8s.Controllerutil, "SetOwnerReference"):
		if len(site.Args) > 1 {
			// An existing reference is replaced in place.
			a.change(site.Args[1], Change{Pos: call.Pos(), Path: []string{"OwnerReferences"}, What: "controllerutil." + fn.Name(), Indirect: true}, call.Args[1])
		}
		return a.results(call, 0)
	}
	if site.Recv != nil && k8s.RecvNamed(fn) != nil {
		if res, ok := a.objectMethod(site, fn); ok {
			return res
		}
	}
	if k8s.SpeaksOfDeletion(fn) {
		// A helper that checks or handles deletion: the object's
		// deletion was looked at.
		for i, arg := range call.Args {
			if a.isObject(info.TypeOf(arg)) {
				a.deleting(arg, false)
				_ = i
			}
		}
	}
	if sum := a.pkg.summaryOf(fn, a); sum != nil {
		return a.applySummary(site, fn, sum)
	}
	if mutates, ok := k8s.SliceFunc(fn); ok {
		if mutates && len(call.Args) > 0 {
			a.sortedInPlace(call, fn)
		}
		return a.results(call, 0)
	}
	if k8s.IsReadOnlyCall(fn) {
		a.getterFills(site, fn)
		return a.results(call, 0)
	}
	if k8s.IsInertCall(fn) {
		a.fieldArgs(site, types.ExprString(call.Fun))
		return a.results(call, 0)
	}
	return a.unknownCall(site, types.ExprString(call.Fun))
}

// finalize applies Finalize(ctx, obj) of a finalizer.Finalizers: it adds
// or removes finalizers of obj in memory (a removal shifts the list in
// place). Its outcome is remembered: where its Result's Updated is false,
// obj is as it was. Its error is not bound to it: Finalize runs every
// finalizer and removes those that succeeded, so it may have changed obj
// and fail too (operator-controller#1283: the status of the failure is
// written, then the finalizers another finalizer's success removed).
func (a *analysis) finalize(site *CallSite) {
	obj := site.Call.Args[1]
	a.remember(site, obj)
	a.change(site.Args[1], Change{Pos: site.Call.Pos(), Path: []string{"Finalizers"}, What: "Finalizers.Finalize", Indirect: true}, obj)
}

// returnsOwnObjects reports whether fn, a read of a shared cache by its
// name and shape (a lister's Get or List), is a function of the module
// whose summary says that the objects it returns are the caller's own (a
// test double or wrapper that returns deep copies).
func (a *analysis) returnsOwnObjects(fn *types.Func) bool {
	s := a.pkg.summaryOf(fn, a)
	return s != nil && len(s.Results) > 0 && s.Results[0].Owned
}

// isPredicate reports whether call calls a function value whose only
// result is a bool: a comparison or filter the caller was handed, which
// reads the objects it is given. Calls of other function values (a mutate
// callback) may change anything.
func (a *analysis) isPredicate(call *ast.CallExpr) bool {
	sig, ok := under(a.pkg.info.TypeOf(call.Fun)).(*types.Signature)
	if !ok || sig.Results().Len() != 1 {
		return false
	}
	return isBool(sig.Results().At(0).Type())
}

// isBool reports whether t is a boolean type (bool, or a named type of it).
func isBool(t types.Type) bool {
	b, ok := under(t).(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// getterFills marks Filled the objects handed to a Get-named function of
// another package, other than its receiver (res.GetResource(ctx, name, ns,
// c, obj)): such a function reads the object, as its name says, but may
// fill it from the API server, as client.Reader's Get does.
func (a *analysis) getterFills(site *CallSite, fn *types.Func) {
	if fn.Pkg() == a.pkg.types || !strings.HasPrefix(fn.Name(), "Get") {
		return
	}
	for i, arg := range site.Call.Args {
		t := a.pkg.info.TypeOf(arg)
		if len(site.Args[i]) == 0 || !a.isObject(t) {
			continue
		}
		if _, ptr := under(t).(*types.Pointer); ptr || types.IsInterface(t) {
			a.addBits(site.Args[i], Filled)
		}
	}
}

// unknownCall: objects handed to code opvet cannot see escape and may be
// changed; fields handed by address are changed; a variable handed by
// address may be re-bound.
func (a *analysis) unknownCall(site *CallSite, name string) []Set {
	a.fieldArgs(site, name)
	for i, arg := range site.Call.Args {
		if _, byAddr := fieldAddr(arg); byAddr || len(site.Args[i]) == 0 || site.given[i] {
			continue
		}
		a.addBits(site.Args[i], Escaped)
		a.change(site.Args[i], Change{Pos: site.Call.Pos(), What: name, Presumed: true, Indirect: true}, arg)
	}
	if site.Recv != nil && site.Callee != nil && k8s.RecvNamed(site.Callee) != nil && a.isObject(k8s.RecvNamed(site.Callee)) {
		a.addBits(site.Recv, UnknownChange)
	}
	a.rebindAddressed(site.Call)
	a.holdersTouched(site)
	return a.results(site.Call, 0)
}

// holdersTouched marks the objects loaded from the fields of a holder (a
// struct parameter holding objects) handed to code opvet cannot see: it
// may re-bind those fields (s.reload()).
func (a *analysis) holdersTouched(site *CallSite) {
	for _, set := range append([]Set{site.Recv}, site.Args...) {
		a.touchHolders(set)
	}
}

// touchHolders marks the objects loaded from the fields of the holders
// among set (struct parameters holding objects): code that may re-bind
// those fields was called.
func (a *analysis) touchHolders(set Set) {
	for _, h := range set {
		if v := a.vals.all[h]; v.Kind != Param || a.isObject(v.Type) {
			continue
		}
		for _, id := range a.vals.loadsOf[h] {
			if _, ok := pget(a.cur.facts, id); ok {
				a.addBits(Set{id}, Captured)
			}
		}
	}
}

// rebindAddressed gives the pointer and interface variables handed by
// address to a call (load(&obj)) an unknown object: the callee may have
// re-bound them.
func (a *analysis) rebindAddressed(call *ast.CallExpr) {
	info := a.pkg.info
	for i, arg := range call.Args {
		u, ok := ast.Unparen(arg).(*ast.UnaryExpr)
		if !ok || u.Op != token.AND {
			continue
		}
		id, ok := ast.Unparen(u.X).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := info.Uses[id].(*types.Var)
		if !ok || !a.local(v) || !a.trackable(v.Type()) || isStructValue(v.Type()) {
			continue
		}
		a.setVar(v, Set{a.newValue(Unknown, call, nil, 100+i, v.Type(), Foreign|MaybeDeleting).ID})
	}
}

// fieldArgs records &obj.Field arguments as changes of the field: seen
// for the functions known to change it (meta.SetStatusCondition),
// presumed for the others.
func (a *analysis) fieldArgs(site *CallSite, name string) {
	indirect, known := k8s.FieldMutator(site.Callee)
	for _, arg := range site.Call.Args {
		if x, ok := fieldAddr(arg); ok {
			a.changeExpr(x, Change{Pos: site.Call.Pos(), What: name, Presumed: !known, Indirect: indirect || !known})
		}
	}
}

// sortedInPlace records the change that a function of sort or slices
// makes to the slice it is given, when that slice is a field of an object
// (sort.Strings(obj.Finalizers), slices.SortFunc(obj.Status.Conditions,
// cmp); a type conversion such as ByTime(obj.Status.Conditions) does not
// matter). A local slice of pointers to objects is reordered, and the
// objects are left as they were.
func (a *analysis) sortedInPlace(call *ast.CallExpr, fn *types.Func) {
	arg := ast.Unparen(call.Args[0])
	if conv, ok := arg.(*ast.CallExpr); ok && len(conv.Args) == 1 {
		if tv, ok := a.pkg.info.Types[conv.Fun]; ok && tv.IsType() {
			arg = ast.Unparen(conv.Args[0])
		}
	}
	if _, path, ok := a.objectPath(arg); ok && len(path) == 0 {
		return // the object itself, not a slice field of it
	}
	a.changeExpr(arg, Change{Pos: call.Pos(), What: types.ExprString(call.Fun), Indirect: true, Reorders: k8s.SliceReorders(fn)})
}

// fieldMethod applies a call of a pointer method on a field of an object
// (obj.Status.SetPhase(p)): Go passes &obj.Status, so unless the method's
// name says it only reads, or it is a known read of an API value type
// (pvc.Status.Capacity.Storage()), the field may be changed, as by a
// function handed &obj.Status. When the method's body is the project's,
// it says: a change seen, or none (recvmethod.go).
func (a *analysis) fieldMethod(call *ast.CallExpr, sel *ast.SelectorExpr, fn *types.Func) {
	x, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok || fn == nil || k8s.HasReadOnlyName(fn.Name()) || k8s.IsReadOnlyMethod(fn) {
		return
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return
	}
	if _, ptr := recv.Type().(*types.Pointer); !ptr {
		return
	}
	if _, ptr := under(a.pkg.info.TypeOf(x)).(*types.Pointer); ptr {
		return // a pointer held in the field: the object behind it is another
	}
	ch := Change{Pos: call.Pos(), What: types.ExprString(call.Fun), Presumed: true, Indirect: true}
	switch a.pkg.receiverEffect(fn) {
	case recvReads:
		return
	case recvChanges:
		ch.Presumed, ch.Indirect = false, false
	case recvChangesIndirect:
		ch.Presumed = false
	}
	a.changeExpr(x, ch)
}

// fieldAddr returns x of an argument &x where x selects a field.
func fieldAddr(arg ast.Expr) (ast.Expr, bool) {
	u, ok := ast.Unparen(arg).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return nil, false
	}
	x := ast.Unparen(u.X)
	if _, ok := x.(*ast.SelectorExpr); ok {
		return x, true
	}
	return nil, false
}

// writeVia applies a write made by via, a function of the package, of
// the objects obj of one of its arguments; before are the facts via gave
// the object itself before writing it.
func (a *analysis) writeVia(site *CallSite, w k8s.Write, via *types.Func, obj Set, before Bits, later [][]string, index int, field string, at *ast.CallExpr, object ast.Expr) {
	if a.recording {
		// The state when this write of the callee happens: after the
		// callee's earlier writes of the object, at the same call.
		now := *site
		now.state = a.cur
		a.out.addWrite(writeKey{site.Call, via, index},
			&WriteSite{CallSite: &now, Write: w, Object: obj, Via: via, Before: before, Later: later, Field: field, At: at, fieldExpr: object, index: index}, a.atExit > 0)
	}
	a.sent(obj, Send{Pos: site.Call.Pos(), Op: w.Op, Subresource: w.Subresource}, w.API)
}

// write applies a write to the API server. via is the function of the
// package that makes the write for its caller (nil for a direct write),
// and obj then the objects of its argument.
func (a *analysis) write(site *CallSite, w k8s.Write, via *types.Func, obj Set) []Set {
	call := site.Call
	if via == nil {
		if i := argIndex(call, w.Object); i >= 0 {
			obj = site.Args[i]
		}
	}
	if a.recording && (obj != nil || via == nil) {
		kind := w.Kind
		if via != nil {
			kind = nil
		}
		a.out.addWrite(writeKey{site.Call, via, 0}, &WriteSite{CallSite: site, Write: w, Object: obj, Via: via, kind: kind}, a.atExit > 0)
	}
	a.sent(obj, Send{Pos: call.Pos(), Op: w.Op, Subresource: w.Subresource}, w.API)
	if via != nil {
		return nil
	}
	if i := argIndex(call, w.Object); i >= 0 && k8s.IsDeepCopyCall(call.Args[i]) {
		a.persistedFromCopy(site.Args[i], w)
	}
	// Typed and dynamic clients return the object the server stored.
	out := a.results(call, Filled)
	if w.API == k8s.APITyped {
		a.emptyOnFailure(call, out)
	}
	return out
}

// SendBit is the bit that a send of the operation op to the subresource
// gives the object sent.
func SendBit(op k8s.WriteOp, subresource string) Bits {
	switch {
	case op == k8s.OpCreate || op == k8s.OpCreateOrUpdate || op == k8s.OpApply:
		return Created
	case subresource == k8s.SubMain:
		return SentMain
	case subresource == k8s.SubStatus:
		return SentStatus
	}
	return SentOther
}

// emptyOnFailure records that the objects a typed client's call returns
// are empty on the path where it fails: client-go's generated clients
// decode the answer into a new object and return it with the error,
// unfilled (no name, no resourceVersion).
func (a *analysis) emptyOnFailure(call *ast.CallExpr, results []Set) {
	if a.last == nil || a.last.call != call {
		a.last = &outcome{call: call, before: map[int32]*Facts{}}
	}
	for _, set := range results {
		for _, id := range set {
			a.last.before[id] = &Facts{}
		}
	}
}

// persistedFromCopy applies an Update or Patch of a deep copy made in the
// call's argument (r.Update(ctx, obj.DeepCopy())): the copy holds obj's
// changes, so those of the part the write persists (all but the status
// for the main resource, only the status for the status subresource) are
// saved, and obj keeps the others in memory, unsent, with no answer
// decoded into it. obj is not sent: its other changes are still pending
// and a later write of obj itself sends them.
func (a *analysis) persistedFromCopy(copies Set, w k8s.Write) {
	if w.Op != k8s.OpUpdate && w.Op != k8s.OpPatch {
		return
	}
	persisted := persistedBy(w.Subresource)
	if persisted == nil {
		return
	}
	for _, c := range copies {
		for _, id := range a.facts(c).Sources {
			f := a.facts(id)
			if !slices.ContainsFunc(f.Changes, persisted) {
				continue
			}
			a.setFacts(id, f.with(func(f *Facts) {
				f.Changes = slices.DeleteFunc(slices.Clone(f.Changes), persisted)
			}))
		}
	}
}

// persistedBy returns the test of the changes that a write of the
// subresource persists: all but the status for the main resource, only
// the status for the status subresource; nil for another subresource.
func persistedBy(subresource string) func(Change) bool {
	switch subresource {
	case k8s.SubMain:
		return func(ch Change) bool { return len(ch.Path) > 0 && ch.Path[0] != "Status" }
	case k8s.SubStatus:
		return func(ch Change) bool { return len(ch.Path) > 0 && ch.Path[0] == "Status" }
	}
	return nil
}

// sent records a write of the objects of set.
func (a *analysis) sent(set Set, s Send, api k8s.WriteAPI) {
	bits := SendBit(s.Op, s.Subresource)
	// controller-runtime decodes the server's answer into the object:
	// it now holds a resourceVersion, and what the server stored, so the
	// changes made before the write are either persisted or reverted.
	decoded := api == k8s.APIControllerRuntime || api == k8s.APIControllerutil
	if decoded {
		bits |= Filled
	}
	// A typed or dynamic client's Update sends the object and returns the
	// answer as a new object: the object keeps its changes in memory, and
	// those of the part the write persists are no longer pending (the
	// others are, for a later write of the other part to send).
	var persisted func(Change) bool
	if !decoded && s.Op == k8s.OpUpdate {
		persisted = a.persistedByAll(set, persistedBy(s.Subresource))
	}
	for _, id := range set {
		a.setFacts(id, a.facts(id).with(func(f *Facts) {
			f.gain(bits)
			f.Sends = addSend(f.Sends, s)
			switch {
			case decoded && len(set) == 1:
				settle(f)
			case persisted != nil && slices.ContainsFunc(f.Changes, persisted):
				f.Changes = slices.DeleteFunc(slices.Clone(f.Changes), persisted)
			}
		}))
	}
}

// persistedByAll narrows persisted, the changes that a write of an
// object persists, to those that every object of set holds: when the
// variable written may hold one of several objects, a change made
// through it was made to whichever it holds, and the write sends that
// one; a change that only some of them hold was made through another
// name, to an object the write may not send.
func (a *analysis) persistedByAll(set Set, persisted func(Change) bool) func(Change) bool {
	if persisted == nil || len(set) < 2 {
		return persisted
	}
	holds := func(f *Facts, ch Change) bool {
		return f != nil && slices.ContainsFunc(f.Changes, func(c Change) bool { return sameChange(c, ch) })
	}
	// Decided before the write changes any of the objects' facts.
	var common []Change
	if first := a.facts(set[0]); first != nil {
		for _, ch := range first.Changes {
			if persisted(ch) && !slices.ContainsFunc(set[1:], func(id int32) bool { return !holds(a.facts(id), ch) }) {
				common = append(common, ch)
			}
		}
	}
	if len(common) == 0 {
		return nil
	}
	return func(ch Change) bool {
		return slices.ContainsFunc(common, func(c Change) bool { return sameChange(c, ch) })
	}
}

// patchedByHelper applies cluster-api's patch helper's Patch of the
// objects of set: the main resource and the status are sent (a patch of
// the main resource, for checks that ask whether it was saved, such as
// finalizers' on a deferred patch), with no write site of its own, and a
// change made before it is no longer pending, as after a
// controller-runtime write.
func (a *analysis) patchedByHelper(set Set, pos token.Pos) {
	send := Send{Pos: pos, Op: k8s.OpPatch, Subresource: k8s.SubMain}
	for _, id := range set {
		a.setFacts(id, a.facts(id).with(func(f *Facts) {
			f.Bits |= SentMain | SentStatus
			f.Sends = addSend(f.Sends, send)
			if len(set) == 1 {
				settle(f)
			}
		}))
	}
}

// settle marks the changes made to an object as no longer pending: they
// were sent, or the object was read back from the server.
func settle(f *Facts) {
	f.Changes = nil
	f.Bits &^= StatusCopied
}

// read applies a read: the object read into, or returned, comes from the
// API server or a cache.
func (a *analysis) read(site *CallSite, r k8s.Read) []Set {
	bits := Filled | MaybeDeleting
	switch {
	case r.Cached && r.Shallow:
		bits |= SharesCache
	case r.Cached:
		bits |= Cached
	}
	if i := argIndex(site.Call, r.Object); i >= 0 {
		set := site.Args[i]
		if a.recording {
			a.out.addRead(&ReadSite{CallSite: site, Into: set, IntoExpr: site.Call.Args[i]})
		}
		keep := len(set) == 1 && a.keepsDeletionCheck(site.Call, i, set[0])
		for _, id := range set {
			a.setFacts(id, a.facts(id).with(func(f *Facts) {
				if keep {
					f.gain(bits &^ MaybeDeleting)
				} else {
					f.gain(bits)
					f.Bits &^= Deleting
				}
				if len(set) == 1 {
					// The object now holds what the server stored: the
					// changes made to it before are gone.
					settle(f)
				}
			}))
		}
	}
	out := a.results(site.Call, bits)
	if a.recording && argIndex(site.Call, r.Object) < 0 {
		// A typed or dynamic client returns the object it read.
		var into Set
		for _, set := range out {
			into = union(into, set)
		}
		if into != nil {
			a.out.addRead(&ReadSite{CallSite: site, Into: into})
		}
	}
	if r.Cached {
		a.itemResults(site.Call, out, bits)
	}
	return out
}

// itemResults gives the results of a cache read that hold its items as
// interface{} values (a store's GetByKey, an indexer's ByIndex) Unknown
// objects with bits, so that their type assertions are followed.
func (a *analysis) itemResults(call *ast.CallExpr, out []Set, bits Bits) {
	tup, ok := a.pkg.info.TypeOf(call).(*types.Tuple)
	for i := range out {
		t := a.pkg.info.TypeOf(call)
		if ok {
			t = tup.At(i).Type()
		}
		if out[i] == nil && isItem(t) {
			out[i] = Set{a.newValue(Unknown, call, nil, i, t, Foreign|MaybeDeleting|bits).ID}
		}
	}
}

// decode applies a decoder: the object decoded into, or returned, is
// built from bytes.
func (a *analysis) decode(site *CallSite, d k8s.Decode) []Set {
	bits := DecodedBits
	if a.encodesHeldObject(site.Call.Args[d.Data]) {
		bits |= Foreign
	}
	if d.Into >= 0 && d.Into < len(site.Args) {
		a.addBits(site.Args[d.Into], bits)
		if len(site.Args[d.Into]) == 0 {
			// Decoded into a field of an object (&u.Object of an
			// unstructured object): the object's content comes from the
			// bytes.
			if obj, path, ok := a.objectPath(stripAddr(site.Call.Args[d.Into])); ok && len(path) > 0 {
				a.addBits(a.peek(obj), bits)
			}
		}
		return a.results(site.Call, 0)
	}
	out := a.results(site.Call, 0)
	if len(out) > 0 && out[0] != nil {
		val := a.newValue(Decoded, site.Call, nil, 0, a.pkg.info.TypeOf(site.Call), bits)
		out[0] = Set{val.ID}
	}
	return out
}

// mergeFrom makes a patch whose base is the first argument's objects.
func (a *analysis) mergeFrom(site *CallSite) []Set {
	base := site.Args[0]
	p := a.newValue(Patch, site.Call, nil, 0, a.pkg.info.TypeOf(site.Call), 0)
	a.setFacts(p.ID, a.facts(p.ID).with(func(f *Facts) { f.Base = union(f.Base, base) }))
	for _, id := range base {
		a.setFacts(id, a.facts(id).with(func(f *Facts) { f.Patches = union(f.Patches, Set{p.ID}) }))
	}
	return []Set{{p.ID}}
}

// metaSetters map the metav1.Object setters to the fields they set.
var metaSetters = map[string]string{
	"SetLabels": "Labels", "SetAnnotations": "Annotations", "SetFinalizers": "Finalizers",
	"SetOwnerReferences": "OwnerReferences", "SetName": "Name", "SetNamespace": "Namespace",
	"SetGenerateName": "GenerateName", "SetUID": "UID", "SetGeneration": "Generation",
	"SetCreationTimestamp": "CreationTimestamp", "SetDeletionTimestamp": "DeletionTimestamp",
	"SetDeletionGracePeriodSeconds": "DeletionGracePeriodSeconds", "SetManagedFields": "ManagedFields",
	"SetSelfLink": "SelfLink",
}

// objectMethod applies a method called on objects: copies, accessors,
// and methods that may change anything.
func (a *analysis) objectMethod(site *CallSite, fn *types.Func) ([]Set, bool) {
	recvType := a.pkg.info.TypeOf(ast.Unparen(site.Call.Fun).(*ast.SelectorExpr).X)
	if !a.isObject(recvType) {
		return nil, false
	}
	name := fn.Name()
	call := site.Call
	switch {
	case name == "UnstructuredContent" && k8s.IsUnstructured(recvType):
		return []Set{site.Recv}, true // the object's own map
	case name == "DeepCopy" || name == "DeepCopyObject":
		return []Set{a.copyOf(site.Recv, call, a.pkg.info.TypeOf(call), false)}, true
	case name == "DeepCopyInto" && len(site.Args) == 1:
		var bits Bits
		for _, id := range site.Recv {
			bits |= a.facts(id).All() & (Foreign | Filled | DecodedBits)
		}
		a.addBits(site.Args[0], bits|UnknownChange)
		return nil, true
	case name == "SetResourceVersion" && len(call.Args) == 1 && a.copiesEmptyVersion(call.Args[0]):
		return nil, true // a resourceVersion that is empty
	case name == "SetResourceVersion" || name == "SetUnstructuredContent" || name == "UnmarshalJSON":
		a.addBits(site.Recv, Filled|UnknownChange)
		if name == "SetResourceVersion" {
			// Also a change of the field, like obj.ResourceVersion = v
			// (a cached object's, cachemutation).
			a.change(site.Recv, Change{Pos: call.Pos(), Path: []string{"ResourceVersion"}, What: types.ExprString(call.Fun), Indirect: k8s.IsUnstructured(recvType)}, recvExpr(call))
		}
		return nil, true
	case metaSetters[name] != "":
		// An unstructured object keeps its metadata in its Object map.
		c := Change{Pos: call.Pos(), Path: []string{metaSetters[name]}, What: types.ExprString(call.Fun), Indirect: k8s.IsUnstructured(recvType)}
		a.change(site.Recv, c, recvExpr(call))
		return a.results(call, 0), true
	case k8s.IsObjectMetaMethod(fn):
		return a.results(call, 0), true
	case name == "GetObjectKind" || strings.HasPrefix(name, "Get"):
		return a.results(call, 0), true
	}
	if fn.Pkg() == a.pkg.types {
		return nil, false // the package's own method: its summary
	}
	if k8s.HasReadOnlyName(name) {
		return a.results(call, 0), true
	}
	if k8s.IsConditionSet(a.pkg.info.TypeOf(call)) {
		// obj.StatusConditions(): operatorpkg's view of the object's
		// conditions, which changes nothing by itself; a setter called on
		// it at once is the change (ConditionSetObject), one called on a
		// set kept in a variable is not followed.
		return a.results(call, 0), true
	}
	a.addBits(site.Recv, UnknownChange)
	a.change(site.Recv, Change{Pos: call.Pos(), What: types.ExprString(call.Fun), Presumed: true, Indirect: true}, recvExpr(call))
	return a.unknownCall(site, types.ExprString(call.Fun)), true
}

// recvExpr returns x of a method call x.f(...), or nil.
func recvExpr(call *ast.CallExpr) ast.Expr {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		return sel.X
	}
	return nil
}

// argIndex returns the index of the argument e of call, or -1.
func argIndex(call *ast.CallExpr, e ast.Expr) int {
	if e == nil {
		return -1
	}
	for i, arg := range call.Args {
		if arg == e || ast.Unparen(arg) == ast.Unparen(e) {
			return i
		}
	}
	return -1
}
