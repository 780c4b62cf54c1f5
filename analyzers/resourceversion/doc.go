// Package resourceversion defines an Analyzer that reports Update of an
// object that never had a resourceVersion.
//
// # Analyzer resourceversion
//
// resourceversion: report Update of an object that never had a resourceVersion
//
// Update (and Status().Update, UpdateStatus) is a compare-and-swap on
// metadata.resourceVersion. An object built in the reconciler, never
// filled by Get, List, Create or Patch and with no resourceVersion set or
// copied, has none (a Get or List of the project's own interface that
// takes controller-runtime's read options, as client.Reader's do, is such
// a read):
//
//   - a custom resource is rejected: "metadata.resourceVersion: Invalid
//     value: 0x0: must be specified for an update";
//   - so are the few built-in kinds whose API server strategy requires a
//     resourceVersion: PodDisruptionBudget, Lease, LeaseCandidate, the
//     webhook configurations and admission policies, RuntimeClass,
//     CSIDriver, CSINode, CSIStorageCapacity, VolumeAttachment,
//     ClusterTrustBundle, PodCertificateRequest, StorageVersion,
//     StorageVersionMigration and CustomResourceDefinition (Kubernetes
//     1.34);
//   - any other built-in kind allows unconditional updates and is
//     overwritten, silently discarding concurrent changes by other
//     writers (a Service only from Kubernetes 1.23: older API servers
//     reject it, and the message says so).
//
// The message says which. The check follows the object that reaches each
// Update, on every path (the object flow of passes/objflow), not the
// variable: a variable filled by Get and then re-bound to a builder's
// result holds a fresh object. Fresh objects are composite literals,
// new(T), zero struct variables, the results of functions of the package
// that build them, objects decoded from YAML or JSON (unless the bytes
// are, through local variables and calls that take bytes, the encoding of
// an object that may hold a resourceVersion: a deep copy through JSON, or
// the fetched object with a merge patch applied), their copies, and
// the elements of local slices and maps of those (each range iteration
// visits another element). Writes are those of controller-runtime clients,
// client-go typed clientsets (with and without a context), the dynamic
// client, and functions of the module that update the object they are
// given (helpers, client wrappers, also when called through an interface
// of the module whose one implementation the package can see): the
// finding is then at the call that hands over the fresh object. When an Update may send objects of several
// kinds (a loop over desired objects) and the resourceVersion is copied
// for some kinds only, the kind that never gets one is reported.
//
// An object received as a parameter (the desired object), or an element
// of a parameter's slice in a loop over it, is reported when the function
// reads the current object of the same kind under its name (Get into
// another variable, the object that a typed or dynamic client's Get
// returns, kept or dropped, or the object that a lookup helper of the
// module returns from a lister, a cache or the API server) and then sends
// the desired object with Update, directly or through a wrapper of the
// package, without copying the resourceVersion: "existing vs desired"
// with the copy forgotten (copying only the name is not enough). When the
// function can only be called from its package (an unexported name, also
// when called through an interface of the package that declares the
// method) and some call there hands it an object that shows it may hold
// a resourceVersion (read from the server or a cache, or a copy of one,
// decoded, or handed to code opvet cannot see; a caller's own parameter,
// or a copy of it, is judged by that caller's calls), its caller gave it
// one and nothing is reported; objects captured from an enclosing
// function or taken from a collection show nothing, and exported
// functions, functions used as values and functions never called in the
// package are reported, their callers unseen.
// Comparisons the caller hands in (a func(a, b *T) bool parameter) only
// read the objects; other callbacks may fill them.
//
// The object that a client-go typed client's call returns on the path
// where the call failed (cm, err := c.Create(ctx, def, ...); if
// IsAlreadyExists(err) { c.Update(ctx, cm, ...) }) is empty: the
// generated clients return a new object, unfilled, with the error. Its
// Update is reported, whatever the kind: it has no name, so the request
// fails.
//
// An object that the function gives a resourceVersion (SetResourceVersion,
// an assignment of the field or of the whole ObjectMeta) on some paths to
// an Update and not on the others, where nothing else may have given it
// one, is reported at the Update: the copy says the object needs it, and
// the paths that skip the copy send it without one (a copy made for some
// kinds only, in an if on the kind or a case of a type switch). A copy
// skipped because of the read it copies from is not reported: a condition
// on the current object (current != nil), on an error (err == nil), or on
// a variable assigned from one (found := err == nil) skips it where the
// current object was not read, and there the Update fails with NotFound or
// the code creates instead. A test that the object's resourceVersion is
// empty (if obj.ResourceVersion == "") counts as giving it one where it is
// not. When a helper of the package gives the resourceVersion on some of
// its paths and updates the object itself, the helper's own Update is
// judged, not each call of it.
//
// Bad:
//
//	if err := c.Get(ctx, key, current); err != nil {
//		return err
//	}
//	if kind == "services" || kind == "apiservices" {
//		desired.SetResourceVersion(current.GetResourceVersion())
//	}
//	return c.Update(ctx, desired) // a PodDisruptionBudget is rejected
//
// Good:
//
//	desired.SetResourceVersion(current.GetResourceVersion())
//	return c.Update(ctx, desired)
//
// A resourceVersion copied from a copy of the object taken before a read
// filled it (current := o.DeepCopyObject(); Get(ctx, key, o);
// o.SetResourceVersion(current.GetResourceVersion()); Update(ctx, o)) is
// the one the object had before the read: none for a desired object, an
// older one otherwise. The SetResourceVersion call is reported when the
// object is then sent with Update and not read again in between.
//
// Bad:
//
//	current := desired.DeepCopyObject().(client.Object)
//	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), desired); err != nil { // reads into desired
//		return err
//	}
//	desired.SetResourceVersion(current.GetResourceVersion()) // the version from before the Get
//	return c.Update(ctx, desired)
//
// Good:
//
//	current := desired.DeepCopyObject().(client.Object)
//	if err := c.Get(ctx, client.ObjectKeyFromObject(desired), current); err != nil {
//		return err
//	}
//	desired.SetResourceVersion(current.GetResourceVersion())
//	return c.Update(ctx, desired)
//
// Never reported: objects that may come from a parameter (but see above),
// Get, a List item, a cache, a DeepCopy of a fetched object, or that were
// handed to code opvet cannot see through, captured by a closure, or
// created with controller-runtime (which decodes the stored object, and
// its resourceVersion, into the object; client-go's Create returns the
// stored object and leaves its argument without one);
// _test.go files (tests use fake clients or overwrite fixtures on purpose,
// and a rejected Update fails the test where it is seen).
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
//
// Helpers in other packages of the module (pkg/k8s.Apply(ctx, c, obj)), and
// in a module that it replaces with a directory of its tree (an API module
// in ./api), are seen through their summaries. Limits: a helper of any
// other module is code opvet cannot see, so an object handed to it counts
// as filled, and the write it makes is not seen; scheme.Default and
// equality.Semantic's comparisons are known to leave the resourceVersion
// alone.
package resourceversion
