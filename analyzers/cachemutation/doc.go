// Package cachemutation defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer cachemutation
//
// cachemutation: report changes of objects that belong to a shared informer cache
//
// client-go's listers and informer indexers return the cache's own
// objects, not copies: every controller and goroutine that reads the
// cache gets the same pointer. Changing such an object (a label, a
// status field, a finalizer) changes what every other reader sees, makes
// the cache disagree with the cluster until the next watch event, and,
// when two goroutines write the same map at once, crashes the process
// with "fatal error: concurrent map writes", which recover cannot catch
// (kubesphere/kubesphere#4599, tektoncd/pipeline#2734,
// kubernetes-retired/service-catalog#1887,
// operator-framework/operator-lifecycle-manager#2562). controller-runtime's
// cache copies objects for its readers unless asked not to: Get and List
// with client.UnsafeDisableDeepCopy copy only the struct, so the maps,
// slices and pointers of the object read are still the cache's
// (odigos-io/odigos#4653).
//
// The check follows objects through the function (the object flow of
// passes/objflow: variables, range loops, type assertions of the
// interface{} items of stores and indexers, struct copies, and helpers of
// the package that change their parameters) and reports the first change
// of each object (and a change that some path reaches with the object
// still unchanged: on another branch, or after a branch that changed it
// and re-bound the variable to the server's response; one copy after the
// read fixes them all; a helper's changes once per helper; after if m ==
// nil { m = ... }, the write m[k] = v too, the first change where the map
// was there) that comes from:
//
//   - a lister's Get or List (the listers client-go generates for built-in
//     kinds and for CRDs, cache.GenericLister);
//   - a store's or indexer's Get, GetByKey, List, ByIndex or Index;
//   - an informer's event handler: the arguments of the functions held in
//     cache.ResourceEventHandlerFuncs, ResourceEventHandlerDetailedFuncs
//     and FilteringResourceEventHandler's FilterFunc, and of the OnAdd,
//     OnUpdate and OnDelete methods of a cache.ResourceEventHandler;
//   - a controller-runtime predicate, which controller-runtime calls with
//     the informer's objects: the objects of the event (e.ObjectNew,
//     e.MetaNew) of a Create, Update, Delete or Generic method taking an
//     event and returning a bool, of the functions held in predicate.Funcs,
//     and the argument of predicate.NewPredicateFuncs' filter;
//   - a controller-runtime event handler, which it also calls with the
//     informer's objects: the objects of the event of a Create, Update,
//     Delete or Generic method taking an event (after a context, from
//     v0.15) and the work queue, and of the functions held in
//     handler.Funcs;
//   - a controller-runtime Get or List with client.UnsafeDisableDeepCopy
//     (or UnsafeDisableDeepCopyOption(true)), or a struct copy of a cached
//     object: only changes through its maps, slices and pointers
//     (obj.Labels[k] = v, delete(obj.Annotations, k), *obj.Spec.Replicas =
//     n, meta.SetStatusCondition, controllerutil.RemoveFinalizer, which
//     shift or update elements in place, and a write through a variable
//     that holds the map or slice a field or getter returned: a :=
//     obj.GetAnnotations(); a[k] = v, since metav1's getters return the
//     field itself) write the cache's memory.
//
// A change is a field assignment, a map write or delete, an append to a
// field, a metav1 setter (SetLabels, SetFinalizers, ...),
// controllerutil.AddFinalizer, RemoveFinalizer, SetControllerReference,
// meta.SetStatusCondition(&obj.Status.Conditions, ...),
// metav1.SetMetaDataLabel, a write into an unstructured object's content
// map (m[k] = v, delete(m, k), unstructured.SetNestedField(m, ...) and the
// other SetNested functions and RemoveNestedField, where m is u.Object,
// u.UnstructuredContent() or runtime.DefaultUnstructuredConverter's
// ToUnstructured(u), which return the object's own map, not a copy; a
// typed object is converted into a new map, so only an object that is
// unstructured or held in an interface counts), a change of
// &unstructured.Unstructured{Object: m} (the same map, so the same
// object), or a call of a function of the module (of the
// package, or exported by another package of the module) that makes one of
// these changes to its parameter. A lister by its name and shape that is a
// function of the module returning objects of its own (a test double that
// returns deep copies) is no cache.
//
// Bad:
//
//	pod, err := c.podLister.Pods(ns).Get(name)
//	if err != nil {
//		return err
//	}
//	pod.Annotations["example.com/seen"] = "true" // the informer's own Pod
//	_, err = c.kube.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
//
// Good:
//
//	pod, err := c.podLister.Pods(ns).Get(name)
//	if err != nil {
//		return err
//	}
//	pod = pod.DeepCopy()
//	pod.Annotations["example.com/seen"] = "true"
//	_, err = c.kube.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
//
// Not reported: changes of a deep copy (DeepCopy, DeepCopyObject,
// DeepCopyInto); reads; objects read with the default controller-runtime
// client or cache (they are copies) or a typed client; assignments to the
// fields of a struct copy of a cached object (not to its maps), and maps
// the copy was given of its own; objects handed to code opvet cannot see,
// which may only read them; and _test.go files, whose stores, listers and
// informers are the test's own fakes, changed on purpose to show that the
// code under test copies what it reads (kubernetes-ingress-controller's
// cache store snapshot test).
//
// Where it is reported: a change the function makes itself, at the change.
// A change made by functions of the package it hands the object down to
// (c.reconcile(obj) calls c.initStatus(obj), which sets a field and
// sends the object), in the innermost function that changes the object and
// then writes it: that read-modify-write is where the copy belongs, as in
// client-go's sample-controller (copy := foo.DeepCopy(); change copy;
// UpdateStatus(copy)). The message names the read and the call that hands
// the object down. A change that no function of the chain writes after it
// (a setter) is reported at the outermost call, where the object is known
// to be cached. A change made by a function of another package of the
// module is reported at its call (facts carry no positions).
//
// Objects grouped into the fields of a struct the function builds (or a
// helper of the module returns), such as struct{ ready, pending []*T },
// are followed field by field.
//
// Such a struct handed to a function of the package (groups, &groups or
// *groups as an argument) is followed through that function's summary,
// and so is a closure given, with a slice of objects, to a generic
// function of another package (utils.DoItSlowlyWithInputs(items, n,
// func(item *T) error {...}), lo.ForEach): by Go's type rules such a
// function can only call the closure with the values it was given, unless
// its constraint can copy them (T interface{ DeepCopy() T }, a helper that
// changes and sends a deep copy): then the closure changes a copy, and is
// not reported. On the branch where an object's resourceVersion is empty
// (if observed.ResourceVersion == "" { build(observed) }) the object is
// not the cache's, whose objects always have one.
//
// Limits: cached objects returned by an interface method or a function of
// another module, objects of controller-runtime's map functions
// (handler.EnqueueRequestsFromMapFunc), and objects kept in a
// struct that is handed to other code (a method of another package, an
// argument of a function of another package) and changed later are not
// followed. A closure handed to a function that is not generic (a batch
// helper taking func(i int)) is not followed. A variable holding a field's map is followed only when
// it is defined once and re-bound only where it is nil.
package cachemutation
