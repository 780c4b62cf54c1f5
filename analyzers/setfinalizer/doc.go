// Package setfinalizer defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer setfinalizer
//
// setfinalizer: report runtime.SetFinalizer and runtime.AddCleanup used as Kubernetes finalizers or misused so that they panic or never run
//
// Not implemented yet.
package setfinalizer
