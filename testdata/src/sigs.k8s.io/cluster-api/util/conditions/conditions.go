// Package conditions is a stub of cluster-api's util/conditions: helpers
// that set the status conditions of the object they are given.
package conditions

import "sigs.k8s.io/controller-runtime/pkg/client"

// Setter is an object whose conditions can be set.
type Setter interface {
	client.Object
}

// MarkTrue sets condition t of to to True.
func MarkTrue(to Setter, t string) {}

// MarkFalse sets condition t of to to False.
func MarkFalse(to Setter, t, reason, message string) {}

// IsTrue reports whether condition t of from is True.
func IsTrue(from Setter, t string) bool { return false }
