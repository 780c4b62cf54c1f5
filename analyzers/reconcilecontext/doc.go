// Package reconcilecontext defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer reconcilecontext
//
// reconcilecontext: report TODO (one line: what is reported)
//
// TODO: what breaks at run time, in the operator's own terms, and when the
// check reports it.
//
// Bad:
//
//	TODO
//
// Good:
//
//	TODO
//
// Not reported: TODO (the near-misses that stay quiet).
package reconcilecontext
