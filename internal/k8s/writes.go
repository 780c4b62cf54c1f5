package k8s

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"strings"
)

// Import paths of the client APIs that write objects.
const (
	Unstructured = "k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	Record       = "k8s.io/client-go/tools/record"
)

// WriteAPI is the client API a write goes through.
type WriteAPI int

// The client APIs.
const (
	// APIControllerRuntime: client.Writer, client.StatusWriter (old),
	// client.SubResourceWriter (current).
	APIControllerRuntime WriteAPI = iota + 1
	// APITyped: a client-go typed clientset, also one generated for CRDs.
	APITyped
	// APIDynamic: client-go's dynamic.ResourceInterface.
	APIDynamic
	// APIControllerutil: controllerutil.CreateOrUpdate / CreateOrPatch.
	APIControllerutil
)

// WriteOp is what a write call does.
type WriteOp int

// The write operations.
const (
	OpUpdate WriteOp = iota + 1
	OpPatch
	OpCreate
	// OpApply is server-side apply: client.Apply patches, Writer.Apply,
	// typed and dynamic Apply/ApplyStatus, ApplyPatchType.
	OpApply
	// OpCreateOrUpdate is controllerutil.CreateOrUpdate or CreateOrPatch.
	OpCreateOrUpdate
)

// Subresources of a write.
const (
	// SubMain is the main resource (plain Update, Patch, Create).
	SubMain = ""
	// SubStatus is the status subresource.
	SubStatus = "status"
	// SubUnknown is a subresource opvet cannot name (a SubResourceWriter
	// held in a variable, a non-constant subresource argument).
	SubUnknown = "?"
)

// Write is one classified call that writes an object to the API server.
type Write struct {
	Call *ast.CallExpr
	API  WriteAPI
	Op   WriteOp
	// Subresource is SubMain, SubStatus, SubUnknown or another constant
	// subresource name ("scale").
	Subresource string
	// Object is the object argument sent, or nil (typed and dynamic Patch
	// take a name and bytes).
	Object ast.Expr
	// Kind is the Go type of the object written when known: the object
	// argument's type, or a typed client's result type.
	Kind types.Type
	// Recv is the receiver expression of the method (x in x.Update), or
	// nil for functions.
	Recv ast.Expr
	// Method is the called method's or function's name.
	Method string
	// NumFixed is the number of arguments before the options (the
	// variadic controller-runtime options or typed clients' options
	// struct): extra arguments beyond it are options or subresources.
	NumFixed int
	// Label, when set, is how messages name the write (a write made in
	// another package, known from its summary, has no syntax here).
	Label string
}

// IsStatus reports whether w writes the status subresource.
func (w Write) IsStatus() bool { return w.Subresource == SubStatus }

// IsMain reports whether w writes the main resource with Update or Patch
// (neither apply nor create).
func (w Write) IsMain() bool {
	return w.Subresource == SubMain && (w.Op == OpUpdate || w.Op == OpPatch)
}

// ClassifyWrite classifies call as a write of an object, or reports false.
func ClassifyWrite(info *types.Info, call *ast.CallExpr) (Write, bool) {
	fn := Callee(info, call)
	if fn == nil {
		return Write{}, false
	}
	w := Write{Call: call, Method: fn.Name()}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && RecvNamed(fn) != nil {
		w.Recv = sel.X
	}
	var ok bool
	switch PkgPath(fn.Pkg()) {
	case Client:
		ok = classifyControllerRuntime(info, fn, &w)
	case Controllerutil:
		ok = classifyControllerutil(fn, &w)
	case Dynamic:
		ok = classifyDynamic(info, fn, &w)
	default:
		ok = classifyTyped(info, fn, &w)
	}
	if !ok {
		return Write{}, false
	}
	if w.Object != nil && w.Kind == nil {
		w.Kind = info.TypeOf(w.Object)
	}
	return w, true
}

// CallName names the write as written in messages: "Update",
// "Status().Update", "SubResource(\"status\").Patch", "UpdateStatus",
// "Patch(..., \"status\")".
func (w Write) CallName() string {
	if w.Label != "" {
		return w.Label
	}
	if w.API == APIControllerRuntime && w.Subresource != SubMain {
		if call, ok := ast.Unparen(w.Recv).(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
				return sel.Sel.Name + "(" + argText(call) + ")." + w.Method
			}
		}
		return "Status()." + w.Method
	}
	if w.Subresource == SubStatus && w.Method == "Patch" {
		return `Patch(..., "status")`
	}
	return w.Method
}

