package flow

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A compound condition known on the path, resolved by a later test of one
// of its operands (clauses.go).
func clauses(in *corev1.Pod, f string) {
	if !in.DeletionTimestamp.IsZero() && !controllerutil.ContainsFinalizer(in, f) {
		return
	}
	Debug(in) // want `in=Param\[Foreign\|Deleting\]`
	if !controllerutil.ContainsFinalizer(in, f) {
		Debug(in) // want `in=Param\[Foreign\]`
		return
	}
	Debug(in) // want `in=Param\[Foreign\|Deleting\]`
}

// The true branch of a disjunction, resolved where the other operand is
// false.
func clausesOr(in *corev1.Pod, ok bool) {
	if in.DeletionTimestamp == nil || ok {
		if !ok {
			Debug(in) // want `in=Param\[Foreign\]`
		}
		Debug(in) // want `in=Param\[Foreign\|Deleting\]`
	}
}

// A call that may change what the condition read forgets it.
func clausesChanged(in *corev1.Pod, f string) {
	if !in.DeletionTimestamp.IsZero() && !controllerutil.ContainsFinalizer(in, f) {
		return
	}
	touch(in)
	if !controllerutil.ContainsFinalizer(in, f) {
		Debug(in) // want `in=Param\[Foreign\|Deleting\]`
	}
}

func touch(*corev1.Pod) {}
