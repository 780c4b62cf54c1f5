package k8s

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
)

// Read is a call that fills an object from the API server or a cache.
type Read struct {
	// Object is the argument filled (client.Reader's Get and List), or
	// nil when the call returns the object (typed and dynamic clients,
	// listers).
	Object ast.Expr
	// Cached tells the object is shared with a cache: a lister or
	// indexer result, or a controller-runtime read with
	// UnsafeDisableDeepCopy.
	Cached bool
	// Shallow tells a cached object is a shallow copy of the cache's: a
	// controller-runtime read with UnsafeDisableDeepCopy copies the
	// struct into the object given (Items elements for List), so only
	// its maps, slices and pointers are the cache's.
	Shallow bool
}

// ClassifyRead recognizes reads: controller-runtime's client.Reader Get
// and List (on a client, a cache or a reader), client-go typed and dynamic
// Get and List, and the reads of client-go's caches, whose results are
// shared: listers (Get, List; generated for built-in kinds and CRDs, the
// generic listers.ResourceIndexer, cache.GenericLister) and
// stores/indexers (Get, GetByKey, List, ByIndex, Index).
func ClassifyRead(info *types.Info, call *ast.CallExpr) (Read, bool) {
	fn := Callee(info, call)
	if fn == nil {
		return Read{}, false
	}
	recv := RecvNamed(fn)
	if recv == nil {
		return Read{}, false
	}
	if isCacheRead(fn, recv) {
		return Read{Cached: true}, true
	}
	if fn.Name() != "Get" && fn.Name() != "List" {
		return Read{}, false
	}
	path := PkgPath(recv.Obj().Pkg())
	switch {
	case path == Client || path == CtrlCache:
		i := 2
		if fn.Name() == "List" {
			i = 1
		}
		cached := hasUnsafeDisableDeepCopy(info, call.Args[min(i+1, len(call.Args)):])
		return Read{Object: arg(call, i), Cached: cached, Shallow: cached}, true
	case isListerMethod(fn):
		return Read{Cached: true}, true
	case hasReaderOptions(fn):
		// A project's interface that declares client.Reader's Get or
		// List, options and all (type migratorClient interface { Get(ctx,
		// key, obj, ...client.GetOption) error; Status() ... }), so that
		// a client.Client can be handed in: it reads like client.Reader.
		i := 2
		if fn.Name() == "List" {
			i = 1
		}
		return Read{Object: arg(call, i)}, true
	case path == Dynamic:
		return Read{}, fn.Name() == "Get" || fn.Name() == "List"
	}
	return Read{}, isTypedRead(fn)
}

// MayReadCache reports whether the package pkg, described by info, may
// read a shared cache: it calls a read method of a client-go store,
// indexer or lister, or uses client.UnsafeDisableDeepCopy. It looks at
// the selections the type checker recorded, and at the selector
// expressions of the files (in) only when pkg imports controller-runtime's
// client, as naming its option requires: a prefilter for whole packages.
func MayReadCache(pkg *types.Package, info *types.Info, in *inspector.Inspector) bool {
	for _, sel := range info.Selections {
		fn, ok := sel.Obj().(*types.Func)
		if !ok || !cacheReads[fn.Name()] {
			continue
		}
		if recv := RecvNamed(fn); recv != nil && (isCacheRead(fn, recv) || isListerMethod(fn)) {
			return true
		}
	}
	if !Imports(pkg, Client) {
		return false
	}
	return namesUnsafeDisableDeepCopy(info, in)
}

// namesUnsafeDisableDeepCopy reports whether the files of in name
// controller-runtime's UnsafeDisableDeepCopy option (or its type): as a
// qualified identifier, among the selector expressions (far fewer than
// the identifiers, and found without touching each), or, in a package
// with a file that dot-imports the client package, among all its uses.
func namesUnsafeDisableDeepCopy(info *types.Info, in *inspector.Inspector) bool {
	isOption := func(id *ast.Ident) bool {
		if id.Name != "UnsafeDisableDeepCopy" && id.Name != "UnsafeDisableDeepCopyOption" {
			return false // the name first: no map lookup for the other selectors
		}
		obj := info.Uses[id]
		return obj != nil && PkgPath(obj.Pkg()) == Client
	}
	for fc := range in.Root().Children() {
		f, ok := fc.Node().(*ast.File)
		if !ok {
			continue
		}
		for _, imp := range f.Imports {
			if imp.Name != nil && imp.Name.Name == "." && strings.Trim(imp.Path.Value, "`\"") == Client {
				for id := range info.Uses {
					if isOption(id) {
						return true
					}
				}
				return false
			}
		}
	}
	for cur := range in.Root().Preorder((*ast.SelectorExpr)(nil)) {
		sel := cur.Node().(*ast.SelectorExpr)
		if isOption(sel.Sel) {
			return true
		}
	}
	return false
}

