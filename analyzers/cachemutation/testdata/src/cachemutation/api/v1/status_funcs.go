package v1

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The status helpers an operator keeps beside its API types, in the API
// package (cloudnative-pg's backup_funcs.go, knative's revision_types.go).

// SetCondition replaces the condition of c's type (knative/serving#225).
func (s *WidgetStatus) SetCondition(c metav1.Condition) {
	var conditions []metav1.Condition
	for _, cond := range s.Conditions {
		if cond.Type != c.Type {
			conditions = append(conditions, cond)
		}
	}
	s.Conditions = append(conditions, c)
}

// MarkReady sets the Ready condition through meta.SetStatusCondition.
func (s *WidgetStatus) MarkReady() {
	s.setReady(metav1.ConditionTrue)
}

func (s *WidgetStatus) setReady(status metav1.ConditionStatus) {
	meta.SetStatusCondition(&s.Conditions, metav1.Condition{Type: "Ready", Status: status})
}

// Ready only reads, though its receiver is a pointer.
func (s *WidgetStatus) Ready() bool {
	for _, c := range s.Conditions {
		if c.Type == "Ready" {
			return c.Status == metav1.ConditionTrue
		}
	}
	return s != nil && s.Phase == "Ready"
}

// Keep hands the receiver on: what becomes of it is out of sight.
func (s *WidgetStatus) Keep(into *[]*WidgetStatus) {
	*into = append(*into, s)
}