func argText(call *ast.CallExpr) string {
	var args []string
	for _, a := range call.Args {
		args = append(args, types.ExprString(a))
	}
	return strings.Join(args, ", ")
}

func arg(call *ast.CallExpr, i int) ast.Expr {
	if i < len(call.Args) {
		return call.Args[i]
	}
	return nil
}

func classifyControllerRuntime(info *types.Info, fn *types.Func, w *Write) bool {
	recv := RecvNamed(fn)
	if recv == nil || w.Recv == nil {
		return false
	}
	switch recv.Obj().Name() {
	case "Writer", "Client":
		w.Subresource = SubMain
	case "StatusWriter":
		w.Subresource = SubStatus // before v0.15: Status() returned StatusWriter
	case "SubResourceWriter", "SubResourceClient":
		w.Subresource = subresourceOf(info, w.Recv)
	default:
		return false
	}
	w.API = APIControllerRuntime
	switch fn.Name() {
	case "Update":
		w.Op, w.Object, w.NumFixed = OpUpdate, arg(w.Call, 1), 2
	case "Patch":
		w.Op, w.Object, w.NumFixed = OpPatch, arg(w.Call, 1), 3
		if IsApplyPatch(info, arg(w.Call, 2)) {
			w.Op = OpApply
		}
	case "Create":
		w.Op, w.Object, w.NumFixed = OpCreate, arg(w.Call, 1), 2
		if w.Subresource != SubMain {
			w.NumFixed = 3
		}
	case "Apply":
		w.Op, w.NumFixed = OpApply, 2
	default:
		return false
	}
	return true
}

// subresourceOf names the subresource written through the
// SubResourceWriter x: x.Status(), x.SubResource("status").
func subresourceOf(info *types.Info, x ast.Expr) string {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return SubUnknown
	}
	fn := Callee(info, call)
	switch {
	case fn == nil:
		return SubUnknown
	case fn.Name() == "Status" && PkgPath(fn.Pkg()) == Client:
		return SubStatus
	case fn.Name() == "SubResource" && PkgPath(fn.Pkg()) == Client && len(call.Args) == 1:
		if s, ok := constString(info, call.Args[0]); ok {
			return s
		}
	}
	return SubUnknown
}

func constString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// IsApplyPatch reports whether e is a server-side apply patch:
// client.Apply, or client.RawPatch(types.ApplyPatchType, ...).
func IsApplyPatch(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	switch e := e.(type) {
	case *ast.Ident, *ast.SelectorExpr:
		id, _ := e.(*ast.Ident)
		if sel, ok := e.(*ast.SelectorExpr); ok {
			id = sel.Sel
		}
		v, ok := info.Uses[id].(*types.Var)
		return ok && v.Name() == "Apply" && PkgPath(v.Pkg()) == Client
	case *ast.CallExpr:
		fn := Callee(info, e)
		return IsFunc(fn, Client, "RawPatch") && len(e.Args) > 0 && isApplyPatchType(info, e.Args[0])
	}
	return false
}

func isApplyPatchType(info *types.Info, e ast.Expr) bool {
	s, ok := constString(info, e)
	return ok && s == "application/apply-patch+yaml"
}

func classifyControllerutil(fn *types.Func, w *Write) bool {
	if !IsFunc(fn, Controllerutil, "CreateOrUpdate") && !IsFunc(fn, Controllerutil, "CreateOrPatch") {
		return false
	}
	w.API, w.Op, w.Object, w.NumFixed = APIControllerutil, OpCreateOrUpdate, arg(w.Call, 2), 4
	return true
}

func classifyDynamic(info *types.Info, fn *types.Func, w *Write) bool {
	recv := RecvNamed(fn)
	if recv == nil || w.Recv == nil {
		return false
	}
	if n := recv.Obj().Name(); n != "ResourceInterface" && n != "NamespaceableResourceInterface" {
		return false
	}
	w.API = APIDynamic
	// Before client-go v0.18, the methods took no context.
	c := contextOffset(fn)
	switch fn.Name() {
	case "Update":
		w.Op, w.Object, w.NumFixed = OpUpdate, arg(w.Call, c), c+2
	case "UpdateStatus":
		w.Op, w.Object, w.NumFixed, w.Subresource = OpUpdate, arg(w.Call, c), c+2, SubStatus
		return true
	case "Create":
		w.Op, w.Object, w.NumFixed = OpCreate, arg(w.Call, c), c+2
	case "Patch":
		w.Op, w.NumFixed = OpPatch, c+4
		if isApplyPatchType(info, arg(w.Call, c+1)) {
			w.Op = OpApply
		}
	case "Apply":
		w.Op, w.Object, w.NumFixed = OpApply, arg(w.Call, c+1), c+3
	case "ApplyStatus":
		w.Op, w.Object, w.NumFixed, w.Subresource = OpApply, arg(w.Call, c+1), c+3, SubStatus
		return true
	default:
		return false
	}
	w.Subresource = subresourceArgs(info, w.Call.Args[min(w.NumFixed, len(w.Call.Args)):])
	return true
}

