// Package conds is a module's own status helpers, in a package of their
// own: their callers see the status fields they set through their
// summaries (facts).
package conds

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "example.com/operator/api/v1"
)

// MarkReady sets the Ready condition and the ready flag.
func MarkReady(w *v1.Widget) {
	w.Status.Ready = true
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue})
}

// Scale changes the spec.
func Scale(w *v1.Widget, n int) { w.Spec.Size = n }

// IsReady only reads.
func IsReady(w *v1.Widget) bool { return w.Status.Ready }

// Describe only reads the object: its callers' objects stay theirs.
func Describe(w *v1.Widget) string { return w.Name + "/" + w.Status.Phase }
