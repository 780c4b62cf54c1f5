package k8s

import (
	"go/ast"
	"go/types"
)

// Import paths of the packages that run a callback before they return.
const (
	Retry = "k8s.io/client-go/util/retry"
	Wait  = "k8s.io/apimachinery/pkg/util/wait"
)

// APICall is one classified call that sends a request to the API server
// and takes a context: a read, a write or a delete.
type APICall struct {
	Call *ast.CallExpr
	API  WriteAPI
	// Method is the called method's or function's name.
	Method string
	// Name names the call in messages: "Get", "Status().Update",
	// "UpdateStatus".
	Name string
	// Ctx is the context argument.
	Ctx ast.Expr
}

// ClassifyAPICall classifies call as a request to the API server that
// takes a context: the controller-runtime client (Get, List, Create,
// Update, Patch, Apply, Delete, DeleteAllOf, and their status and
// subresource forms), controllerutil.CreateOrUpdate and CreateOrPatch,
// the dynamic client, and client-go typed clients (also generated for
// CRDs), recognized by their shape: a context first and a metav1 options
// struct (GetOptions, ListOptions, DeleteOptions, ...) among the
// parameters.
func ClassifyAPICall(info *types.Info, call *ast.CallExpr) (APICall, bool) {
	if len(call.Args) == 0 {
		return APICall{}, false
	}
	if w, ok := ClassifyWrite(info, call); ok {
		return APICall{Call: call, API: w.API, Method: w.Method, Name: w.CallName(), Ctx: call.Args[0]}, true
	}
	fn := Callee(info, call)
	if fn == nil || !firstParamIsContext(fn) {
		return APICall{}, false
	}
	if _, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr); !isSel || RecvNamed(fn) == nil {
		return APICall{}, false
	}
	api := classifyOtherCall(fn)
	if api == 0 {
		return APICall{}, false
	}
	return APICall{Call: call, API: api, Method: fn.Name(), Name: fn.Name(), Ctx: call.Args[0]}, true
}

// classifyOtherCall recognizes the reads and deletes that ClassifyWrite
// leaves out.
func classifyOtherCall(fn *types.Func) WriteAPI {
	recv := RecvNamed(fn).Obj()
	switch PkgPath(recv.Pkg()) {
	case Client:
		switch recv.Name() {
		case "Reader", "Writer", "Client", "WithWatch", "SubResourceReader", "SubResourceClient":
			switch fn.Name() {
			case "Get", "List", "Delete", "DeleteAllOf", "Watch":
				return APIControllerRuntime
			}
		}
		return 0
	case Dynamic:
		if n := recv.Name(); n == "ResourceInterface" || n == "NamespaceableResourceInterface" {
			return APIDynamic
		}
		return 0
	}
	if takesOptionsStruct(fn) {
		return APITyped
	}
	return 0
}

// optionsStructs are the metav1 options that client-go's typed clients
// take, one per verb.
var optionsStructs = map[string]bool{
	"GetOptions": true, "ListOptions": true, "CreateOptions": true, "UpdateOptions": true,
	"PatchOptions": true, "DeleteOptions": true, "ApplyOptions": true,
}

func takesOptionsStruct(fn *types.Func) bool {
	params := fn.Type().(*types.Signature).Params()
	for i := 1; i < params.Len(); i++ {
		if n := NamedOf(params.At(i).Type()); n != nil && PkgPath(n.Obj().Pkg()) == MetaV1 && optionsStructs[n.Obj().Name()] {
			return true
		}
	}
	return false
}

func firstParamIsContext(fn *types.Func) bool {
	params := fn.Type().(*types.Signature).Params()
	return params.Len() > 0 && IsNamed(params.At(0).Type(), "context", "Context")
}

// RunsCallbackBeforeReturn reports whether fn calls the functions it is
// given before it returns (and never after): client-go's retry.OnError
// and RetryOnConflict, apimachinery's wait.ExponentialBackoff and Poll
// functions, and controllerutil's CreateOrUpdate and CreateOrPatch (the
// mutate function). A function literal passed to one of them runs as part
// of the caller.
func RunsCallbackBeforeReturn(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil {
		return false
	}
	switch PkgPath(fn.Pkg()) {
	case Retry:
		return fn.Name() == "OnError" || fn.Name() == "RetryOnConflict"
	case Wait:
		switch fn.Name() {
		case "ExponentialBackoff", "ExponentialBackoffWithContext", "Poll", "PollImmediate", "PollInfinite",
			"PollImmediateInfinite", "PollUntilContextTimeout", "PollUntilContextCancel":
			return true
		}
	case Controllerutil:
		return fn.Name() == "CreateOrUpdate" || fn.Name() == "CreateOrPatch"
	}
	return false
}

