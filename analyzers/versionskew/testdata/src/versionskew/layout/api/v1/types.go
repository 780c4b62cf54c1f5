// Package v1 is the first directory with Go files: it reports.
package v1

// Kind is a kind.
type Kind string
