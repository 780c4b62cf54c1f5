// Package mergefrom defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer mergefrom
//
// mergefrom: report merge patches whose base aliases the patched object
//
// Not implemented yet.
package mergefrom
