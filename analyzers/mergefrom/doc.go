// Package mergefrom defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer mergefrom
//
// mergefrom: report merge patches whose base aliases the patched object
//
// client.MergeFrom(obj) (and MergeFromWithOptions, StrategicMergeFrom)
// keeps obj as the base of the patch; the patch is computed when Patch
// runs, as the difference between the base and the object sent. When the
// base is the object that is then changed and sent, both sides are the
// same memory: the patch is "{}", the API server accepts it, and the
// change (a removed finalizer, a new label) is silently lost.
//
// The check follows objects and patches through the function (the object
// flow of passes/objflow: variables that alias the object, accessors of
// the package that return the same pointer, loops, branches, deferred
// closures, helpers of the package) and reports:
//
//   - client.MergeFrom(obj) whose base is changed (fields assigned,
//     setters called, passed to controllerutil.AddFinalizer, to a helper
//     that changes it or to any function taking it by reference,
//     meta.SetStatusCondition(&obj.Status...)) and then sent with
//     Patch(ctx, obj, patch) (client.Client, Status(), SubResource(...),
//     old StatusWriter, or Patch.Data(obj)). The suggested fix takes the
//     base from a copy: client.MergeFrom(obj.DeepCopy()).
//   - Patch(ctx, obj, client.MergeFrom(obj)): base and object are the same,
//     the patch is always empty.
//   - a patch variable built from obj and sent for obj with no change seen
//     in between (the change was made before MergeFrom, or where the
//     check cannot see it): the patch is empty either way. When the change
//     was made on a copy of obj that is never sent, the message says to
//     patch the copy against the original instead. The option
//     report-unchanged=false silences this case.
//   - base and object swapped: the base is a copy of the object sent,
//     changed after it was copied, while the object sent was not: the
//     patch goes from the changed copy back to the original and reverts
//     the change.
//   - client.MergeFrom(obj) handed, with obj, to a function of the module
//     (of the package, or exported by another package of the module) that
//     sends that patch for that object with Patch, when the function (or
//     the caller, in between) changes obj first. The message says to
//     take the base from a copy inside the function, before its change:
//     a copy in the caller would be stale when the function reads the
//     object from the API server first, so there is no suggested fix.
//   - Patch(ctx, &partial, client.MergeFrom(obj)) where partial is a
//     literal that holds only the metadata of obj (T{TypeMeta:
//     obj.TypeMeta, ObjectMeta: obj.ObjectMeta}) and obj was read whole:
//     the merge patch from obj to partial sets every other field to null,
//     so it clears obj's spec and content besides the change meant (a
//     label). Patch a changed deep copy of obj instead.
//   - a change of an object read from the API server made before
//     cluster-api's patch.NewHelper(obj, c) takes its snapshot, directly or
//     in a function of the module that takes it of an object it is given
//     (a scope constructor's patch.NewHelper(params.Machine, params.Client),
//     called with scope.MachineScopeParams{Machine: m}), and sent by no
//     other write of the function: the snapshot is the helper's base and
//     its Patch sends only what changed after it, so the change is never
//     sent. Changes are assignments, setters, controllerutil's finalizer
//     and owner helpers, meta.SetStatusCondition and the Set*, Mark* and
//     Delete functions of cluster-api's and flux's conditions packages.
//
// Bad:
//
//	patch := client.MergeFrom(obj)
//	controllerutil.RemoveFinalizer(obj, myFinalizer)
//	if err := r.Patch(ctx, obj, patch); err != nil { // sends {}: the finalizer stays
//
// Good:
//
//	patch := client.MergeFrom(obj.DeepCopy())
//	controllerutil.RemoveFinalizer(obj, myFinalizer)
//	if err := r.Patch(ctx, obj, patch); err != nil {
//
// Bad (the patch handed to a helper):
//
//	return unsetFinalizer(ctx, c, secret, client.MergeFrom(secret)) // the helper changes secret, then patches
//
// Good: the helper takes its base from a copy before its change:
//
//	patch := client.MergeFrom(obj.DeepCopyObject().(client.Object))
//	controllerutil.RemoveFinalizer(obj, myFinalizer)
//	return c.Patch(ctx, obj, patch)
//
// Bad (the change made before the scope constructor takes the snapshot):
//
//	conditions.MarkTrue(machine, TokenAvailableCondition) // never sent
//	machineScope, err := scope.NewMachineScope(scope.MachineScopeParams{Machine: machine})
//	defer machineScope.Close(ctx) // helper.Patch: what changed since NewHelper
//
// Good:
//
//	machineScope, err := scope.NewMachineScope(scope.MachineScopeParams{Machine: machine})
//	defer machineScope.Close(ctx)
//	conditions.MarkTrue(machine, TokenAvailableCondition)
//
// Not reported: client.MergeFrom(obj.DeepCopy()); a base copied before
// the change (base := obj.DeepCopy(); ...; client.MergeFrom(base)); obj =
// obj.DeepCopy() after taking the base; changing a copy and sending the
// copy; a copy taken after the object was only handed to code opvet cannot
// see (a library that may just read it): only a change seen is known to be
// lost; Patch(ctx, obj, client.MergeFrom(obj)) of an object made empty
// (&T{}, new(T)) and never changed or read, which has nothing to send;
// before a snapshot: a change of an object not read from the API server
// (built here: nothing older to compare), of its TypeMeta, one made only
// by code opvet cannot see, and one that a client write of the function
// sends before or after the snapshot (Update sends the whole object), of
// an object that a function literal holds (it may send it) or of a
// variable of an enclosing function, and in _test.go files, which build
// such states on purpose.
//
// Limits: a patch base taken in one function and sent in another is
// followed only into a function of the module that calls Patch with its
// parameters directly (not a patch stored in a struct, or a function that
// passes the patch on to another helper); a helper of another package is
// known by its summary, so the message names its change without a line;
// cluster-api's patch.Helper is judged only on changes made before it is
// made (its Patch takes no patch argument); a snapshot taken in a
// function of the module is known only when it is taken of a parameter or
// of a field of one, and the field is seen only in a struct literal
// written at the call; flux's patch helpers are not modelled.
package mergefrom
