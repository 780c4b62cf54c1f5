// Package removedapis defines an Analyzer that reports uses of built-in
// Kubernetes group/versions that the target Kubernetes release no longer
// serves.
//
// # Analyzer removedapis
//
// removedapis: report built-in API versions that the target Kubernetes no longer serves where the code talks to the API server
//
// The Go module of a Kubernetes release keeps the types of the API
// versions its API server has stopped serving, so code that still uses
// them compiles, and fails only against the cluster: the controller logs
// `no matches for kind "CronJob" in version "batch/v1beta1"` or `the server
// could not find the requested resource` forever. batch/v1beta1 CronJob and
// policy/v1beta1 PodDisruptionBudget went in Kubernetes 1.25,
// autoscaling/v2beta2 in 1.26, apiextensions.k8s.io/v1beta1 and
// admissionregistration.k8s.io/v1beta1 in 1.22, flowcontrol v1beta2 in 1.29.
//
// The target is the Kubernetes release the operator must run on: the
// option target-kubernetes (`1.31`), else the minor of the k8s.io/api
// requirement of the governing go.mod (after replace directives), else
// that of k8s.io/client-go. With neither the check is silent. What each
// release serves comes from a table generated from the
// APILifecycleDeprecated, APILifecycleRemoved and APILifecycleReplacement
// methods of the k8s.io/api, k8s.io/apiextensions-apiserver and
// k8s.io/kube-aggregator releases from 1.16 on (internal/apilifecycle;
// `go generate ./internal/apilifecycle` refreshes it). Where those
// methods name no replacement although one exists (node.k8s.io/v1beta1
// RuntimeClass, events.k8s.io/v1beta1 Event, policy/v1beta1 Eviction),
// the replacement is the same kind in the group's most stable version
// that is served longer.
//
// The check reports, at the use, a kind or group/version that the target
// no longer serves when the code sends it to the API server:
//
//   - the object of a controller-runtime client or cache call (Get, List,
//     Create, Update, Patch, Delete, DeleteAllOf, GetInformer, IndexField,
//     GetInformerForKind's GroupVersionKind), of controllerutil.CreateOrUpdate
//     and CreateOrPatch, of a builder's For, Owns, Watches and
//     WatchesMetadata, of source.Kind and handler.EnqueueRequestForOwner
//     (and their struct forms before controller-runtime v0.15);
//   - the kind accessors of typed clientsets (`BatchV1beta1().CronJobs(ns)`)
//     and informer factories (`Batch().V1beta1().CronJobs()`), and the
//     New<Kind>Informer and New<Kind>Lister functions;
//   - the REST client of a typed group client
//     (`cs.BatchV1beta1().RESTClient()`, which informers built with
//     cache.NewListWatchFromClient use) when the target serves no kind of
//     that group version: every request through it goes to its path
//     (but a request built on it in one chain that sets its own path with
//     RequestURI or AbsPath, which replace the group version's prefix);
//   - a group accessor stored as one kind's getter (`kc.PodDisruptionBudgetsGetter
//     = cs.PolicyV1beta1()`): the requests made through it go to that
//     group version;
//   - a GroupVersionResource given to the dynamic or metadata client or a
//     dynamic informer factory, and a group, kind and version given to a
//     RESTMapper;
//   - an unstructured object whose type the function sets with
//     SetAPIVersion, SetKind, SetGroupVersionKind, or an "apiVersion" key of
//     its object map;
//   - a literal of a removed kind's Go type whose TypeMeta sets that
//     kind's own apiVersion (`extensionsv1beta1.Ingress{TypeMeta:
//     metav1.TypeMeta{APIVersion: extensionsv1beta1.SchemeGroupVersion.String()}}`),
//     wherever the object goes: only encoders read TypeMeta, so the object
//     is built to be sent, to the API server or into a manifest applied to
//     it, even when the write is out of sight (a collection of resources
//     that another package creates, a library). When the function also
//     sends the kind through a call reported above, only the call is
//     reported.
//
// The client may be one the package reaches without importing its
// library, such as a field of a struct declared in another package of the
// operator (`r.shared.Client.Create(ctx, &cronJob)`), or a client wrapper
// of the module that writes the object it is given: an argument of a
// removed kind's Go type handed to a function of the package, or to an
// exported function of another package of the module, whose summary says
// it creates, updates or patches that parameter, or a deep copy of it
// (`kube.Apply(ctx, c, &cronJob)`, where Apply takes runtime.Object and
// hides the kind; a wrapper that sends `obj.DeepCopyObject()`), also
// through an interface of the module with one real implementation beside
// its test doubles (`w.control.CreateOrUpdate(owner, ingress)`). An
// object that a function of the module returns as it was given, or as a
// deep copy, keeps its kind when the result's type is an interface
// (`c.Create(ctx, kube.Copy(&cronJob))`, where Copy returns client.Object).
// A library (a function of a downloaded or vendored module other than
// controller-runtime and client-go) given both a controller-runtime client
// and an object of a removed kind talks to the server about that object
// with that client: `syncer.NewObjectSyncer("PDB", owner, pdb, c, sync)`
// of presslabs/controller-util creates or updates pdb whenever the syncer
// runs.
//
// GroupVersionKind and GroupVersionResource values are followed through
// literals, gv.WithKind/WithResource, the SchemeGroupVersion of the API
// packages and variables assigned once. The message names the release
// that removed the version and its replacement. With `deprecated: true`
// versions that the target still serves but deprecates are reported too,
// with the release that removes them.
//
// A suggested fix moves the use to the replacement when it is the same
// kind with the same JSON fields (compared when the table is generated:
// batch/v1 CronJob, policy/v1 PodDisruptionBudget, autoscaling/v2
// HorizontalPodAutoscaler): the version of a GroupVersionKind,
// GroupVersionResource or apiVersion literal, or the package of an empty
// literal such as `&batchv1beta1.CronJob{}`, with its import. There is no
// fix where the fields differ (apiextensions.k8s.io/v1
// CustomResourceDefinition, networking.k8s.io/v1 Ingress).
//
// Bad (target 1.29):
//
//	ctrl.NewControllerManagedBy(mgr).For(&myv1.Report{}).
//		Owns(&batchv1beta1.CronJob{})
//
// Good:
//
//	ctrl.NewControllerManagedBy(mgr).For(&myv1.Report{}).
//		Owns(&batchv1.CronJob{})
//
// Not reported: conversions and scheme registration (AddToScheme,
// AddKnownTypes), which never reach the server; comparisons of version
// strings (discovery); uses in a function that also uses the replacement
// (its Go type, its List type or apiVersion string), which picks the version the cluster
// serves; uses in one branch of an if or a switch whose other branch uses
// the replacement (also through a client, informer or lister of it, or a
// function of the package that does; code after an if without an else
// whose body uses the replacement and returns is that if's other branch:
// `if served(v1) { return current() }; return legacy()`, also when the
// if is nested in the body of another if that falls through to that code
// (`if gate { if !served(v1) { return legacy() } }; return current()`),
// and so is the
// value a variable is given just before an if whose body sets it again:
// `f := current; if old { f = legacy }`), uses in an entry of a map
// literal another entry of which uses the replacement (a table of the
// kind's clients keyed by version, from which the caller takes the one
// discovery found), and uses in a function that the
// package calls or takes as a value only in such a branch (a wrapper
// whose legacy method is chosen by the version discovery found), and the
// methods, called through an interface, of a type of the package built
// only in such a branch (a legacy implementation; a value of a type whose
// methods use the replacement uses it), also through functions called
// only there (its constructor), up to three calls up; calls from test
// files and compile-time checks (var _ I = &T{}) do not count; a
// fallback tried only when a call that uses the replacement failed (`if
// _, err := v1.Get(…); err != nil { legacy.Get(…) }`: on a cluster that
// no longer serves the removed version it fails as the first call did,
// and removing it changes only the error); a method that forwards a
// generated client's method of the same name to the client it decorates
// (metrics, tracing and logging wrappers that implement the group's
// interface: the requests are their callers', judged at those calls);
// the operator's own API groups (see crdversions);
// apiVersions that come from elsewhere or that the function sets in two
// ways; and test files, unless their package starts an API server
// (envtest): fake clients serve anything. Alpha group/versions without
// lifecycle methods in the newest release (apilifecycle.Unknown) are not
// in the table.
package removedapis
