// Package reconcilecontext defines an Analyzer that reports API calls
// made with context.Background() or context.TODO() in functions that
// receive a context (and, with the helpers option, in functions whose
// callers all have one).
//
// # Analyzer reconcilecontext
//
// reconcilecontext: report API calls made with context.Background() or context.TODO() where the function receives a context, so they are not cancelled with the reconcile
//
// controller-runtime hands every Reconcile a context that is cancelled when
// the manager shuts down or loses its leader election. An API call made
// with context.Background() or context.TODO() instead ignores that: the
// controller keeps writing after it lost the lease (racing the new
// leader), shutdown waits for it, and a request on a stuck connection
// holds the worker forever, since the client sets no timeout of its own
// (a context made with context.WithTimeout or WithDeadline ends it at the
// deadline, and the message says so). A controller-runtime Get or List
// may be served by the manager's cache instead, where it makes no request
// but waits, without the context, for the kind's informer to sync
// (forever when the operator may not list the kind); the message says so
// for those reads. In a package that imports neither controller-runtime
// nor client-go's informer, work queue or leader election packages (a
// CLI, a library, an e2e framework), the message says the call is not
// cancelled with its caller's context and blocks the caller, instead of
// naming a manager and a worker.
// Inside a function that has a context.Context parameter (Reconcile, and
// the functions it calls with its context), the check reports a call of
// the controller-runtime client (Get, List, Create, Update, Patch, Apply,
// Delete, DeleteAllOf, also on Status() and SubResource()),
// controllerutil.CreateOrUpdate or CreateOrPatch, the dynamic client, or
// a client-go typed clientset (also one generated for CRDs) whose context
// is context.Background(), context.TODO() or a context derived from them
// (context.WithTimeout(context.Background(), d), context.WithValue, a
// local variable all of whose values are such contexts or derive from the
// variable itself: ctx, span = tracer.Start(ctx, name)).
//
// Bad:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		obj := &v1.Widget{}
//		if err := r.Get(context.TODO(), req.NamespacedName, obj); err != nil {
//
// Good:
//
//	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
//
// With the helpers option (off by default, since functions without a
// context parameter are outside the check's contract and the fix changes
// a signature), the same calls are reported in a helper: a function or
// method without a context parameter that the package calls only from
// code that has a context (a function with a context parameter, or another helper), such
// as a method of the reconciler that starts with
// ctx := context.Background() and lists with it. In a helper the check
// also judges calls of the package's own client wrappers: a function or
// method of the package that passes one of its context parameters (or a
// context derived from it) to an API call, and a method of an interface
// of the package whose every implementation in the package does so
// (writers.Patch(context.TODO(), ...) with a package variable
// writers Writer = WriterFuncs{}). Each such call is reported, at the
// call, naming the helper's callers.
//
// Bad:
//
//	func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
//		targets, err := r.listTargets()
//		...
//	}
//
//	func (r *Reconciler) listTargets() (*v1.TargetList, error) {
//		ctx := context.Background()
//		list := &v1.TargetList{}
//		return list, r.List(ctx, list)
//	}
//
// Good:
//
//	targets, err := r.listTargets(ctx)
//	...
//	func (r *Reconciler) listTargets(ctx context.Context) (*v1.TargetList, error) {
//
// A local context variable derived from context.Background() or
// context.TODO() (ctx, cancel := context.WithTimeout(context.Background(),
// d) at the top of a Reconcile) is one mistake however many calls use it:
// it is reported once, at its first API call, with the number of calls.
//
// The suggested fix replaces context.Background() or context.TODO() by
// the parameter, when it is named and not shadowed where the call is; a
// helper has no fix, since its signature and its callers change.
// Function literals that run before the call that takes them returns
// (called in place, or passed to retry.RetryOnConflict, retry.OnError, the
// wait.Poll and wait.ExponentialBackoff functions, or as the mutate
// function of CreateOrUpdate) belong to the enclosing function.
//
// Not reported: _test.go files (no manager cancels a test's context, and
// no lease is lost); an unexported function whose every call in the
// package gives its context parameter a context made with
// context.Background() or context.TODO(), nil, or the context parameter
// of a caller that is itself such a function, and that is not used as
// a value, started, deferred or reached through an interface: no
// reconcile cancels that context either, so the fix would change nothing
// (and would pass on the nil); functions without a context parameter (by default; with
// the helpers option, those that are not helpers: a function with no
// caller in the package (exported: an API of its own; or dead, whose
// calls do not count either), one called from
// code without a context (package level, init, main, a function without
// a context that is not a helper, a function literal that may run later,
// a deferred call), one started by a go statement or used as a function
// value anywhere (it runs on its own, so a fresh context may be meant),
// a method that an interface method called in the package may reach, and
// functions of _test.go files, where calls from tests do not count); a
// context
// detached on purpose with context.WithoutCancel(ctx), or derived from
// the parameter; cleanup that runs when the context may be done, where a
// fresh context is right: the branches of an if that asks ctx.Err(),
// ctx.Done(), context.Canceled or context.DeadlineExceeded, a select case
// on ctx.Done() and what follows a wait on it, deferred calls, and a
// context with a deadline of its own (context.WithTimeout or
// WithDeadline of a fresh one) in the branch that handles an error
// (if err != nil), after which ctx may be done; code
// that may run after the function returned (go statements, function
// literals handed to other functions); a variable that holds the
// parameter on some paths; and calls other than the API client's
// in a function with a context parameter (r.ensure(context.TODO(), obj)
// is not reported there, even when ensure hands its context to the API).
//
// Limits: a context kept in a struct field, or received from a caller
// that made it with context.TODO(), is not followed; calls through client
// wrappers of another package, wrappers of wrappers, and client-go calls
// that take no metav1 options struct (the discovery client,
// RESTClient().Get().Do(ctx)), are not judged. The callers of a helper
// are those of its package: a caller in another package (of an exported
// helper) is not seen, and an API client that is not Kubernetes' (a gRPC
// client given context.Background() in a helper) is not judged.
package reconcilecontext
