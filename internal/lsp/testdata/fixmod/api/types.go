// Package api has a misspelt kubebuilder marker, which markers reports
// with a fix.
package api

// WidgetSpec is the spec of a widget.
type WidgetSpec struct {
	// +kubebuilder:validation:Minimun=0
	Replicas int32 `json:"replicas,omitempty"`
}
