// Package resourceversion defines an Analyzer that reports Update of an
// object that never had a resourceVersion.
//
// # Analyzer resourceversion
//
// resourceversion: report Update of an object that never had a resourceVersion
//
// Update (and Status().Update, UpdateStatus) is a compare-and-swap on
// metadata.resourceVersion. An object built in the reconciler from a
// composite literal or new (directly, or returned by a constructor of the
// same package that builds it fresh), never filled by Get, List, Create or
// Patch and with no resourceVersion set or copied, has none:
//
//   - a custom resource is rejected: "metadata.resourceVersion: Invalid
//     value: 0x0: must be specified for an update";
//   - a built-in kind that allows unconditional updates is overwritten,
//     silently discarding concurrent changes by other writers (in _test.go
//     files, where fixtures are overwritten on purpose, built-in kinds are
//     not reported).
//
// The message says which. Objects that came from a parameter, Get, a List
// item, a DeepCopy of a fetched object, or that were handed to any code
// opvet cannot see through are never reported.
//
// Bad:
//
//	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns}, Data: data}
//	return r.Update(ctx, cm)
//
// Good:
//
//	cm := &corev1.ConfigMap{}
//	if err := r.Get(ctx, client.ObjectKey{Name: name, Namespace: ns}, cm); err != nil {
//		return err
//	}
//	cm.Data = data
//	return r.Update(ctx, cm)
//
// or build the desired object and let controllerutil.CreateOrUpdate,
// a merge Patch or server-side apply write it.
package resourceversion
