// Package flow4 probes loops that read objects from collections and
// fields of objects read the same way: the analysis must converge with a
// bounded number of abstract objects.
package flow4

import (
	corev1 "k8s.io/api/core/v1"
)

func Debug(...any) {}

// In-place deduplication: elements swapped within the slice they were
// read from.
func dedupe(in []*corev1.Pod) []*corev1.Pod {
	j := 0
	for i := 1; i < len(in); i++ {
		if in[j].Name == in[i].Name {
			continue
		}
		j++
		in[i], in[j] = in[j], in[i]
	}
	Debug(in[0]) // want `=Load\[Foreign\|MaybeDeleting\](,Load\[Foreign\|MaybeDeleting\])*$`
	return in[:j+1]
}

type node struct {
	pod  *corev1.Pod
	next *node
}

// A linked list walked to its end.
func last(n *node) *corev1.Pod {
	for n.next != nil {
		n = n.next
	}
	Debug(n.pod) // want `n.pod=`
	return n.pod
}
