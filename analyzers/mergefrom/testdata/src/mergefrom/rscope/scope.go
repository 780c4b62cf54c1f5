// Package rscope holds a reconcile scope in a package of its own: its
// accessors return the same pointer each time, which callers in other
// packages see through their summaries.
package rscope

import corev1 "k8s.io/api/core/v1"

// Scope holds the object being reconciled.
type Scope struct{ pod *corev1.Pod }

// Pod returns the scope's Pod, the same pointer each time.
func (s *Scope) Pod() *corev1.Pod { return s.pod }

// PodCopy returns a copy of the scope's Pod.
func (s *Scope) PodCopy() *corev1.Pod { return s.pod.DeepCopy() }
