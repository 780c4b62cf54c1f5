// Package statusupdate defines an Analyzer that reports status written
// through the wrong writer.
//
// # Analyzer statusupdate
//
// statusupdate: report status written through the wrong writer, so that the API server drops it
//
// When a kind has the status subresource (`// +kubebuilder:subresource:status`
// on a CRD type, and most built-in kinds with a status), the API server
// splits every object in two: a plain Update or Patch persists everything
// but the status, and Status().Update / Status().Patch (client-go:
// UpdateStatus, Patch(..., "status")) persists nothing but the status.
// Both calls succeed, so a write sent through the wrong one is dropped
// without an error. Within one function, the check reports:
//
//  1. Fields under .Status written (assignments, meta.SetStatusCondition(&obj.Status.Conditions, ...),
//     &obj.Status handed out), then the object sent with plain Update or Patch
//     and never with a status write: the status change is lost. The fix
//     (offered when only status changed) is Status().Update(ctx, obj).
//  2. Spec, labels, annotations, finalizers or owner references written, then
//     the object sent only with a status write: those changes are lost. For
//     built-in kinds only the spec is reported (pods/status keeps labels).
//  3. A status write of a kind that has no status subresource (ConfigMap,
//     Secret, a CRD without the marker): the API server answers 404 "the
//     server could not find the requested resource". The fix is the plain
//     write.
//
// Bad:
//
//	obj.Status.Phase = "Ready"
//	return r.Update(ctx, obj) // status dropped
//
//	controllerutil.AddFinalizer(obj, finalizer)
//	return r.Status().Update(ctx, obj) // finalizer dropped
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
// The check understands controller-runtime clients old and new
// (client.StatusWriter and client.SubResourceWriter, Status() and
// SubResource("status"), called on an interface, an embedded client or a
// field), client-go typed clientsets including those generated for CRDs,
// and the dynamic client. Server-side apply, Create, CreateOrUpdate and
// CreateOrPatch are never reported. Rules 1 and 2 only follow objects held
// by local variables: an object passed to a function opvet cannot see
// through, copied, returned or stored may be persisted elsewhere, and is
// not reported; nor is an object received as a parameter (the caller may
// write the rest). Whether a kind has the status subresource comes from a
// table of built-in kinds and from the kubebuilder markers above the type's
// declaration (read from its source file when it is declared in another
// package); when it is unknown, the check stays silent.
package statusupdate
