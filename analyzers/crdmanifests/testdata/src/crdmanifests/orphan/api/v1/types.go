package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// WidgetSpec is the desired state of a Widget.
type WidgetSpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"`
}

// Widget's manifests: deploy/crds/widget.yaml, which the kustomization of
// deploy lists, and deploy/crd.yaml, a stale one beside that
// kustomization, which lists it nowhere: no one installs it. Quiet.
// +kubebuilder:object:root=true
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec WidgetSpec `json:"spec,omitempty"`
}

// GizmoSpec is the desired state of a Gizmo.
type GizmoSpec struct {
	Size  int32  `json:"size,omitempty"`
	Color string `json:"color,omitempty"` // want `Gizmo has no property spec.color in the v1 schema of deploy/gizmo.yaml`
}

// Gizmo's only manifest is unlisted too, but it is the only one: it may
// be applied directly. Reported.
// +kubebuilder:object:root=true
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec GizmoSpec `json:"spec,omitempty"`
}
