package removedapis

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/opvet/opvet/internal/apilifecycle"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/modtree"
)

// failure is how a request for a version the server no longer serves
// fails.
type failure int

const (
	// byMapper: the client maps the kind through the RESTMapper
	// (controller-runtime clients, caches and watches).
	byMapper failure = iota
	// byPath: the client requests the resource's path directly (typed
	// clientsets, informers, the dynamic client).
	byPath
)

// use is one place where code talks to the API server about a kind.
type use struct {
	node ast.Node // what the diagnostic covers
	verb string   // "List", "Owns", "CronJobs": named in messages
	how  failure
}

// pos is where the diagnostic starts: a method call's name, so that a
// report in a chain (ctrl.NewControllerManagedBy(mgr).Owns(...)) points
// at its own link.
func (u use) pos() token.Pos {
	if call, ok := u.node.(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.Sel.Pos()
		}
	}
	return u.node.Pos()
}

// Import paths of controller-runtime and client-go packages with server
// calls.
const (
	crCache     = "sigs.k8s.io/controller-runtime/pkg/cache"
	crCacheAPI  = "sigs.k8s.io/controller-runtime/pkg/cache/cacheapi"
	crSource    = "sigs.k8s.io/controller-runtime/pkg/source"
	crHandler   = "sigs.k8s.io/controller-runtime/pkg/handler"
	metadataPkg = "k8s.io/client-go/metadata"
	dynInformer = "k8s.io/client-go/dynamic/dynamicinformer"
)

// clientMethods are the controller-runtime client and cache methods that
// send a request (or start a watch) for the kind of their object
// argument, or, for GetInformerForKind, of their GroupVersionKind.
var clientMethods = map[string]bool{
	"Get": true, "List": true, "Create": true, "Update": true, "Patch": true, "Delete": true,
	"DeleteAllOf": true, "Watch": true, "GetInformer": true, "GetInformerForKind": true,
	"IndexField": true, "IsObjectNamespaced": true,
}

// generatedClients are the prefixes of the generated clientsets,
// informers and listers of the built-in APIs.
var generatedClients = []string{
	"k8s.io/client-go/kubernetes/typed/",
	"k8s.io/client-go/informers/",
	"k8s.io/client-go/listers/",
	"k8s.io/apiextensions-apiserver/pkg/client/",
	"k8s.io/kube-aggregator/pkg/client/",
}

// clientsets are the prefixes of the generated clientsets' packages,
// whose group accessors (PolicyV1beta1()) a getter may be taken from.
var clientsets = []string{
	"k8s.io/client-go/kubernetes",
	"k8s.io/apiextensions-apiserver/pkg/client/",
	"k8s.io/kube-aggregator/pkg/client/",
}

// callNames are the names of every function and method that call
// handles but the generated New<Kind>Informer and New<Kind>Lister: the
// client, cache, builder, source, handler, controllerutil, dynamic and
// RESTMapper calls, and the kind accessors and REST clients of generated
// clients (the kinds' plurals as client-gen spells them: CronJobs,
// Ingresses). Calls of other names need no type information to be
// skipped.
var callNames = func() map[string]bool {
	m := map[string]bool{}
	for n := range clientMethods {
		m[n] = true
	}
	for _, n := range []string{
		"For", "Owns", "Watches", "WatchesMetadata", "Kind", "TypedKind", "EnqueueRequestForOwner",
		"TypedEnqueueRequestForOwner", "CreateOrUpdate", "CreateOrPatch", "Resource", "ForResource",
		"KindFor", "KindsFor", "ResourceFor", "ResourcesFor", "RESTMapping", "RESTMappings", "RESTClient",
	} {
		m[n] = true
	}
	for _, k := range apilifecycle.Kinds {
		m[apilifecycle.Plural(k.Kind)] = true
	}
	return m
}()

// mayBeSink reports, from its name alone, whether call may be one that
// call handles.
func mayBeSink(call *ast.CallExpr) bool {
	var name string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.SelectorExpr:
		name = f.Sel.Name
	case *ast.Ident:
		name = f.Name
	case *ast.IndexExpr: // source.Kind[T](...)
		return true
	case *ast.IndexListExpr:
		return true
	default:
		return false
	}
	return callNames[name] || strings.HasPrefix(name, "New") && (strings.HasSuffix(name, "Informer") || strings.HasSuffix(name, "Lister"))
}

