// Package inferred calls field.NotSupported, generic from Kubernetes 1.29
// (validValues []T): a call whose arguments infer the type argument still
// compiles.
package inferred

import "k8s.io/apimachinery/pkg/util/validation/field"

// Modes is a named list of modes.
type Modes []string

// Validate infers T from the slices it passes: quiet.
func Validate(p *field.Path, mode string, modes Modes) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, field.NotSupported(p, mode, []string{"a", "b"}))
	errs = append(errs, field.NotSupported(p.Child("mode"), mode, modes))
	valid := []string{"x"}
	return append(errs, field.NotSupported(p, mode, valid))
}

// Untyped passes nil, from which no type argument can be inferred: it
// does not compile at the target.
func Untyped(p *field.Path, mode string) *field.Error {
	return field.NotSupported(p, mode, nil) // want `field.NotSupported changed its signature in k8s.io/apimachinery v0.29`
}

// Value takes the function as a value: it is generic at the target and
// cannot be used without instantiation.
func Value() func(*field.Path, interface{}, []string) *field.Error {
	return field.NotSupported // want `field.NotSupported changed its signature in k8s.io/apimachinery v0.29`
}