// contextOffset is 1 when fn's first parameter is a context.Context, 0
// otherwise (client-go before v0.18).
func contextOffset(fn *types.Func) int {
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Params().Len() > 0 && IsNamed(sig.Params().At(0).Type(), "context", "Context") {
		return 1
	}
	return 0
}

// subresourceArgs names the subresource given by client-go's variadic
// subresources arguments.
func subresourceArgs(info *types.Info, args []ast.Expr) string {
	if len(args) == 0 {
		return SubMain
	}
	var parts []string
	for _, a := range args {
		s, ok := constString(info, a)
		if !ok {
			return SubUnknown
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "/")
}

// classifyTyped recognizes the methods of client-go typed clients (and of
// clientsets generated for CRDs) by their shape: Update, UpdateStatus and
// Create take (ctx, *T, metav1.XOptions) and return (*T, error); Patch
// takes (ctx, name, types.PatchType, []byte, metav1.PatchOptions,
// ...subresources) and returns (*T, error); T is an API object. Typed
// clients before client-go v0.18 took no context and no options:
// Update(*T), Patch(name, types.PatchType, []byte, ...subresources); they
// are recognized when their client also has the Get(name,
// metav1.GetOptions) (*T, error) of that era.
func classifyTyped(info *types.Info, fn *types.Func, w *Write) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || w.Recv == nil || sig.Results().Len() != 2 || sig.Params().Len() < 1 {
		return false
	}
	res := sig.Results().At(0).Type()
	if !isObjectPointer(res) {
		return false
	}
	if !IsNamed(sig.Params().At(0).Type(), "context", "Context") {
		return classifyLegacyTyped(info, fn, sig, res, w)
	}
	if sig.Params().Len() < 3 {
		return false
	}
	w.API, w.Kind = APITyped, res
	params := sig.Params()
	switch fn.Name() {
	case "Update", "UpdateStatus", "Create":
		opts := map[string]string{"Update": "UpdateOptions", "UpdateStatus": "UpdateOptions", "Create": "CreateOptions"}[fn.Name()]
		if params.Len() != 3 || !types.Identical(params.At(1).Type(), res) || !IsNamed(params.At(2).Type(), MetaV1, opts) {
			return false
		}
		w.Op, w.Object, w.NumFixed = OpUpdate, arg(w.Call, 1), 3
		if fn.Name() == "Create" {
			w.Op = OpCreate
		}
		if fn.Name() == "UpdateStatus" {
			w.Subresource = SubStatus
		}
	case "Patch":
		if params.Len() != 6 || !sig.Variadic() || !IsNamed(params.At(2).Type(), Types, "PatchType") ||
			!IsNamed(params.At(4).Type(), MetaV1, "PatchOptions") {
			return false
		}
		w.Op, w.NumFixed = OpPatch, 5
		if isApplyPatchType(info, arg(w.Call, 2)) {
			w.Op = OpApply
		}
		w.Subresource = subresourceArgs(info, w.Call.Args[min(5, len(w.Call.Args)):])
	default:
		return false
	}
	return true
}

// classifyLegacyTyped recognizes the typed clients of client-go before
// v0.18 (no context, no options).
func classifyLegacyTyped(info *types.Info, fn *types.Func, sig *types.Signature, res types.Type, w *Write) bool {
	if !hasLegacyGet(sig.Recv().Type(), res) {
		return false
	}
	params := sig.Params()
	w.API, w.Kind = APITyped, res
	switch fn.Name() {
	case "Update", "UpdateStatus", "Create":
		if params.Len() != 1 || !types.Identical(params.At(0).Type(), res) {
			return false
		}
		w.Op, w.Object, w.NumFixed = OpUpdate, arg(w.Call, 0), 1
		if fn.Name() == "Create" {
			w.Op = OpCreate
		}
		if fn.Name() == "UpdateStatus" {
			w.Subresource = SubStatus
		}
	case "Patch":
		if params.Len() != 4 || !sig.Variadic() || !IsNamed(params.At(1).Type(), Types, "PatchType") {
			return false
		}
		w.Op, w.NumFixed = OpPatch, 3
		if isApplyPatchType(info, arg(w.Call, 1)) {
			w.Op = OpApply
		}
		w.Subresource = subresourceArgs(info, w.Call.Args[min(3, len(w.Call.Args)):])
	default:
		return false
	}
	return true
}