func (c *checker) call(call *ast.CallExpr) {
	if !mayBeSink(call) {
		c.wrapperCall(call)
		c.libraryCall(call)
		return
	}
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil {
		return
	}
	p := k8s.PkgPath(fn.Pkg())
	switch {
	case p == k8s.Client || p == crCache || p == crCacheAPI:
		c.clientCall(call, fn)
	case p == k8s.Builder:
		if m := fn.Name(); (m == "For" || m == "Owns" || m == "Watches" || m == "WatchesMetadata") && len(call.Args) > 0 {
			c.object(call.Args[0], use{call, m, byMapper})
		}
	case p == crSource && (fn.Name() == "Kind" || fn.Name() == "TypedKind") && len(call.Args) > 1:
		c.object(call.Args[1], use{call, "source.Kind", byMapper})
	case p == crHandler && (fn.Name() == "EnqueueRequestForOwner" || fn.Name() == "TypedEnqueueRequestForOwner") && len(call.Args) > 2:
		c.object(call.Args[2], use{call, "EnqueueRequestForOwner", byMapper})
	case p == k8s.Controllerutil && (fn.Name() == "CreateOrUpdate" || fn.Name() == "CreateOrPatch") && len(call.Args) > 2:
		c.object(call.Args[2], use{call, fn.Name(), byMapper})
	case p == k8s.Dynamic || p == metadataPkg || p == dynInformer:
		if (fn.Name() == "Resource" || fn.Name() == "ForResource") && len(call.Args) == 1 {
			c.gvr(call.Args[0], use{call, fn.Name(), byPath})
		}
	case p == k8s.APIMeta:
		c.mapperCall(call, fn)
	case hasPrefix(p, generatedClients):
		c.generatedCall(call, fn, p)
	default:
		c.wrapperCall(call) // the project's own CreateOrUpdate
		c.libraryCall(call)
	}
}

func hasPrefix(p string, prefixes []string) bool {
	for _, pre := range prefixes {
		if strings.HasPrefix(p, pre) {
			return true
		}
	}
	return false
}

// clientCall handles the methods of controller-runtime's client and
// cache: the object is the first parameter of an object type.
func (c *checker) clientCall(call *ast.CallExpr, fn *types.Func) {
	if !clientMethods[fn.Name()] || k8s.RecvNamed(fn) == nil {
		return
	}
	sig := fn.Type().(*types.Signature)
	for i := 0; i < sig.Params().Len() && i < len(call.Args); i++ {
		t := sig.Params().At(i).Type()
		switch {
		case k8s.IsNamed(t, k8s.Schema, "GroupVersionKind"):
			c.gvk(call.Args[i], use{call, fn.Name(), byMapper})
			return
		case isObjectParam(t):
			c.object(call.Args[i], use{call, fn.Name(), byMapper})
			return
		}
	}
}

// isObjectParam reports whether t is client.Object, client.ObjectList or
// runtime.Object. Since controller-runtime v0.23 client.Object and
// ObjectList are aliases of cacheapi's.
func isObjectParam(t types.Type) bool {
	for _, p := range []string{k8s.Client, crCacheAPI} {
		if k8s.IsNamed(t, p, "Object") || k8s.IsNamed(t, p, "ObjectList") {
			return true
		}
	}
	return k8s.IsNamed(t, k8s.Runtime, "Object")
}

// mapperCall handles meta.RESTMapper's lookups with a version.
func (c *checker) mapperCall(call *ast.CallExpr, fn *types.Func) {
	if recv := k8s.RecvNamed(fn); recv == nil || recv.Obj().Name() != "RESTMapper" {
		return
	}
	switch fn.Name() {
	case "KindFor", "KindsFor", "ResourceFor", "ResourcesFor":
		if len(call.Args) == 1 {
			c.gvr(call.Args[0], use{call, fn.Name(), byMapper})
		}
	case "RESTMapping", "RESTMappings":
		if len(call.Args) == 2 && call.Ellipsis == 0 {
			c.groupKindVersion(call.Args[0], call.Args[1], use{call, fn.Name(), byMapper})
		}
	}
}

