// Package rest is a stub of k8s.io/client-go/rest (shape only).
package rest

import "context"

// Interface is what a RESTClient offers (shape only).
type Interface interface {
	APIVersion() string
	Get() *Request
	Post() *Request
	Delete() *Request
}

// Request is a request being built: its path starts with the client's
// group version unless AbsPath or RequestURI replace it.
type Request struct{}

func (r *Request) Namespace(ns string) *Request      { return r }
func (r *Request) Resource(resource string) *Request { return r }
func (r *Request) Name(name string) *Request         { return r }
func (r *Request) AbsPath(segments ...string) *Request {
	return r
}
func (r *Request) RequestURI(uri string) *Request { return r }
func (r *Request) Body(obj interface{}) *Request  { return r }
func (r *Request) Do(ctx context.Context) Result  { return Result{} }

// Result is a response.
type Result struct{}

func (r Result) Error() error { return nil }