// hasLegacyGet reports whether the client type recv has the
// Get(name string, options metav1.GetOptions) (*T, error) of typed
// clients before client-go v0.18.
func hasLegacyGet(recv, res types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(recv, true, nil, "Get")
	get, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := get.Type().(*types.Signature)
	return sig.Params().Len() == 2 && IsNamed(sig.Params().At(1).Type(), MetaV1, "GetOptions") &&
		sig.Results().Len() == 2 && types.Identical(sig.Results().At(0).Type(), res)
}

func isObjectPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && EmbedsObjectMeta(p.Elem())
}

// IsConcreteObject reports whether t (after aliases and one pointer) is a
// named struct type that embeds metav1.ObjectMeta: a typed API object
// whose kind opvet can name.
func IsConcreteObject(t types.Type) bool {
	n := NamedOf(t)
	return n != nil && EmbedsObjectMeta(n)
}

// IsUnstructured reports whether t is unstructured.Unstructured or a
// pointer to it.
func IsUnstructured(t types.Type) bool {
	return IsNamed(t, Unstructured, "Unstructured")
}

// inertPackages are packages whose functions and methods neither persist,
// fill nor keep an object passed to them.
// readOnlyPackages are packages whose functions never change, persist,
// fill or keep an object they are given: logging, formatting, errors,
// comparison.
var readOnlyPackages = map[string]bool{
	"fmt": true, "errors": true, "log": true, "log/slog": true, "strings": true, "strconv": true,
	"reflect": true, "github.com/pkg/errors": true,
	"github.com/go-logr/logr": true, "k8s.io/klog": true, "k8s.io/klog/v2": true,
	"sigs.k8s.io/controller-runtime/pkg/log": true, "k8s.io/apimachinery/pkg/api/equality": true,
}

// readOnlyFuncs are functions of other packages that only read the
// object they are given (its kind, a cache key, a conversion to a new
// map), by name: the packages that declare them, with the receiver's type
// name for a method.
var readOnlyFuncs = map[string][]string{
	"GVKForObject":                         {"sigs.k8s.io/controller-runtime/pkg/client/apiutil"},
	"IsObjectNamespaced":                   {"sigs.k8s.io/controller-runtime/pkg/client/apiutil"},
	"MetaNamespaceKeyFunc":                 {ClientGoCache},
	"DeletionHandlingMetaNamespaceKeyFunc": {ClientGoCache},
	"ObjectKinds":                          {Runtime + ".Scheme"},
	// scheme.Default(obj) runs the defaulting functions registered for
	// the type, which set unset fields to the values the API server's
	// own defaulting gives them (never metadata.resourceVersion): the
	// object means on the server what it meant before.
	"Default": {Runtime + ".Scheme"},
	// equality.Semantic.DeepDerivative compares, as DeepEqual does
	// (declared by the forked reflect package's Equalities, which
	// conversion.Equalities embeds).
	"DeepDerivative": {"k8s.io/apimachinery/third_party/forked/golang/reflect.Equalities", "k8s.io/apimachinery/pkg/conversion.Equalities"},
	// runtime.DefaultUnstructuredConverter.ToUnstructured(obj) copies a
	// typed object into a new map (an Unstructured one returns its own).
	"ToUnstructured": {Runtime + ".unstructuredConverter", Runtime + ".UnstructuredConverter"},
}

// isReadOnlyFunc reports whether fn is one of readOnlyFuncs.
func isReadOnlyFunc(fn *types.Func) bool {
	owners, ok := readOnlyFuncs[fn.Name()]
	if !ok {
		return false
	}
	path := PkgPath(fn.Pkg())
	if recv := RecvNamed(fn); recv != nil {
		path += "." + recv.Obj().Name()
	}
	return slices.Contains(owners, path)
}

// inertPackages are readOnlyPackages plus those whose functions may change
// an object but neither persist it, fill it from the API server, nor keep
// it: event recorders and the metav1 helpers.
var inertPackages = map[string]bool{Record: true, "k8s.io/client-go/tools/events": true, MetaV1: true}