// generatedCall handles the generated clientsets, informers and listers:
// the kind accessors of typed clients (BatchV1beta1().CronJobs(ns)) and
// informer factories (Batch().V1beta1().CronJobs()), and the
// New<Kind>Informer and New<Kind>Lister functions.
func (c *checker) generatedCall(call *ast.CallExpr, fn *types.Func, pkgPath string) {
	name := fn.Name()
	if k8s.RecvNamed(fn) == nil {
		kind, ok := strings.CutPrefix(name, "NewFiltered")
		if !ok {
			kind, ok = strings.CutPrefix(name, "New")
		}
		for _, suffix := range []string{"Informer", "Lister"} {
			if k, found := strings.CutSuffix(kind, suffix); ok && found {
				c.packageKind(pkgPath, k, use{call, name, byPath})
				return
			}
		}
		return
	}
	if name == "Lister" || name == "Informer" {
		return // a part of an informer already reported at its accessor
	}
	if c.forwards(call, fn) {
		return
	}
	if name == "RESTClient" {
		c.groupRESTClient(call, fn)
		return
	}
	res := interfaceResult(fn)
	if res == nil {
		return
	}
	rn := res.Obj().Name()
	if !strings.HasSuffix(rn, "Interface") && !strings.HasSuffix(rn, "Informer") {
		return
	}
	if api := servedType(res); api != nil {
		if row, ok := apilifecycle.Lookup(k8s.PkgPath(api.Obj().Pkg()), api.Obj().Name()); ok {
			c.judge(subjectOf(row), use{call, name, byPath}, nil)
		}
	}
}

// groupRESTClient judges the REST client of a typed group client
// (`cs.BatchV1beta1().RESTClient()`): every request made through it goes
// to that group version's path, whatever resource it names (an informer's
// `cache.NewListWatchFromClient(rc, "cronjobs", ...)`), so it is reported
// when the target serves no kind of the group version. The group version
// is that of the API types its kind accessors serve. The table lists
// every kind of an alpha or beta version but only some of a GA version
// (core/v1's rows are two kinds that vanished), so only prerelease
// versions are judged.
func (c *checker) groupRESTClient(call *ast.CallExpr, fn *types.Func) {
	recv := k8s.RecvNamed(fn)
	if recv == nil {
		return
	}
	ms := types.NewMethodSet(types.NewPointer(recv))
	if types.IsInterface(recv) {
		ms = types.NewMethodSet(recv)
	}
	for m := range ms.Methods() {
		getter, ok := m.Obj().(*types.Func)
		if !ok {
			continue
		}
		res := interfaceResult(getter)
		if res == nil {
			continue
		}
		api := servedType(res)
		if api == nil || api.Obj().Pkg() == nil {
			continue
		}
		if row, ok := apilifecycle.Lookup(k8s.PkgPath(api.Obj().Pkg()), api.Obj().Name()); ok {
			if s, ok := lookup(row.Group, row.Version, ""); ok && prerelease(row.Version) && !c.pathReplaced(call) {
				c.judge(s, use{call, "RESTClient", byPath}, nil)
			}
			return
		}
	}
}

// pathReplaced reports whether call, a group's RESTClient(), starts a
// request chain that sets its own path: rest.Request's RequestURI and
// AbsPath replace the group version's prefix (/apis/extensions/v1beta1),
// so the request goes to the path given (kubemacpool posts
// NetworkAttachmentDefinitions through ExtensionsV1beta1().RESTClient()).
func (c *checker) pathReplaced(call *ast.CallExpr) bool {
	if c.file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(c.file, call.Pos(), call.End())
	if len(path) == 0 || path[0] != call {
		return false
	}
	var cur ast.Node = call
	for _, n := range path[1:] {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if n.X != cur {
				return false
			}
			if n.Sel.Name == "RequestURI" || n.Sel.Name == "AbsPath" {
				return true
			}
		case *ast.CallExpr:
			if n.Fun != cur {
				return false
			}
		case *ast.ParenExpr:
		default:
			return false
		}
		cur = n
	}
	return false
}

// prerelease reports whether an API version is an alpha or a beta.
func prerelease(version string) bool {
	return strings.Contains(version, "alpha") || strings.Contains(version, "beta")
}