// cacheReaders are the types of client-go's tools/cache whose reads
// return the cache's own objects, and the names of those reads.
var cacheReaders = map[string]bool{
	"Store": true, "Indexer": true, "ThreadSafeStore": true, "GenericLister": true, "GenericNamespaceLister": true,
}

var cacheReads = map[string]bool{"Get": true, "GetByKey": true, "List": true, "ByIndex": true, "Index": true}

// isCacheRead recognizes the reads of client-go's stores, indexers and
// generic listers, and of the generic listers.ResourceIndexer that
// generated listers embed since client-go v0.31.
func isCacheRead(fn *types.Func, recv *types.Named) bool {
	switch PkgPath(recv.Obj().Pkg()) {
	case ClientGoCache:
		return cacheReaders[recv.Obj().Name()] && cacheReads[fn.Name()]
	case ClientGoListers:
		return recv.Obj().Name() == "ResourceIndexer" && (fn.Name() == "Get" || fn.Name() == "List")
	}
	return false
}

// hasUnsafeDisableDeepCopy reports whether one of the read options is
// client.UnsafeDisableDeepCopy (or an UnsafeDisableDeepCopyOption).
func hasUnsafeDisableDeepCopy(info *types.Info, opts []ast.Expr) bool {
	for _, o := range opts {
		t := info.TypeOf(o)
		if IsNamed(t, Client, "UnsafeDisableDeepCopyOption") {
			return true
		}
		if call, ok := ast.Unparen(o).(*ast.CallExpr); ok {
			if lit, ok := ast.Unparen(call.Fun).(*ast.CompositeLit); ok && IsNamed(info.TypeOf(lit), Client, "UnsafeDisableDeepCopyOption") {
				return true
			}
		}
	}
	return false
}