// readOnlyPrefixes start the names of functions and methods that read
// their arguments and receiver: getters, predicates, copies, formatting.
var readOnlyPrefixes = []string{
	"Get", "Is", "Has", "Contains", "Find", "DeepCopy", "DeepEqual", "Equal", "String", "Len",
	"Marshal", "Validate", "Key", "KObj", "KRef", "Copy", "Clone", "Print", "Error", "Info", "V",
	"Debug", "Warn", "Log", "Format", "ConvertTo", "Hub", "GroupVersionKind", "Must",
}

// IsReadOnlyCall reports whether a call of fn leaves the objects it is
// given unchanged: functions of readOnlyPackages, the functions of
// package client (ObjectKeyFromObject, IgnoreNotFound, ...), and functions
// and methods whose names say they read (getters, predicates, copies,
// formatting). client.Reader's Get and List fill their object.
func IsReadOnlyCall(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if recv := RecvNamed(fn); recv != nil && PkgPath(recv.Obj().Pkg()) == Client &&
		(fn.Name() == "Get" || fn.Name() == "List") {
		return false
	}
	if readOnlyPackages[PkgPath(fn.Pkg())] {
		return true
	}
	if PkgPath(fn.Pkg()) == Client && RecvNamed(fn) == nil {
		return true
	}
	if isReadOnlyFunc(fn) || IsReadOnlyMethod(fn) {
		return true
	}
	return HasReadOnlyName(fn.Name())
}

// HasReadOnlyName reports whether a function or method name says it only
// reads (Get, IsX, DeepCopy, String, ...; not Getter-like prefixes of
// longer lowercase words).
func HasReadOnlyName(name string) bool {
	for _, p := range readOnlyPrefixes {
		if strings.HasPrefix(name, p) && (len(name) == len(p) || !isLower(name[len(p)])) {
			return true
		}
	}
	return false
}

func isLower(b byte) bool { return 'a' <= b && b <= 'z' }

// IsInertCall reports whether fn is known neither to persist an object
// passed to it, nor to fill it from the API server, nor to keep it:
// logging, formatting, event recording, metav1 helpers,
// client.ObjectKeyFromObject and the controllerutil helpers other than
// CreateOrUpdate and CreateOrPatch. Callers treat any other function that
// receives an object as possibly persisting or filling it.
func IsInertCall(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	path := PkgPath(fn.Pkg())
	switch {
	case readOnlyPackages[path], inertPackages[path]:
		return true
	case path == Controllerutil:
		return fn.Name() != "CreateOrUpdate" && fn.Name() != "CreateOrPatch"
	case path == Client:
		// ObjectKeyFromObject, and the methods of the client types
		// that neither write nor read (those are classified before):
		// Status, SubResource, Scheme, RESTMapper, Delete, ...
		return IsFunc(fn, Client, "ObjectKeyFromObject") || RecvNamed(fn) != nil
	}
	return false
}

// IsObjectMetaMethod reports whether fn is a method of metav1.ObjectMeta
// or unstructured.Unstructured (promoted or not): the Get*/Set* accessors.
func IsObjectMetaMethod(fn *types.Func) bool {
	recv := RecvNamed(fn)
	if recv == nil {
		return false
	}
	path, name := PkgPath(recv.Obj().Pkg()), recv.Obj().Name()
	return path == MetaV1 && name == "ObjectMeta" || path == Unstructured && name == "Unstructured"
}

// ClusterAPIPatch is cluster-api's patch helper package, which many
// operators built on cluster-api use to write their objects.
const ClusterAPIPatch = "sigs.k8s.io/cluster-api/util/patch"

// ClusterAPIPatchV1Beta1 is the copy of that package that cluster-api
// v1.11 and later keep for objects of its v1beta1 API.
const ClusterAPIPatchV1Beta1 = "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch"

// IsPatchHelperPatch reports whether fn is cluster-api's
// (*patch.Helper).Patch(ctx, obj, ...), which sends every change made to
// obj since patch.NewHelper, to the main resource and to the status
// subresource ("Patch will attempt to patch the given object, including
// its status"). It writes the object converted to unstructured, so no
// client write is seen in it.
func IsPatchHelperPatch(fn *types.Func) bool {
	return IsMethod(fn, ClusterAPIPatch, "Helper", "Patch") || IsMethod(fn, ClusterAPIPatchV1Beta1, "Helper", "Patch")
}
