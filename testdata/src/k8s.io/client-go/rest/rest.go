// Package rest is a stub of k8s.io/client-go/rest (shape only).
package rest

// Interface is what a RESTClient offers (shape only).
type Interface interface {
	APIVersion() string
}