// isListerMethod recognizes the methods of listers generated by
// lister-gen (k8s.io/client-go/listers/..., and those generated for CRDs):
// Get(name) (*T, error) on a namespace lister and List(selector) ([]*T,
// error), whose receiver type's name ends in "Lister" or
// "NamespaceLister".
func isListerMethod(fn *types.Func) bool {
	recv := RecvNamed(fn)
	if recv == nil {
		return false
	}
	name := recv.Obj().Name()
	if len(name) < len("Lister") || name[len(name)-len("Lister"):] != "Lister" {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() != 2 {
		return false
	}
	switch fn.Name() {
	case "Get":
		return sig.Params().Len() == 1 && isObjectPointer(sig.Results().At(0).Type())
	case "List":
		s, ok := types.Unalias(sig.Results().At(0).Type()).(*types.Slice)
		return ok && sig.Params().Len() == 1 && isObjectPointer(s.Elem())
	}
	return false
}

// hasReaderOptions reports whether fn, a Get or List method of an
// interface, takes controller-runtime's read options as client.Reader's
// do (Get(ctx, key, obj, ...client.GetOption), List(ctx, list,
// ...client.ListOption)): only a controller-runtime client or a wrapper of
// one takes those.
func hasReaderOptions(fn *types.Func) bool {
	sig := fn.Signature()
	if sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || !sig.Variadic() {
		return false
	}
	want, n := "GetOption", 4
	if fn.Name() == "List" {
		want, n = "ListOption", 3
	}
	if sig.Params().Len() != n {
		return false
	}
	last, _ := sig.Params().At(n - 1).Type().(*types.Slice)
	return last != nil && IsNamed(last.Elem(), Client, want)
}

// isTypedRead recognizes Get and List of client-go typed clients (also
// generated for CRDs, and those before v0.18 without a context): Get(ctx,
// name, metav1.GetOptions) (*T, error), List(ctx, metav1.ListOptions)
// (*TList, error).
func isTypedRead(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Results().Len() != 2 || sig.Params().Len() < 1 {
		return false
	}
	last := sig.Params().At(sig.Params().Len() - 1).Type()
	switch fn.Name() {
	case "Get":
		return IsNamed(last, MetaV1, "GetOptions") && isObjectPointer(sig.Results().At(0).Type())
	case "List":
		return IsNamed(last, MetaV1, "ListOptions")
	}
	return false
}

// Decode describes a call that builds an object from bytes.
type Decode struct {
	// Into is the argument decoded into, or -1 when the object is the
	// call's first result.
	Into int
	// Data is the argument holding the bytes decoded.
	Data int
}

// ClassifyDecode recognizes decoders: encoding/json and the YAML
// packages' Unmarshal (into the second argument), runtime.DecodeInto,
// runtime.Decode and a runtime.Decoder's Decode (into the third argument
// when given, and as the first result).
func ClassifyDecode(info *types.Info, call *ast.CallExpr) (Decode, bool) {
	fn := Callee(info, call)
	if fn == nil {
		return Decode{}, false
	}
	path := PkgPath(fn.Pkg())
	switch {
	case fn.Name() == "Unmarshal" && RecvNamed(fn) == nil && yamlOrJSON[path]:
		return Decode{Into: 1}, len(call.Args) >= 2
	case IsFunc(fn, Runtime, "DecodeInto"):
		return Decode{Into: 2, Data: 1}, len(call.Args) >= 3
	case IsFunc(fn, Runtime, "Decode"):
		return Decode{Into: -1, Data: 1}, len(call.Args) >= 2
	case fn.Name() == "Decode" && RecvNamed(fn) != nil && PkgPath(RecvNamed(fn).Obj().Pkg()) == Runtime:
		// Decode(data, defaults, into): into when given, else the result.
		if len(call.Args) == 3 {
			if tv, ok := info.Types[call.Args[2]]; !ok || !tv.IsNil() {
				return Decode{Into: 2}, true
			}
		}
		return Decode{Into: -1}, len(call.Args) >= 1
	}
	return Decode{}, false
}

var yamlOrJSON = map[string]bool{
	"encoding/json": true, "sigs.k8s.io/yaml": true, "gopkg.in/yaml.v2": true, "gopkg.in/yaml.v3": true,
	"go.yaml.in/yaml/v2": true, "go.yaml.in/yaml/v3": true, "github.com/ghodss/yaml": true,
	"k8s.io/apimachinery/pkg/util/yaml": true,
}

// IsMergeFrom reports whether fn makes a client.Patch whose base is its
// first argument: client.MergeFrom, MergeFromWithOptions,
// StrategicMergeFrom.
func IsMergeFrom(fn *types.Func) bool {
	return fn != nil && IsMergeFromName(fn.Name()) && IsFunc(fn, Client, fn.Name())
}

// IsMergeFromName reports whether name is that of one of
// controller-runtime's functions that make a merge patch: a syntactic
// prefilter for IsMergeFrom.
func IsMergeFromName(name string) bool {
	return name == "MergeFrom" || name == "MergeFromWithOptions" || name == "StrategicMergeFrom"
}

// IsPatchType reports whether t is controller-runtime's client.Patch.
func IsPatchType(t types.Type) bool { return IsNamed(t, Client, "Patch") }

// eventHandlerFuncs are client-go's adapters of functions to informer
// event handlers, and the fields that hold those functions.
var eventHandlerFuncs = map[string]map[string]bool{
	"ResourceEventHandlerFuncs":         {"AddFunc": true, "UpdateFunc": true, "DeleteFunc": true},
	"ResourceEventHandlerDetailedFuncs": {"AddFunc": true, "UpdateFunc": true, "DeleteFunc": true},
	"FilteringResourceEventHandler":     {"FilterFunc": true},
}

// IsEventHandlerField reports whether field of a composite literal of type
// t holds a function that an informer calls with the objects of its
// cache (cache.ResourceEventHandlerFuncs{AddFunc: ...}).
func IsEventHandlerField(t types.Type, field string) bool {
	n := NamedOf(t)
	if n == nil || PkgPath(n.Obj().Pkg()) != ClientGoCache {
		return false
	}
	return eventHandlerFuncs[n.Obj().Name()][field]
}

// IsEventHandlerMethod reports whether fn is the OnAdd, OnUpdate or
// OnDelete method of a type that implements client-go's
// cache.ResourceEventHandler, whose arguments are the informer cache's
// objects. pkg is the package that declares fn; it must import the cache
// package for the type to be one.
func IsEventHandlerMethod(fn *types.Func, pkg *types.Package) bool {
	switch fn.Name() {
	case "OnAdd", "OnUpdate", "OnDelete":
	default:
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || pkg == nil {
		return false
	}
	for _, imp := range pkg.Imports() {
		if PkgPath(imp) != ClientGoCache {
			continue
		}
		obj := imp.Scope().Lookup("ResourceEventHandler")
		if obj == nil {
			return false
		}
		iface, ok := obj.Type().Underlying().(*types.Interface)
		if !ok {
			return false
		}
		recv := sig.Recv().Type()
		if _, ptr := recv.(*types.Pointer); !ptr {
			recv = types.NewPointer(recv)
		}
		return types.Implements(recv, iface)
	}
	return false
}

// Event, Predicate and Handler are controller-runtime's events (what a
// source hands to predicates and event handlers), predicates and event
// handlers.
const (
	Event     = "sigs.k8s.io/controller-runtime/pkg/event"
	Predicate = "sigs.k8s.io/controller-runtime/pkg/predicate"
	Handler   = "sigs.k8s.io/controller-runtime/pkg/handler"
)

// handlerFuncs are the fields of controller-runtime's handler.Funcs (and
// TypedFuncs) that hold the functions called with an event.
var handlerFuncs = map[string]bool{"CreateFunc": true, "UpdateFunc": true, "DeleteFunc": true, "GenericFunc": true}

// IsHandlerField reports whether field of a composite literal of type t
// holds a function that controller-runtime calls with an event of the
// informer cache (handler.Funcs{UpdateFunc: ...}).
func IsHandlerField(t types.Type, field string) bool {
	n := NamedOf(t)
	return n != nil && PkgPath(n.Obj().Pkg()) == Handler && strings.HasSuffix(n.Obj().Name(), "Funcs") &&
		handlerFuncs[field]
}

// IsHandlerMethod reports whether fn is the Create, Update, Delete or
// Generic method of a controller-runtime event handler
// (handler.EventHandler): a method with no results that takes one of
// controller-runtime's events, with a context before it (v0.15 on) and
// the work queue after it. The event's objects are the informer cache's
// own: controller-runtime hands them over without copying.
func IsHandlerMethod(fn *types.Func) bool {
	switch fn.Name() {
	case "Create", "Update", "Delete", "Generic":
	default:
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Results().Len() != 0 || sig.Params().Len() < 2 || sig.Params().Len() > 3 {
		return false
	}
	events := 0
	for i := 0; i < sig.Params().Len(); i++ {
		if IsEvent(sig.Params().At(i).Type()) {
			events++
		}
	}
	return events == 1
}

// IsEvent reports whether t is one of controller-runtime's events
// (event.UpdateEvent, event.TypedCreateEvent[T], ...): a struct whose
// objects are those of the informer cache that delivered it.
func IsEvent(t types.Type) bool {
	n := NamedOf(t)
	return n != nil && PkgPath(n.Obj().Pkg()) == Event && strings.HasSuffix(n.Obj().Name(), "Event")
}

// predicateFuncs are the fields of controller-runtime's predicate.Funcs
// (and TypedFuncs) that hold the functions called with an event.
var predicateFuncs = map[string]bool{"CreateFunc": true, "UpdateFunc": true, "DeleteFunc": true, "GenericFunc": true}

// IsPredicateField reports whether field of a composite literal of type t
// holds a function that controller-runtime calls with an event of the
// informer cache (predicate.Funcs{UpdateFunc: ...}).
func IsPredicateField(t types.Type, field string) bool {
	n := NamedOf(t)
	return n != nil && PkgPath(n.Obj().Pkg()) == Predicate && strings.HasSuffix(n.Obj().Name(), "Funcs") &&
		predicateFuncs[field]
}

// IsPredicateMethod reports whether fn is the Create, Update, Delete or
// Generic method of a predicate: a method that takes one of
// controller-runtime's events and returns a bool (predicate.Predicate).
func IsPredicateMethod(fn *types.Func) bool {
	switch fn.Name() {
	case "Create", "Update", "Delete", "Generic":
	default:
		return false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 || !IsEvent(sig.Params().At(0).Type()) {
		return false
	}
	b, ok := sig.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// IsIgnoreError reports whether fn is controller-runtime's
// client.IgnoreNotFound or IgnoreAlreadyExists: nil for that error, the
// error otherwise.
func IsIgnoreError(fn *types.Func) bool {
	return PkgPath(fn.Pkg()) == Client && (fn.Name() == "IgnoreNotFound" || fn.Name() == "IgnoreAlreadyExists")
}

// IsAPIErrorPredicate reports whether fn is one of apimachinery's error
// predicates that are true when a call failed (IsNotFound,
// IsAlreadyExists, IsConflict, ...).
func IsAPIErrorPredicate(fn *types.Func) bool {
	return PkgPath(fn.Pkg()) == "k8s.io/apimachinery/pkg/api/errors" && len(fn.Name()) > 2 && fn.Name()[:2] == "Is"
}