// forwards reports whether call, of fn, forwards the method being checked
// to the value it decorates: the method has fn's name, and its receiver's
// type implements the interface of the value it calls fn on (a metrics,
// tracing or logging wrapper of a client-go group client, which kyverno
// generates for every group version). It makes no request of its own; its
// callers' calls through the interface are judged.
func (c *checker) forwards(call *ast.CallExpr, fn *types.Func) bool {
	if c.fn == nil || c.fn.decl == nil || c.fn.decl.Recv == nil || c.fn.decl.Name.Name != fn.Name() {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	inner := c.pass.TypesInfo.TypeOf(sel.X)
	if inner == nil {
		return false
	}
	iface, _ := inner.Underlying().(*types.Interface)
	self, _ := c.pass.TypesInfo.Defs[c.fn.decl.Name].(*types.Func)
	if iface == nil || self == nil {
		return false
	}
	t := k8s.RecvNamed(self)
	return t != nil && (types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface))
}

// getterAssigned handles a typed clientset's group accessor stored as the
// getter of one kind (kubeClient.PodDisruptionBudgetsGetter =
// client.PolicyV1beta1(), zalando/postgres-operator): every request made
// through it goes to that group version, and the calls of the kind
// accessor through the field do not show which one. The group accessor's
// call is judged as the kind accessor's.
func (c *checker) getterAssigned(lhs, rhs ast.Expr) {
	call, ok := ast.Unparen(rhs).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return
	}
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil || k8s.RecvNamed(fn) == nil || !hasPrefix(k8s.PkgPath(fn.Pkg()), clientsets) {
		return
	}
	getter := k8s.NamedOf(c.pass.TypesInfo.TypeOf(lhs))
	if getter == nil || !strings.HasSuffix(getter.Obj().Name(), "Getter") {
		return
	}
	iface, ok := getter.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() != 1 {
		return
	}
	m := iface.Method(0)
	res := interfaceResult(m)
	if res == nil {
		return
	}
	if api := servedType(res); api != nil {
		if row, ok := apilifecycle.Lookup(k8s.PkgPath(api.Obj().Pkg()), api.Obj().Name()); ok {
			c.judge(subjectOf(row), use{call, m.Name(), byPath}, nil)
		}
	}
}

// interfaceResult returns fn's only result when it is a named interface
// (a typed client, an informer), or nil.
func interfaceResult(fn *types.Func) *types.Named {
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() != 1 {
		return nil
	}
	res := k8s.NamedOf(sig.Results().At(0).Type())
	if res == nil || !types.IsInterface(res) {
		return nil
	}
	return res
}

// servedType returns the API type that a typed client (its Get method) or
// an informer (its Lister's List method) returns.
func servedType(iface *types.Named) *types.Named {
	if t := resultOfMethod(iface, "Get", 0); t != nil {
		return k8s.NamedOf(t)
	}
	if l := resultOfMethod(iface, "Lister", 0); l != nil {
		if ln := k8s.NamedOf(l); ln != nil {
			if s, ok := resultOfMethod(ln, "List", 0).(*types.Slice); ok {
				return k8s.NamedOf(s.Elem())
			}
		}
	}
	return nil
}

// resultOfMethod returns result i of method name of t, or nil.
func resultOfMethod(t *types.Named, name string, i int) types.Type {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() <= i {
		return nil
	}
	return sig.Results().At(i).Type()
}

// packageKind judges kind of the API package that a generated informer or
// lister package stands for: the one whose path ends in the same
// <group>/<version>.
func (c *checker) packageKind(pkgPath, kind string, u use) {
	gv := path.Base(path.Dir(pkgPath)) + "/" + path.Base(pkgPath)
	for _, row := range apilifecycle.OfPackage(gv) {
		if row.Kind == kind {
			c.judge(subjectOf(row), u, nil)
			return
		}
	}
}

// literal handles the struct forms of old controller-runtime releases:
// source.Kind{Type: obj} and handler.EnqueueRequestForOwner{OwnerType: obj}.
func (c *checker) literal(lit *ast.CompositeLit) {
	n := k8s.NamedOf(c.pass.TypesInfo.TypeOf(lit))
	if n == nil {
		return
	}
	field, verb := "", ""
	switch p := k8s.PkgPath(n.Obj().Pkg()); {
	case p == crSource && n.Obj().Name() == "Kind":
		field, verb = "Type", "source.Kind"
	case p == crHandler && n.Obj().Name() == "EnqueueRequestForOwner":
		field, verb = "OwnerType", "EnqueueRequestForOwner"
	default:
		return
	}
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				c.object(kv.Value, use{lit, verb, byMapper})
			}
		}
	}
}

