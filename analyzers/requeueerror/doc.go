// Package requeueerror defines an Analyzer that reports a requeue
// returned together with an error.
//
// # Analyzer requeueerror
//
// requeueerror: report a reconcile.Result that requests a requeue returned with an error that may be non-nil, so controller-runtime ignores the requeue
//
// When Reconcile returns a non-nil error, controller-runtime ignores the
// Result: RequeueAfter and Requeue are dropped, the request is requeued
// with the rate limiter's exponential backoff (from 5 ms up to about 16
// minutes) instead of after the delay asked for, and from v0.16 every
// such return logs a warning: "Reconciler returned both a non-zero result
// and a non-nil error", from v0.23 "Warning: Reconciler returned both a
// result with either RequeueAfter or Requeue set and a non-nil error".
// The message quotes the one that the controller-runtime of the module's
// go.mod logs. A terminal error (reconcile.TerminalError) is not
// requeued at all. The check reports a return whose Result requests a
// requeue (Requeue: true, a RequeueAfter that is not the constant 0, or a
// variable that may hold either) together with an error that may be
// non-nil, in every function whose results are (reconcile.Result, error)
// (ctrl.Result is the same type): Reconcile methods of
// reconcile.Reconciler and reconcile.TypedReconciler, functions passed as
// reconcile.Func, and the helpers whose results they return, including
// bare returns of named results. Subreconcilers of operator-sdk's pattern,
// whose results are (*reconcile.Result, error), are judged the same way
// by their literals (`return &ctrl.Result{RequeueAfter: d}, err`): the
// caller returns what they build. So are helpers with more results, whose
// last result is the error and exactly one other a reconcile.Result (or a
// pointer to one), such as (string, ctrl.Result, error) or (ctrl.Result,
// bool, error): their callers take the results apart and pass the Result
// and the error on, and each return is judged by the Result and the error
// it holds (`return "", ctrl.Result{RequeueAfter: d}, err`).
//
// A package variable holds what the package stores into it. One that
// nothing reassigns counts as the literal it is declared with (`var
// defaultRequeue = ctrl.Result{RequeueAfter: 5 * time.Second}`), also
// where a (*reconcile.Result, error) helper returns its address (`return
// &defaultRequeue, err`: the return changes nothing in it); one that is
// reassigned, has a field set, or is declared otherwise (set in init,
// from a helper's Result) may request a requeue if any value stored into
// it may. So may a Result field of a struct of the package, read directly
// (`return s.result, errors.Join(errs...)`) or through an accessor
// (`return s.Requeue(), err`). A Result and errors read from the same
// struct (`func (s stepResult) Result() (ctrl.Result, error) { return
// s.result, errors.Join(s.errs...) }`, or `res := <-results; return
// res.Result, res.Err` of a struct a worker sends on a channel) were
// decided where the struct was filled: they are reported if a struct
// literal sets a requeue and errors
// together (`stepResult{result: ctrl.Result{RequeueAfter: d}, errs:
// errs}`), or if the package sets one of them outside a literal and the
// other anywhere (an accumulator that keeps the requeue of one step and
// appends the error of a later one); the message names where.
//
// Bad:
//
//	if err := r.Status().Update(ctx, obj); err != nil {
//		return ctrl.Result{RequeueAfter: time.Minute}, err // backoff, not a minute
//	}
//
// Good: decide which of the two is meant.
//
//	if err := r.Status().Update(ctx, obj); err != nil {
//		log.Error(err, "status update failed, retrying in a minute")
//		return ctrl.Result{RequeueAfter: time.Minute}, nil
//	}
//	// or: return ctrl.Result{}, err
//
// Whether the error may be non-nil and the Result may request a requeue
// is followed through the function's control flow: assignments, err !=
// nil and err == nil conditions (also within && and ||, and in switch
// cases), calls that never return (panic, os.Exit, log.Fatal), and the
// correlation between a Result and an error set on different paths.
// Tests of a Result's own fields narrow it: where res.RequeueAfter is
// zero (or not positive) it requests no delay, where res.RequeueAfter > 0
// it is not empty, and a delay changed only where it is set
// (`if res.RequeueAfter > 0 && res.RequeueAfter < min { res.RequeueAfter
// = min }`) requests a requeue exactly where it did. Errors from errors.New, fmt.Errorf and reconcile.TerminalError are
// non-nil; the wrappers of github.com/pkg/errors and
// github.com/cockroachdb/errors (Wrap, Wrapf, WithMessage, WithMessagef,
// WithStack) are nil exactly where the error they wrap is, so
// `return ctrl.Result{RequeueAfter: d}, errors.Wrapf(err, "...")` after
// err was checked requests a requeue with a nil error; errors of other
// calls may be either.
//
// The package's own helpers are summarised, without facts: one whose
// Results are all empty returns none, and one that returns a carrier of
// a requeue with an error, (T, error) with T a time.Duration, a bool, a
// Result or a struct holding one, is zero-on-error when T is zero (0,
// false, empty, nil) on every return where its error may be non-nil,
// judged by the same flow over the helper's body (its own conditions,
// the helpers it calls). Its caller then holds a correlated pair: a
// Result built from T (`d, err := r.delay(ctx); return
// ctrl.Result{RequeueAfter: d}, err`, `ctrl.Result{Requeue: requeue}`,
// `out.Result()` or `out.result` of a struct) requests no requeue
// wherever err is non-nil, also once err is replaced where it is non-nil
// (`if err != nil { err = fmt.Errorf("...: %w", err); return res, err }`).
// Conditions on T narrow it as those on the
// error do (`if d > 0`, `if !requeue`, `if out != nil`). A call of a
// method of an interface of the package runs one of the package's types
// that implement it: it is zero-on-error when each of them is (a state
// machine's `actResult.Result()`, a handler chosen per phase).
// A call of a function generic in its result type T (samber/lo's
// FromPtrOr(res, ctrl.Result{}), Ternary, k8s.io/utils/ptr.Deref) can
// return only one of its T or *T arguments or T's zero value, so it is
// judged by those arguments: `lo.FromPtrOr(res, ctrl.Result{})` after a
// helper that returns nil with every error is `*res`. So is a call of a
// function of the package whose every return gives back a Result
// parameter, dereferences a *Result parameter or is an empty Result
// (`func unwrapResult(res *ctrl.Result) ctrl.Result { if res == nil {
// return ctrl.Result{} }; return *res }`).
//
// For Requeue: true with an error that is non-nil on every path, the
// suggested fix returns an empty Result, which changes nothing at run time
// (the error requeues with the same backoff). For RequeueAfter no fix is
// offered: only the author knows whether the delay or the retry is meant.
//
// Not reported: ctrl.Result{}, err; a requeue with a nil error, or with an
// error that is nil on that path (`if err != nil { return ctrl.Result{},
// err }; return ctrl.Result{RequeueAfter: d}, err`); `nil, err` and
// `&ctrl.Result{}, err` from a subreconciler; Results that come from a
// call or a parameter (`return r.reconcileDelete(ctx, obj)`, or `name,
// res, err := r.ensureName(ctx, obj); if err != nil { return res, err }`:
// the helper is checked where it builds its Result), also where the
// call's error is non-nil and another error is returned in its place
// (`res, err := c.Reconcile(ctx, obj); if err != nil { if err :=
// r.updateStatus(ctx, obj); err != nil { return res, err } }`: that drops
// what returning the call's own pair would); a Result built from
// what a zero-on-error helper of the package returned with the error
// (`d, err := r.delay(ctx); return ctrl.Result{RequeueAfter: d}, err`,
// or `res.RequeueAfter, err = r.delay(ctx); return res, err`), also
// returned with another error where the helper's is non-nil (`res, err
// := r.attach(ctx); if err != nil { return res, fmt.Errorf("attach: %w",
// err) }`, or through a new variable);
// a Result from a helper of the package that never sets Requeue, once a
// test rules its delay out (`res, err := r.processJobs(ctx); ... if
// res.RequeueAfter == 0 { ...; return res, errUpdate }`: it requests
// nothing there); Priority alone (it is kept with an error); a requeue
// returned with a
// package error variable that the package turns into a nil error (an
// inner loop's `return ctrl.Result{RequeueAfter: d}, ErrNextLoop` where
// some `if errors.Is(err, ErrNextLoop) { return result, nil }` passes the
// Result on without it: controller-runtime sees the requeue and no error;
// or a deferred function clears it, `if errors.Is(retErr, E) { retErr =
// nil }` or `retErr = ignore(retErr, E1, E2)` with a function not known to
// keep a non-nil error, as helm-controller's Reconcile does);
// a Result copied from the Requeue and
// RequeueAfter fields of a struct of the package that no code of the
// package but its tests sets (no literal gives them a value, no assignment or address
// reaches them, no conversion makes the struct, and they carry no struct
// tag that a decoder could fill: ctrl.Result{RequeueAfter:
// res.RequeueAfter} of a phase result whose phases only say Completed);
// variables whose address is
// taken or that a nested function assigns (but for a deferred function's
// own assignments to local variables, made after every return has taken
// its values: a deferred patch's `err = patch(...)`); package variables and Result
// fields that the package never sets to a requeue, or whose address it
// takes (other than in a return); a Result and errors of one struct that
// no literal sets together and nothing sets apart, or that a literal
// passes on from variables (`stepResult{result: res, errs:
// []error{err}}`); functions whose named Result a deferred function may
// rewrite; functions with two Results ((ctrl.Result, ctrl.Result, error):
// which one is passed on is not known) or whose last result is not the
// error; and _test.go files, whose fake reconcilers return both on
// purpose.
//
// Limits: Results combined by a helper of another package are unknown
// (the package's own helpers are summarised); a Result in a variable
// whose address is taken, in a *reconcile.Result variable (`res :=
// &ctrl.Result{...}; return res, err`) or in a package variable of
// another package is not followed; a Result built from a zero-on-error
// helper's duration and kept in a variable before the return (`res :=
// ctrl.Result{RequeueAfter: d}; return res, err`) loses the correlation
// and is reported; exported package variables and fields are taken at
// what this package stores into them, and a change made through the
// pointer a helper returns (`res, err := r.ensure(ctx); res.RequeueAfter
// = 0`) is not seen; a struct literal that packs a requeue with errors
// gathered in variables counts as a pair passed on; a deferred function
// that turns a nil error into a non-nil one (patch errors aggregated into
// the named error) is not seen by default, so `return
// ctrl.Result{RequeueAfter: d}, nil` there is not reported, nor a bare
// return of a named error that only the deferred function sets
// (`result = ctrl.Result{Requeue: true}; return`): with
// -requeueerror.deferred the check reports, at its assignment, a deferred
// function literal that sets the named error and not the Result when
// some return may request a requeue (`defer func() { if err :=
// patchHelper.Patch(ctx, obj); err != nil { reterr = err } }()`; the fix:
// `result = ctrl.Result{}` beside it). It is off by default because the
// fix changes nothing but controller-runtime's warning: the error is
// retried with backoff either way. A helper is judged where its pair may
// reach controller-runtime: an unexported helper of the package whose
// every call in the package hands its Result and error to another
// function (rook's `return reporting.ReportReconcileResult(res, err)`,
// which drops the error when the Result requests a requeue), drops its
// Result (`_, err = r.ensure(ctx)`), keeps it in a variable that no
// return statement returns, directly or through helpers that pass it on,
// or returns it only where the error it came with is nil (`if err != nil
// { return ctrl.Result{}, err }` before `return *res, nil`, judged on the
// caller's control-flow graph), is not judged. One whose pair some caller
// may return (`return r.ensure(ctx)`, or `res, err := r.ensure(ctx)` and
// a return of `res` where err may be non-nil) is judged on its own,
// whatever that caller does on its other paths, and so is one whose
// Result a caller merges without its error into a Result it returns
// (`result = util.LowestNonZeroResult(result, res)`, returned with the
// errors; a call that only reads it, such as a log line, merges nothing).
// So are
// exported helpers (other packages may call them), Reconcile methods,
// helpers used as values or never called in the package, and methods
// that an interface of the package may dispatch to. The exception is a
// sub-reconciler that the package keeps to itself: a type with an
// unexported field whose values the package makes only to store them in
// unexported fields that it never hands on (karpenter's nodeclaim
// lifecycle controller keeps launch, registration, ... and ranges over
// them: `for _, r := range []reconcile.TypedReconciler[*v1.NodeClaim]{c.launch,
// c.registration} { res, err := r.Reconcile(ctx, nc); ... }`, returning
// `reconcile.Result{}, errs` on any error). No other package can make a
// working one, so controller-runtime never calls its methods, Reconcile
// included: they are judged like unexported helpers, from the package's
// calls of them by name or through an interface the type implements.
package requeueerror
