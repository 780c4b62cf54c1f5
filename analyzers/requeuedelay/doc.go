// Package requeuedelay defines an Analyzer that reports a requeue delay
// written as a bare number, which time.Duration counts in nanoseconds.
//
// # Analyzer requeuedelay
//
// requeuedelay: report a RequeueAfter set to a constant without a time unit: nanoseconds, which requeue the object at once, in a hot loop
//
// reconcile.Result's RequeueAfter is a time.Duration, which counts
// nanoseconds. A constant without a unit (`RequeueAfter: 10`,
// `time.Duration(requeueSeconds)` with `const requeueSeconds = 30`) asks
// for a requeue after that many nanoseconds: controller-runtime puts the
// request back at once, outside the rate limiter, and the controller
// reconciles the object in a hot loop that keeps a worker and a core busy
// and repeats every request the reconcile sends, where a delay of seconds
// was meant (vitess-operator's tablet requeue, the fixes of
// sgl-project/rbg#240 and KAI-Scheduler#1654). The check reports a RequeueAfter, in a reconcile.Result
// literal or assigned to the field, whose value is a constant of less
// than a millisecond, above zero, written without any of package time's
// units (time.Second ...) or another time.Duration constant. No fix is
// suggested: only the author knows the unit meant.
//
// Bad:
//
//	const requeueSeconds = 30
//
//	return ctrl.Result{RequeueAfter: time.Duration(requeueSeconds)}, nil // 30 ns
//
// Good:
//
//	return ctrl.Result{RequeueAfter: requeueSeconds * time.Second}, nil
//
// Not reported: zero (no requeue), delays computed at run time, delays
// written with a unit (`500 * time.Nanosecond` says what it means, also
// through a time.Duration constant of the package), delays of a
// millisecond or more, and _test.go files, whose fake reconcilers return
// whatever a test needs.
package requeuedelay
