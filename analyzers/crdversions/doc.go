// Package crdversions defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer crdversions
//
// crdversions: report multi-version CRDs with missing storage versions or conversion code
//
// Not implemented yet.
package crdversions
