// Package predicate is a stub of controller-runtime's event predicates.
package predicate

type TypedPredicate[object any] interface {
	Generic(obj object) bool
}