// SyncCallback reports whether fn calls the function it is given as its
// last argument only before it returns, and never keeps it: client-go's
// retry.OnError and RetryOnConflict, apimachinery's wait.ExponentialBackoff
// and Poll functions, meta.EachListItem, and the functions of the standard
// library's sort and slices that take one (sort.Slice, slices.SortFunc,
// slices.IndexFunc, ...; SliceFunc). once is set when fn calls it
// at least once (retries and immediate polls); the others may not call
// it at all (an empty list, a poll that times out first). Unlike
// RunsCallbackBeforeReturn it leaves out controllerutil's mutate
// functions, which the object flow treats as a write of their own.
func SyncCallback(fn *types.Func) (once, ok bool) {
	if fn == nil {
		return false, false
	}
	if sig := fn.Type().(*types.Signature); sig.Recv() != nil || sig.Params().Len() == 0 {
		return false, false
	}
	switch PkgPath(fn.Pkg()) {
	case Retry:
		return true, fn.Name() == "OnError" || fn.Name() == "RetryOnConflict"
	case Wait:
		switch fn.Name() {
		case "ExponentialBackoff", "ExponentialBackoffWithContext", "PollImmediate", "PollImmediateInfinite":
			return true, true
		case "Poll", "PollInfinite", "PollUntilContextTimeout", "PollUntilContextCancel":
			return false, true
		}
	case APIMeta:
		return false, fn.Name() == "EachListItem" || fn.Name() == "EachListItemWithAlloc"
	case "sort", "slices":
		// Each may call it no time at all (an empty or one-element slice).
		return false, sliceCallbacks[fn.Name()]
	}
	return false, false
}

// sliceCallbacks are the functions of sort and slices whose last
// argument is a function they call.
var sliceCallbacks = map[string]bool{
	"Slice": true, "SliceStable": true, "SliceIsSorted": true, "Search": true, "Find": true,
	"SortFunc": true, "SortStableFunc": true, "IsSortedFunc": true, "IndexFunc": true, "ContainsFunc": true,
	"DeleteFunc": true, "CompactFunc": true, "EqualFunc": true, "CompareFunc": true, "BinarySearchFunc": true,
	"MaxFunc": true, "MinFunc": true,
}

// sliceMutators are the functions of sort and slices that change the
// elements of the slice they are given (their first argument) in place:
// they sort, reverse, delete from or insert into it.
var sliceMutators = map[string]bool{
	"Sort": true, "Stable": true, "Slice": true, "SliceStable": true, "Strings": true, "Ints": true,
	"Float64s": true, "SortFunc": true, "SortStableFunc": true, "Reverse": true, "Delete": true,
	"DeleteFunc": true, "Compact": true, "CompactFunc": true, "Insert": true, "Replace": true,
}

// SliceFunc reports whether fn is a function of the standard library's
// sort or slices packages, which neither keep, persist nor fill what
// they are given, and whether it changes the elements of its first
// argument in place (sort.Strings, slices.SortFunc, slices.DeleteFunc;
// sort.Reverse only wraps its argument, slices.Reverse reverses it).
func SliceFunc(fn *types.Func) (mutates, ok bool) {
	if fn == nil || fn.Type().(*types.Signature).Recv() != nil {
		return false, false
	}
	switch PkgPath(fn.Pkg()) {
	case "sort":
		return sliceMutators[fn.Name()] && fn.Name() != "Reverse", true
	case "slices":
		return sliceMutators[fn.Name()], true
	}
	return false, false
}

// SliceReorders reports whether fn, a function of sort or slices, only
// reorders the slice it is given (sort.Strings, slices.SortFunc,
// slices.Reverse), unlike slices.Delete or slices.Insert.
func SliceReorders(fn *types.Func) bool {
	mutates, ok := SliceFunc(fn)
	return ok && mutates && !sliceResizers[fn.Name()]
}

// sliceResizers are the functions of slices that add, drop or replace
// elements of the slice they are given.
var sliceResizers = map[string]bool{
	"Delete": true, "DeleteFunc": true, "Compact": true, "CompactFunc": true, "Insert": true, "Replace": true,
}

// syncCallbackNames are the names of the functions SyncCallback accepts
// outside sort and slices (sliceCallbacks).
var syncCallbackNames = map[string]bool{
	"OnError": true, "RetryOnConflict": true, "ExponentialBackoff": true, "ExponentialBackoffWithContext": true,
	"PollImmediate": true, "PollImmediateInfinite": true, "Poll": true, "PollInfinite": true,
	"PollUntilContextTimeout": true, "PollUntilContextCancel": true, "EachListItem": true, "EachListItemWithAlloc": true,
}

// IsSyncCallbackName reports whether a function of that name may be one
// SyncCallback accepts, to rule calls out before any type lookup.
func IsSyncCallbackName(name string) bool {
	return syncCallbackNames[name] || sliceCallbacks[name]
}

// IsReconcileResult reports whether t is reconcile.Result (ctrl.Result is
// an alias of it).
func IsReconcileResult(t types.Type) bool {
	if _, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		return false
	}
	return IsNamed(t, Reconcile, "Result")
}

// Finalizer is controller-runtime's finalizer package: a set of named
// finalizers that Finalize adds to an object or runs and removes.
const Finalizer = "sigs.k8s.io/controller-runtime/pkg/finalizer"

// IsFinalizersFinalize reports whether call is Finalize(ctx, obj) of a
// finalizer.Finalizers (finalizer.NewFinalizers()): it adds each
// registered finalizer to obj when obj is not being deleted and, when it
// is, runs each and removes those that succeeded, in memory only; the
// Result's Updated says whether it changed obj. A single registered
// Finalizer's Finalize, called directly, changes no finalizer list.
func IsFinalizersFinalize(info *types.Info, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Finalize" || len(call.Args) != 2 {
		return false
	}
	return IsNamed(info.TypeOf(sel.X), Finalizer, "Finalizers")
}

// IsFinalizerResult reports whether t is finalizer.Result, whose Updated
// and StatusUpdated say what Finalize changed.
func IsFinalizerResult(t types.Type) bool {
	return IsNamed(t, Finalizer, "Result")
}
