// Package statusupdate defines an Analyzer that reports status written
// through the wrong writer.
//
// # Analyzer statusupdate
//
// statusupdate: report status written through the wrong writer, so that the API server drops it
//
// When a kind has the status subresource (`// +kubebuilder:subresource:status`
// on a CRD type, unless every CRD manifest of its group and kind in the
// module lacks the subresource for its version: the clusters that installed
// them keep status on Update, and crdmanifests reports the drift; for a
// type with client-gen's `// +genclient` and no such
// marker, `subresources: status` in every CRD manifest of its group and
// kind in the module, or in every CustomResourceDefinition its package
// builds in Go; and most built-in kinds with a status), the API server
// splits every object in two: a plain Update or Patch persists everything
// but the status, and Status().Update / Status().Patch (client-go:
// UpdateStatus, Patch(..., "status")) persists nothing but the status.
// Both calls succeed, and controller-runtime then replaces the object in
// memory with what the server stored, so a change sent through the wrong
// one is lost without an error, even when the other write follows. The
// check follows each object through the function (the object flow of
// passes/objflow) and reports:
//
//  1. Fields under .Status changed (assignments, meta.SetStatusCondition(&obj.Status.Conditions, ...),
//     a condition set of awslabs/operatorpkg bound to the object,
//     obj.StatusConditions().SetTrue(t), as karpenter writes them,
//     &obj.Status handed out, a helper of the package that changes it) and
//     not yet sent with a status write when the object is sent with a plain
//     Update or Patch: the status change is lost; a status write after it
//     sends the old status, unless the status was saved before (status :=
//     obj.Status.DeepCopy(), or saved := obj.DeepCopy() whose status the
//     function copies back: obj.Status = saved.Status; or a field of it
//     copied into another object's status, curr.Status.X = obj.Status.X,
//     which a fresh read's status write then sends) or changed again. A
//     plain write on one branch
//     (if failed { r.Patch(...) }) is reported even when the status write
//     after the branch sends the change on the other path. A plain write
//     reached where the status write failed with NotFound (a fallback for
//     a kind without the status subresource) is not reported: the object,
//     or its status subresource, is not there, so nothing is dropped.
//     Nor is one reached both where a status write of the change succeeded
//     and where it failed and the code went on (the error logged, then an
//     Update that adds a finalizer): the plain write loses nothing that the
//     failed status write did not. One reached only where the status write
//     failed (if IsConflict(err) { return r.Update(ctx, obj) }) is reported.
//     A helper's status changes count at its write only where they are
//     pending there in the helper (not those it makes on another branch).
//     A client-go write of an object the function was given (a parameter,
//     the receiver, or an object in a field of one that the function does
//     not assign), with no status write after it in the function, is not
//     reported either: a client-go write does not replace the object in
//     memory, so the status change stays in the caller's object for the
//     caller to send (knative's generated reconcilers update the status
//     after ReconcileKind returns). For the same reason a client-go
//     UpdateStatus leaves nothing to lose: obj, err = c.UpdateStatus(ctx,
//     obj, ...) in an if, then Update(obj) after it, is not reported, nor
//     is a client-go Update followed by a status write in a deferred
//     function, which sends the status still in memory.
//     Clearing the whole status (obj.Status = T{} before Update) trims what
//     the plain write sends and is not reported: no plain write is meant
//     to store an empty status. The fix (offered when only
//     status changed and nothing writes the status) is Status().Update(ctx, obj).
//  2. Spec, labels, annotations, finalizers or owner references changed
//     and not yet sent with a plain write when the object is sent with a
//     status write: those changes are lost. For built-in kinds only the
//     spec is reported (pods/status keeps labels). Finalize of
//     controller-runtime's finalizer.Finalizers changes the finalizers
//     (it adds or removes them in memory) except where its Result's
//     Updated is false: sending the object with a status write next, and
//     then with Update, sends the stored finalizers back
//     (operator-framework/operator-controller#1283); keep them aside
//     (finalizers := obj.Finalizers) and put them back after the status
//     write. Clearing the whole spec
//     (copy.Spec = T{} before UpdateStatus) trims what the status write
//     sends and is not reported: no write is meant to store an empty spec.
//  3. A status write of a kind that has no status subresource (ConfigMap,
//     Secret, a CRD without the marker): the API server answers 404 "the
//     server could not find the requested resource". The fix is the plain
//     write.
//  4. An object the function receives (a parameter) sent with a plain
//     Update or Patch of controller-runtime, then with a status write, and
//     its status not changed in between: the plain write replaced it with
//     what the server stored, so the status write sends the stored status
//     back, and the status its caller set is lost, whether or not opvet
//     sees that change (callers behind an interface, in other modules).
//     Reported at the plain write (if the caller changed no status, the
//     status write then does nothing). An object the function reads itself
//     is not reported unless a status change is seen (rule 1): without one
//     the status write only repeats the stored status. Nor is a status
//     write by a helper of the package that sets the status itself before
//     it sends it (setReadyStatus(ctx, c, obj)): it sends the status it set.
//
// Bad:
//
//	obj.Status.Phase = "Ready"
//	return r.Update(ctx, obj) // status dropped
//
//	controllerutil.AddFinalizer(obj, finalizer)
//	obj.Status.Phase = "Pending"
//	if err := r.Update(ctx, obj); err != nil { // obj.Status is now the stored one
//		return err
//	}
//	return r.Status().Update(ctx, obj) // sends the old status
//
// Good:
//
//	controllerutil.AddFinalizer(obj, finalizer)
//	if err := r.Update(ctx, obj); err != nil {
//		return err
//	}
//	obj.Status.Phase = "Ready"
//	return r.Status().Update(ctx, obj)
//
// Bad (rule 4):
//
//	func (r *Reconciler) save(ctx context.Context, obj *v1.Widget) error {
//		if err := r.Update(ctx, obj); err != nil { // obj is now the stored object
//			return err
//		}
//		return r.Status().Update(ctx, obj) // sends the stored status, not the caller's
//	}
//
// Good:
//
//	func (r *Reconciler) save(ctx context.Context, obj *v1.Widget) error {
//		status := obj.Status.DeepCopy()
//		if err := r.Update(ctx, obj); err != nil {
//			return err
//		}
//		obj.Status = *status // the caller's status, with the new resourceVersion
//		return r.Status().Update(ctx, obj)
//	}
//
// (A merge patch needs no resourceVersion: patching a deep copy,
// r.Patch(ctx, obj.DeepCopy(), client.MergeFrom(base)), keeps obj as it
// was.) A write of a deep copy made in the call's argument sends obj's
// changes of the part it persists and leaves obj as it was in memory:
// after r.Update(ctx, obj.DeepCopy()), obj's spec and metadata changes are
// saved and its status changes are still there for the status write.
// Where a field of the object equals the same field of a copy of it
// (reflect.DeepEqual or equality.Semantic.DeepEqual of the two, ==, or
// a function of the package whose result implies that, such as
// needsUpdate(old, obj) false), the changes one of them made there since
// the copy left it as it was, and a write on that branch neither drops
// nor sends them.
//
// The check understands controller-runtime clients old and new
// (client.StatusWriter and client.SubResourceWriter, Status() and
// SubResource("status"), called on an interface, an embedded client or a
// field), client-go typed clientsets including those generated for CRDs
// and those before client-go v0.18, the dynamic client, and functions of
// the package that write the object they are given (helpers, client
// wrappers): the finding is then at the call of the helper. Objects
// received as parameters and changed in closures (a retry loop) are
// followed like the others, and a closure that runs only while the
// function calls it (a deferred closure, a local closure that is only
// called, the callback of retry.RetryOnConflict, wait's polls or
// meta.EachListItem) is followed as part of the function. A pointer
// method called on the status (obj.Status.SetPhase(p)) changes it, unless
// its body, when it is the project's, only reads. Server-side apply,
// Create, CreateOrUpdate and CreateOrPatch are never reported, nor writes
// of objects handed to code opvet cannot see, captured by a closure, or
// returned (the caller may write the rest) before the write or on a path
// after it; a status write on no path through a plain write (the plain
// write's branch returns) does not count as resending its status; a spec handed by address to code opvet cannot see
// (store.Record(&obj.Spec)) counts as read, not as a spec change that a
// status write drops; a list only sorted in place (sort.Strings(obj.Spec.Tags)
// to compare it, slices.SortFunc(obj.Status.Conditions, ...)) whose write
// drops the new order, which loses no value (slices.Delete and the like do
// count); _test.go files (tests use fake clients that keep
// whatever they are sent, or fail where a lost status is read). Whether a kind has the status subresource comes from a table of
// built-in kinds and from the kubebuilder markers above the type's
// declaration (read from its source file when it is declared in another
// package; a +genclient kind without +kubebuilder:subresource:status or
// +genclient:noStatus is unknown, since its CRD may come from other
// tools, unless its CRDs in the module, as manifests or built in Go, say);
// when it is unknown, the check stays silent.
//
// An object kept in a field of a per-request struct (v := &instance{obj:
// obj}) is followed through the methods of the package called on it: when
// the caller changed the status and a method then sends v.obj with a plain
// Update, the finding is at that method's write, where the status must be
// saved and restored (status := v.obj.Status ... v.obj.Status = status):
//
//	v.obj.Status.Phase = "Reconciling"
//	v.addFinalizer(f) // func (v *instance) addFinalizer(f string) error { ...; return v.r.Update(v.ctx, v.obj) }
//	return v.updateStatus() // sends the stored status, not "Reconciling"
//
// Limits: changes made and writes sent by helpers of other packages are
// seen only through their summaries (what they do to the objects they are
// given); an object handed to code opvet cannot see, before or after the
// change, is not judged (a struct that another package builds around it
// may send it).
package statusupdate
