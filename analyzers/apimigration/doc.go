// Package apimigration defines an Analyzer that reports the code an
// upgrade of controller-runtime, client-go, apimachinery or k8s.io/api
// breaks.
//
// # Analyzer apimigration
//
// apimigration: report uses of APIs that the target controller-runtime or Kubernetes release removed, changed or deprecated
//
// An upgrade of an operator starts with go.mod and ends, one package at a
// time, in a wall of compiler errors (unknown field MetricsBindAddress in
// struct literal of type manager.Options, cannot use &source.Kind{…} as
// source.Source, too many arguments in call to
// handler.EnqueueRequestsFromMapFunc) and in behaviour changes that
// compile and reach production. Given the release to upgrade to, the check
// reports each line that the upgrade breaks, with the release that breaks
// it and what to write instead.
//
// The target is set with target-controller-runtime (`v0.21`) or
// target-kubernetes (`1.33`, as for removedapis); one implies the other
// through the pairing of controller-runtime releases with the Kubernetes
// release they are built against (internal/versiontable). Without a target
// the check is silent and costs nothing: it is about a future the user
// chooses (`opvet upgrade -to=1.33 ./...` sets it). The current releases
// are those of the go.mod that governs the package (after replace
// directives): sigs.k8s.io/controller-runtime, k8s.io/client-go,
// k8s.io/apimachinery, k8s.io/api and k8s.io/cli-runtime, each on its own.
//
// What changed comes from a table generated with golang.org/x/exp/apidiff
// from every minor release of those modules (internal/apimigration; `go
// generate ./internal/apimigration` refreshes it): each exported object
// that a release removed or changed incompatibly (for a type made an
// alias, such as controller.Options in v0.19, the members that changed),
// and the release whose doc comment first deprecates it. For the changes
// operators meet most the message gives curated advice
// (manager.Options.MetricsBindAddress →
// Metrics: metricsserver.Options{BindAddress: …} in v0.16); for the others,
// the new signature. Reported, once per use, when the release of the
// change is newer than go.mod's and no newer than the target:
//
//   - a use of a removed or changed package-level name, field (selector
//     or composite-literal key), method (call or method value), and the
//     import of a removed package;
//   - a value of the operator's own type handed where a library interface
//     is expected, when the interface gained a method the type lacks or
//     changed one the type declares (reported at the type's method, or at
//     the type, when they are in the package), and a function handed where
//     a changed function type is expected (a map function without a
//     context);
//   - a use of an object that a release after go.mod's deprecates (with
//     `deprecated: true`, also what go.mod's release already deprecates);
//   - behaviour changes that still compile, each from a pull request of
//     controller-runtime: Inject* methods that v0.15 no longer calls
//     (#2134), fake clients built with objects and without
//     WithStatusSubresource in a package that writes status (v0.15, #2259),
//     objects handed to a fake client builder that the same function marks
//     deleted (a DeletionTimestamp) without a finalizer (v0.15, #2316),
//     two controllers of one kind without
//     Named in a package (v0.19, #2902), and webhook types registered
//     without WithDefaulter or WithValidator that relied on the Defaulter and
//     Validator interfaces removed in v0.20 (#2877; at the builder and at
//     each of the type's methods of those interfaces); and one of
//     apimachinery: custom fill functions taking gofuzz's Continue returned
//     by a function shaped as fuzzer.FuzzerFuncs (the conversion fuzz tests
//     of cluster-api and its providers), on which the randfill-based fuzzer
//     of Kubernetes 1.33 panics.
//
// Bad (go.mod has controller-runtime v0.14.6; target v0.21):
//
//	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
//		MetricsBindAddress: ":8080", // removed in v0.16
//	})
//	err = ctrl.NewControllerManagedBy(mgr).For(&v1.Widget{}).
//		Watches(&source.Kind{Type: &corev1.Secret{}}, handler.EnqueueRequestsFromMapFunc(
//			func(o client.Object) []reconcile.Request { … })). // v0.15
//		Complete(r)
//
// Good:
//
//	mgr, err := ctrl.NewManager(cfg, ctrl.Options{
//		Metrics: metricsserver.Options{BindAddress: ":8080"},
//	})
//	err = ctrl.NewControllerManagedBy(mgr).For(&v1.Widget{}).
//		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(
//			func(ctx context.Context, o client.Object) []reconcile.Request { … })).
//		Complete(r)
//
// Suggested fixes where the rewrite is mechanical and compiles at the
// target: Watches(&source.Kind{Type: obj}, h) becomes Watches(obj, h)
// (dropping the source import when it is no longer used); a function
// literal handed as a handler.MapFunc gains a ctx context.Context first
// parameter; a client-go typed or dynamic client call of Kubernetes 1.18
// gains the ctx in scope as first argument and, for Create, Update and
// Patch, the options struct the new signature ends with; a method renamed
// with the same signature (AddMetricsExtraHandler →
// AddMetricsServerExtraHandler) is renamed.
//
// A call of a function whose signature changed is reported only when it
// does not compile against the new signature, judged change after change
// across the span: its arguments convert to the new parameters (a typed
// API object, or a kind of the operator's that embeds metav1.ObjectMeta,
// where v0.7 narrowed runtime.Object to client.Object or ObjectList; the
// result of a call that changed with the parameter, as
// mgr.Start(ctrl.SetupSignalHandler()), both turned to context.Context;
// an added variadic parameter), the type arguments of a function made
// generic are inferred from typed arguments (field.NotSupported(p, v,
// []string{…}) in Kubernetes 1.29), and its results are discarded
// (controllerutil.AddFinalizer's new bool in v0.12) or go where the new
// ones are accepted (fake.NewFakeClient(), a client.WithWatch from v0.9,
// handed to a client.Client). The argument is judged by its methods at
// go.mod's release and must get those of the interface from a library
// type (its own type, or an embedded ObjectMeta), whose methods change
// with the interface's.
//
// Not reported: uses in generated files; the library's internal, example
// and test packages, the alpha API versions of k8s.io/api and client-go,
// and client-go's fake typed clients (not in the table); behaviour inside
// the libraries; a module whose go.mod does not require the module of the
// used package (no current release); targets older than go.mod's release.
// Two controllers of one kind in different packages are not compared.
package apimigration
