// Package resourceversion defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer resourceversion
//
// resourceversion: report Update of an object that never had a resourceVersion
//
// Not implemented yet.
package resourceversion
