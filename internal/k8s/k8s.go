// Package k8s matches Kubernetes and controller-runtime APIs by import path
// and name, without depending on any Kubernetes library. Every check uses it,
// so that "is this client.Client.Update?" and "is this an API object?" have
// one answer across opvet.
package k8s

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// Import paths of the packages opvet knows.
const (
	MetaV1         = "k8s.io/apimachinery/pkg/apis/meta/v1"
	Runtime        = "k8s.io/apimachinery/pkg/runtime"
	Schema         = "k8s.io/apimachinery/pkg/runtime/schema"
	APIMeta        = "k8s.io/apimachinery/pkg/api/meta"
	Types          = "k8s.io/apimachinery/pkg/types"
	CoreV1         = "k8s.io/api/core/v1"
	Client         = "sigs.k8s.io/controller-runtime/pkg/client"
	Controllerutil = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	Reconcile      = "sigs.k8s.io/controller-runtime/pkg/reconcile"
	Conversion     = "sigs.k8s.io/controller-runtime/pkg/conversion"
	Builder        = "sigs.k8s.io/controller-runtime/pkg/builder"
	Ctrl           = "sigs.k8s.io/controller-runtime"
	Dynamic        = "k8s.io/client-go/dynamic"
	CtrlCache      = "sigs.k8s.io/controller-runtime/pkg/cache"
	ClientGoCache  = "k8s.io/client-go/tools/cache"
	// ClientGoListers holds the generic listers that generated listers
	// embed (client-go v0.31 and later).
	ClientGoListers = "k8s.io/client-go/listers"
)

// PkgPath returns the import path of pkg with any vendor prefix removed
// ("example.com/op/vendor/k8s.io/api/core/v1" -> "k8s.io/api/core/v1"), or
// "" for a nil package (universe scope, builtins).
func PkgPath(pkg *types.Package) string {
	if pkg == nil {
		return ""
	}
	return TrimVendor(pkg.Path())
}

// Imports reports whether pkg imports (directly) one of paths, vendored
// or not.
func Imports(pkg *types.Package, paths ...string) bool {
	if pkg == nil {
		return false
	}
	for _, imp := range pkg.Imports() {
		p := PkgPath(imp)
		for _, want := range paths {
			if p == want {
				return true
			}
		}
	}
	return false
}

// TrimVendor removes a vendor prefix from an import path.
func TrimVendor(path string) string {
	if i := strings.LastIndex(path, "/vendor/"); i >= 0 {
		return path[i+len("/vendor/"):]
	}
	return strings.TrimPrefix(path, "vendor/")
}

// Callee returns the function or method called by call, or nil for calls
// of function values, builtins and conversions. For generic functions and
// methods of generic types it returns the generic origin, so that names
// and packages compare as declared.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	switch fn := typeutil.Callee(info, call).(type) {
	case *types.Func:
		return fn.Origin()
	case *types.Var:
		return aliasedFunc(fn)
	}
	return nil
}

// ctrlAliases are the variables of controller-runtime's root package
// (alias.go: ctrl.SetControllerReference = controllerutil.SetControllerReference)
// that stand for functions the checks model, by the package that declares
// those functions.
var ctrlAliases = map[string]string{
	"SetControllerReference": Controllerutil,
	"CreateOrUpdate":         Controllerutil,
}

// aliasedFunc returns, for a call through one of ctrlAliases, the function
// it stands for, as a function of the aliased package with the variable's
// signature (what IsFunc and the checks compare); nil otherwise.
func aliasedFunc(v *types.Var) *types.Func {
	if v.Pkg() == nil || PkgPath(v.Pkg()) != Ctrl {
		return nil
	}
	path, ok := ctrlAliases[v.Name()]
	sig, _ := v.Type().Underlying().(*types.Signature)
	if !ok || sig == nil {
		return nil
	}
	return types.NewFunc(v.Pos(), types.NewPackage(path, pathBase(path)), v.Name(), sig)
}

// pathBase is the last element of an import path.
func pathBase(path string) string {
	return path[strings.LastIndexByte(path, '/')+1:]
}

// IsFunc reports whether fn is the package-level function pkgPath.name.
func IsFunc(fn *types.Func, pkgPath, name string) bool {
	if fn == nil || fn.Name() != name || PkgPath(fn.Pkg()) != pkgPath {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() == nil
}

// IsMethod reports whether fn is the method name declared on the named type
// (struct or interface) pkgPath.typeName. A method reached through an
// embedded interface is declared on the embedded interface: client.Client's
// Update is client.Writer's.
func IsMethod(fn *types.Func, pkgPath, typeName, name string) bool {
	if fn == nil || fn.Name() != name {
		return false
	}
	recv := RecvNamed(fn)
	return recv != nil && recv.Obj().Name() == typeName && PkgPath(recv.Obj().Pkg()) == pkgPath
}

// RecvNamed returns the named type that declares the method fn, or nil.
func RecvNamed(fn *types.Func) *types.Named {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil
	}
	return NamedOf(sig.Recv().Type())
}

