// Package fuzzfuncsnew already has apimachinery v0.33 in go.mod: the
// change is behind it, nothing is reported.
package fuzzfuncsnew

import (
	fuzz "github.com/google/gofuzz"

	"k8s.io/apimachinery/pkg/runtime/serializer"
)

// FuzzFuncs returns the custom fill functions.
func FuzzFuncs(_ serializer.CodecFactory) []interface{} {
	return []interface{}{func(in *string, c fuzz.Continue) {}}
}