// mayWriteParams reports, without a summary, whether fn may write an
// object it is given: a function of the package that writes (itself or
// through the package's functions), or one of another package of the
// module with a summary; for a method of an interface of the module, the
// implementation a call runs.
func (c *checker) mayWriteParams(fn *types.Func) bool {
	fn = c.flow.Resolve(fn) // a method of the module's interface: its implementation
	if fn.Pkg() != c.pass.Pkg {
		return c.flow.SummaryOf(fn) != nil
	}
	decl := c.flow.Decl(fn)
	return decl != nil && c.flow.MayWrite(decl)
}

// wrapperCall judges a call of a function of the module that writes an
// object it is given (a client wrapper taking runtime.Object, whose kind
// the interface hides): an argument of a built-in kind's Go type is the
// kind the wrapper sends. Only arguments whose type is a kind of the
// lifecycle table cost a summary.
func (c *checker) wrapperCall(call *ast.CallExpr) {
	if len(call.Args) == 0 || c.flow == nil {
		return
	}
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil || !c.mayWriteParams(fn) {
		return // most calls: no argument's type need be looked up
	}
	for i, arg := range call.Args {
		n := k8s.NamedOf(c.pass.TypesInfo.TypeOf(c.unconvert(arg)))
		if n == nil || n.Obj().Pkg() == nil {
			continue
		}
		if _, ok := apilifecycle.Lookup(k8s.PkgPath(n.Obj().Pkg()), n.Obj().Name()); !ok {
			continue
		}
		s := c.flow.SummaryOf(fn)
		writes := s.WritesParam(i)
		if len(writes) == 0 {
			writes = s.CopyWritesParam(i) // a copy has the object's Go type, so its kind
		}
		if len(writes) == 0 {
			continue
		}
		how := byMapper
		if writes[0].API == k8s.APITyped || writes[0].API == k8s.APIDynamic {
			how = byPath
		}
		c.object(arg, use{call, fmt.Sprintf("%s (which calls %s)", types.ExprString(call.Fun), writes[0].CallName()), how})
	}
}

// libraryCall judges a call of a function of a downloaded or vendored
// module that is given a controller-runtime client and an object of a
// kind of the lifecycle table: a library that takes both talks to the
// server about that object with that client (presslabs/controller-util's
// syncer.NewObjectSyncer(name, owner, pdb, c, sync) creates or updates
// pdb when the syncer runs). The library's code has no summary (facts
// are the module's own), and its source may not be at hand; the client
// among its parameters is what says it sends.
func (c *checker) libraryCall(call *ast.CallExpr) {
	if len(call.Args) < 2 {
		return
	}
	fn := k8s.Callee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return
	}
	sig := fn.Type().(*types.Signature)
	if !takesClient(sig) || !c.downloaded(fn) {
		return
	}
	for i, arg := range call.Args {
		if i >= sig.Params().Len() || !isObjectParam(sig.Params().At(i).Type()) {
			continue
		}
		n := k8s.NamedOf(c.pass.TypesInfo.TypeOf(c.unconvert(arg)))
		if n == nil || n.Obj().Pkg() == nil {
			continue
		}
		if _, ok := apilifecycle.Lookup(k8s.PkgPath(n.Obj().Pkg()), n.Obj().Name()); ok {
			c.object(arg, use{call, types.ExprString(call.Fun) + " (a library given the client)", byMapper})
		}
	}
}

// downloaded reports whether fn is declared in a downloaded or vendored
// copy of a module other than controller-runtime's and client-go's, whose
// calls the other rules know by name.
func (c *checker) downloaded(fn *types.Func) bool {
	if modtree.IsLibrary(k8s.PkgPath(fn.Pkg())) {
		return false
	}
	file := c.pass.Fset.File(fn.Pos())
	return file != nil && modtree.IsCopy(filepath.Dir(file.Name()))
}

// takesClient reports whether one of sig's parameters is a
// controller-runtime client that can write.
func takesClient(sig *types.Signature) bool {
	for i := 0; i < sig.Params().Len(); i++ {
		for _, name := range []string{"Client", "Writer", "WithWatch"} {
			if k8s.IsNamed(sig.Params().At(i).Type(), k8s.Client, name) {
				return true
			}
		}
	}
	return false
}
