// Package versionskew defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer versionskew
//
// versionskew: report go.mod skew between controller-runtime and the k8s.io modules
//
// Not implemented yet.
package versionskew
