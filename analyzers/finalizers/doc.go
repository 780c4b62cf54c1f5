// Package finalizers defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer finalizers
//
// finalizers: report Kubernetes finalizers that are never removed, added too late, or never saved
//
// Not implemented yet.
package finalizers
