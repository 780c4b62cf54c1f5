// Package finalizers defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer finalizers
//
// finalizers: report Kubernetes finalizers that are never removed, added too late, or never saved
//
// A Kubernetes finalizer (metadata.finalizers) holds an object in
// Terminating until the controller that owns it removes it. The check
// reports six mistakes:
//
//  1. A finalizer added (controllerutil.AddFinalizer(obj, name),
//     obj.Finalizers = append(obj.Finalizers, name), or
//     obj.SetFinalizers(append(obj.GetFinalizers(), name)), or a helper
//     whose name says it adds one, such as cluster-api's
//     finalizers.EnsureFinalizer(ctx, c, obj, name)) that no code of
//     the module removes: objects that carry it stay in Terminating forever,
//     and their namespace with them. Names are compared by constant value
//     and by constant name, across the packages of the module. A removal
//     is a name given to a removing call (RemoveFinalizer, also an API
//     type's own `obj.RemoveFinalizer(name)`, a helper whose
//     name says it removes), compared with the list's items, or looked up
//     by index where the index cuts the item out (idx :=
//     slices.Index(obj.Finalizers, name); slices.Delete(obj.Finalizers,
//     idx, idx+1), or append(list[:idx], list[idx+1:]...)).
//  2. A finalizer added on a path where the object may already be being
//     deleted: on some path from an entry point of the package to the
//     add, no deletion check of that object (obj.DeletionTimestamp.IsZero(),
//     obj.GetDeletionTimestamp() != nil, a boolean variable holding one
//     or narrowed by one (ok = ok && obj.DeletionTimestamp == nil),
//     or a helper that makes one or whose name speaks of deletion) said it
//     is not being deleted; or a check said it is (the else branch of
//     "if deleting && has { remove } else { add }"). Paths follow the
//     object flow (passes/objflow) within the function and, for an object
//     received as a parameter, into each caller of the package; a check
//     that only runs in a deferred closure comes after the add; a deep
//     copy (cpy := obj.DeepCopy()) has its source's DeletionTimestamp and
//     is judged by the checks of what it copies. Entry
//     points are Reconcile methods, and methods returning
//     (reconcile.Result, error) that the package never names, neither
//     directly nor through a method of an interface their type
//     implements: a reconciler elsewhere calls them with the object it
//     read (a module's generic reconciler that hands it to
//     ReconcileResource(ctx, obj)), so their object parameters may be
//     being deleted. The same holds for a Reconcile method the package
//     never calls: controller-runtime hands an ObjectReconciler's
//     Reconcile(ctx, obj) the object it read, and an object a generic
//     reconciler reads into a field of its own (r.Get(ctx, key,
//     r.Provider)) is checked by nothing before Reconcile. An add wrapper of
//     another package of the module (k8s.AddFinalizer(ctx, log, c, obj,
//     name)) adds where it is called, unless its body, read from its
//     source file, checks deletion itself. The API
//     server refuses the write ("Forbidden: no new finalizers can be added
//     if the object is being deleted") and the reconciler fails until the
//     object is gone.
//  3. A constant finalizer name without a "/": the API server answers
//     each create or update that adds it with a warning ("prefer a
//     domain-qualified finalizer name"), and a short name can collide
//     with other controllers' (a domain-like one, widget.example.com, is
//     as unique as its domain: only the warning is said).
//     A constant of a downloaded or vendored module (another API's own
//     name, such as the Gateway API's GatewayClassFinalizerGatewaysExist,
//     which its implementations must use) is not reported: renaming it is
//     no fix.
//  4. AddFinalizer or RemoveFinalizer on an object held in a local variable
//     that is never updated or patched afterwards in that function, nor
//     handed to code that could save it (passed to another function,
//     returned, captured, stored): the change never reaches the API server.
//     For an object the function read from the API server, this is judged
//     path by path: a path that makes the change and returns no error
//     without writing the object (while another path writes it, such as
//     "if deleting { RemoveFinalizer(obj, f); return ctrl.Result{}, nil }")
//     is reported with the line of its return. A path where AddFinalizer
//     or RemoveFinalizer returned false (tested directly, or through a
//     variable: if ok := controllerutil.AddFinalizer(obj, f); !ok {...})
//     changed nothing; a path that returns an error is retried (also an
//     error handed on in a result value: return result.Error(err), or
//     return actionError{fmt.Errorf("...: %w", err)}); a write in
//     a deferred call saves every path. A change made by a function of the
//     package on an object it was handed (a parameter, a field of a
//     per-request scope) is judged in its callers, up to three calls up:
//     one that read the object into a local and returns no error on a
//     path through the call without writing the object at or after it
//     ("if deleting { return r.reconcileDelete(scope) }" where
//     reconcileDelete only removes the finalizer) is reported at the
//     change, with the caller and the line of its return. A finalizer
//     list edited by a function of the package that does not write the
//     object (dropFinalizer(obj), however it edits the list) is a change
//     at its call, judged path by path the same way. Wherever the
//     object is held (a
//     local, a parameter, a field of a per-request scope), a change whose
//     first write afterwards is a controller-runtime status write
//     (Status().Update, Status().Patch, in the function or in a function
//     of the package it calls) is reported too: the status subresource
//     ignores metadata, and the client decodes the stored object into the
//     one it sent, so the change is lost, also for a later write.
//  5. A removal (RemoveFinalizer, or a store that drops finalizers without
//     naming one: obj.Finalizers = nil, obj.SetFinalizers(without(...)))
//     that an inverted error check makes unreachable when the call before
//     it succeeds: "if !apierrors.IsNotFound(err) { return ...
//     }" also returns when err is nil, so the finalizer is removed only
//     when the cleanup failed with NotFound and the object stays in
//     Terminating. The suggested fix tests err != nil first. Checks inside
//     a branch where err != nil are not reported.
//  6. Finalizers added or removed after client.MergeFrom's base was
//     copied, and sent with that patch (also when the change is made by a
//     callback that the package's patch helper is given): a JSON merge
//     patch carries the changed list whole and, from MergeFrom, no
//     resourceVersion, so the server's list is replaced by the one in
//     memory, read from the cache maybe seconds ago. A finalizer that
//     another controller or the garbage collector (foregroundDeletion)
//     added meanwhile is dropped; one removed meanwhile is added back,
//     which the API server refuses while the object is being deleted ("no
//     new finalizers can be added if the object is being deleted") until
//     the cache catches up. The suggested fix adds the optimistic lock
//     (client.MergeFromWithOptions(base,
//     client.MergeFromWithOptimisticLock{})): a stale patch then fails
//     with a conflict, and the reconcile is retried with the current
//     object. Not reported: status patches (they send no metadata), and a
//     patch in a function that retry.OnError or retry.RetryOnConflict runs
//     again, which reads the object before changing it (each attempt patches
//     from a fresh base), and a list cleared whole (obj.Finalizers = nil,
//     obj.SetFinalizers([]string{})), whose patch is "finalizers": null
//     whatever the base held, so the lock would change nothing. The option
//     merge-patch=false turns this item off.
//
// Bad:
//
//	func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		obj := &v1.Widget{}
//		if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
//			return ctrl.Result{}, client.IgnoreNotFound(err)
//		}
//		controllerutil.AddFinalizer(obj, "cleanup") // before the deletion check, no domain, never removed
//		return ctrl.Result{}, r.Update(ctx, obj)
//	}
//
// Good (the kubebuilder scaffold):
//
//	const widgetFinalizer = "example.com/cleanup"
//
//	if obj.DeletionTimestamp.IsZero() {
//		if controllerutil.AddFinalizer(obj, widgetFinalizer) {
//			return ctrl.Result{}, r.Update(ctx, obj)
//		}
//	} else if controllerutil.ContainsFinalizer(obj, widgetFinalizer) {
//		if err := r.cleanup(ctx, obj); err != nil {
//			return ctrl.Result{}, err // keep the finalizer: the cleanup is retried
//		}
//		controllerutil.RemoveFinalizer(obj, widgetFinalizer)
//		return ctrl.Result{}, r.Update(ctx, obj)
//	}
//
// Bad (item 6):
//
//	patch := client.MergeFrom(obj.DeepCopy())
//	controllerutil.RemoveFinalizer(obj, widgetFinalizer)
//	return r.Patch(ctx, obj, patch) // undoes finalizer changes made since the read
//
// Good:
//
//	patch := client.MergeFromWithOptions(obj.DeepCopy(), client.MergeFromWithOptimisticLock{})
//	controllerutil.RemoveFinalizer(obj, widgetFinalizer)
//	return r.Patch(ctx, obj, patch) // a conflict if the object changed: retried
//
// Finding removals without facts: the check does not use analysis facts,
// which would make the standalone driver load every dependency from
// source. A package that adds a finalizer it does not remove itself reads
// the non-test Go files of its module from disk instead (the module root
// is the nearest go.mod; vendor, testdata, hidden and _ directories and
// nested modules are skipped; only files that mention "finalizer" are
// parsed) and looks, without type information, for removals: a call of
// RemoveFinalizer, of a function whose name says it removes (removeString,
// sets.Delete, slices.DeleteFunc), of a helper that passes its parameter on
// to one of those, a comparison with the name in a function that handles
// finalizer lists, or code that clears all finalizers. Constants are
// resolved by value from their declarations, in the same package or in
// another package of the module named by import path; constants of other
// modules match by import path and name. When the module cannot be read,
// item 1 reports nothing.
//
// Not reported: finalizers that Kubernetes owns ("orphan",
// "foregroundDeletion", names under kubernetes.io and k8s.io); names in
// the ignore option (items 1 and 3); functions that no entry point of
// the package reaches, and add wrappers of other modules (item 2); objects that came in as parameters (of the
// function, or of a function literal in it, such as a patch helper's
// mutate callback) or are handed to other code (item 4); test files.
//
// Limits: a deletion check in a helper of another package whose name does
// not speak of deletion is not seen, so the add after it may be reported;
// a finalizer added to an object held in a reconciler field and never saved
// is not reported (item 4 follows locals).
package finalizers
