// Package v1beta1 is an API whose CRD controller-gen generates at build time.
// +groupName=gen.example.com
package v1beta1
