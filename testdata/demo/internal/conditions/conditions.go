// Package conditions sets the status conditions of the demo's kinds.
package conditions

import (
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	demov1 "example.com/demo-operator/api/v1"
)

// MarkReady records in widget's status that its children are in place.
func MarkReady(widget *demov1.Widget) {
	widget.Status.Ready = true
	widget.Status.ObservedGeneration = widget.Generation
	meta.SetStatusCondition(&widget.Status.Conditions, metav1.Condition{
		Type:    "Ready",
		Status:  metav1.ConditionTrue,
		Reason:  "ChildrenReady",
		Message: "the widget's ConfigMap and Gadget are up to date",
	})
}
