// Package envtest has tests that start an API server.
package envtest