// NamedOf returns the named type of t after removing aliases and one level
// of pointer, or nil.
func NamedOf(t types.Type) *types.Named {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, _ := t.(*types.Named)
	if n != nil {
		n = n.Origin()
	}
	return n
}

// IsNamed reports whether t (after aliases and one pointer) is the named
// type pkgPath.name.
func IsNamed(t types.Type, pkgPath, name string) bool {
	n := NamedOf(t)
	return n != nil && n.Obj().Name() == name && PkgPath(n.Obj().Pkg()) == pkgPath
}

// IsAPIObject reports whether t is a Kubernetes API object: a struct that
// embeds metav1.ObjectMeta (directly or through embedded structs), or a
// type whose method set (of T or *T) implements metav1.Object,
// runtime.Object or client.Object. Aliases, pointers and type parameters
// (through their constraint) are seen through.
func IsAPIObject(t types.Type) bool {
	return isAPIObject(t, 0)
}

func isAPIObject(t types.Type, depth int) bool {
	if t == nil || depth > 8 {
		return false
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if tp, ok := t.(*types.TypeParam); ok {
		return isAPIObject(tp.Constraint(), depth+1)
	}
	if EmbedsObjectMeta(t) {
		return true
	}
	return implementsObjectInterfaces(t)
}

// EmbedsObjectMeta reports whether t's underlying struct embeds
// metav1.ObjectMeta, directly or through embedded structs.
func EmbedsObjectMeta(t types.Type) bool {
	return embeds(t, MetaV1, "ObjectMeta", 0)
}

// EmbedsTypeMeta reports whether t's underlying struct embeds
// metav1.TypeMeta, directly or through embedded structs.
func EmbedsTypeMeta(t types.Type) bool {
	return embeds(t, MetaV1, "TypeMeta", 0)
}

func embeds(t types.Type, pkgPath, name string, depth int) bool {
	if depth > 8 {
		return false
	}
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if !f.Embedded() {
			continue
		}
		if IsNamed(f.Type(), pkgPath, name) {
			return true
		}
		ft := types.Unalias(f.Type())
		if p, ok := ft.(*types.Pointer); ok {
			ft = p.Elem()
		}
		if embeds(ft, pkgPath, name, depth+1) {
			return true
		}
	}
	return false
}

// implementsObjectInterfaces checks the methods of t (or *t) for the
// signature methods of runtime.Object (GetObjectKind, DeepCopyObject) or
// metav1.Object (GetDeletionTimestamp returning *metav1.Time, and
// GetResourceVersion). The result types are checked by import path, so a
// look-alike from another package does not match. Methods are looked up
// one by one, which costs far less than a method set.
func implementsObjectInterfaces(t types.Type) bool {
	if !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	if kind, copied := resultOf(t, "GetObjectKind"), resultOf(t, "DeepCopyObject"); kind != nil && copied != nil &&
		IsNamed(kind, Schema, "ObjectKind") && IsNamed(copied, Runtime, "Object") {
		return true
	}
	ts := resultOf(t, "GetDeletionTimestamp")
	return ts != nil && IsNamed(ts, MetaV1, "Time") && resultOf(t, "GetResourceVersion") != nil
}

// resultOf returns the type of the single result of method name of t.
func resultOf(t types.Type, name string) types.Type {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 {
		return nil
	}
	return sig.Results().At(0).Type()
}

// TypeString formats t relative to the package of the file being
// analysed: local names unqualified, others by package name.
func TypeString(t types.Type, from *types.Package) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == from {
			return ""
		}
		return p.Name()
	})
}

// SpeaksOfDeletion reports whether fn's name says it checks or handles the
// deletion of an object (IsBeingDeleted, isTerminating, reconcileDelete),
// excluding the client calls that delete objects.
func SpeaksOfDeletion(fn *types.Func) bool {
	return NameSpeaksOfDeletion(fn.Name())
}

// NameSpeaksOfDeletion is SpeaksOfDeletion for a function known only by
// name (syntax without type information): Delete, DeleteAllOf and
// DeleteCollection delete rather than check.
func NameSpeaksOfDeletion(name string) bool {
	lower := strings.ToLower(name)
	if !strings.Contains(lower, "delet") && !strings.Contains(lower, "terminat") {
		return false
	}
	return name != "Delete" && name != "DeleteAllOf" && name != "DeleteCollection"
}
