// Package markers defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer markers
//
// markers: report kubebuilder markers that controller-gen does not know
//
// Not implemented yet.
package markers
