// Package reconcilecontext defines an Analyzer that reports API calls
// made with context.Background() or context.TODO() in functions that
// receive a context.
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
// holds the worker forever, since the client sets no timeout of its own.
// Inside a function that has a context.Context parameter (Reconcile, and
// the functions it calls with its context), the check reports a call of
// the controller-runtime client (Get, List, Create, Update, Patch, Apply,
// Delete, DeleteAllOf, also on Status() and SubResource()),
// controllerutil.CreateOrUpdate or CreateOrPatch, the dynamic client, or
// a client-go typed clientset (also one generated for CRDs) whose context
// is context.Background(), context.TODO() or a context derived from them
// (context.WithTimeout(context.Background(), d), context.WithValue, a
// local variable all of whose values are such contexts).
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
// The suggested fix replaces context.Background() or context.TODO() by
// the parameter, when it is named and not shadowed where the call is.
// Function literals that run before the call that takes them returns
// (called in place, or passed to retry.RetryOnConflict, retry.OnError, the
// wait.Poll and wait.ExponentialBackoff functions, or as the mutate
// function of CreateOrUpdate) belong to the enclosing function.
//
// Not reported: functions without a context parameter; a context
// detached on purpose with context.WithoutCancel(ctx), or derived from
// the parameter; cleanup that runs when the context may be done, where a
// fresh context is right: the branches of an if that asks ctx.Err(),
// ctx.Done(), context.Canceled or context.DeadlineExceeded, a select case
// on ctx.Done() and what follows a wait on it, and deferred calls; code
// that may run after the function returned (go statements, function
// literals handed to other functions); a variable that holds the
// parameter on some paths; and calls other than the API client's
// (r.ensure(context.TODO(), obj) is not reported, even when ensure hands
// its context to the API).
//
// Limits: a context kept in a struct field, or received from a caller
// that made it with context.TODO(), is not followed; calls through client
// wrappers of another package, and client-go calls that take no metav1
// options struct (the discovery client, RESTClient().Get().Do(ctx)), are
// not judged.
package reconcilecontext
