// Package statusupdate defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer statusupdate
//
// statusupdate: report status written through the wrong writer, so that the API server drops it
//
// Not implemented yet.
package statusupdate
