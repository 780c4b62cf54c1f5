// Package a declares API types with the marker layouts that
// statussubresource must read, and uses types of other packages.
package a

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "example.com/operator/api/v1"
)

// DocAndMarkers has the markers in its doc comment.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type DocAndMarkers struct {
	metav1.ObjectMeta
}

// +kubebuilder:object:root=true

// RootOnly is a CRD without the status subresource.
type RootOnly struct {
	metav1.ObjectMeta
}

// +kubebuilder:subresource:status

// Too far: two blank lines separate the markers from the doc comment.

// FarMarkers is unknown: controller-gen reads no markers that far up.
type FarMarkers struct {
	metav1.ObjectMeta
}

type (
	// +kubebuilder:object:root=true
	//+kubebuilder:subresource:status

	// Grouped is declared in a type group.
	Grouped struct {
		metav1.ObjectMeta
	}
)

// +genclient
// +genclient:noStatus

// NoStatusClient has a generated client without UpdateStatus.
type NoStatusClient struct {
	metav1.ObjectMeta
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

type Undocumented struct {
	metav1.ObjectMeta
}

// +kubebuilder:subresource:status

// +kubebuilder:object:root=true

type TwoBlocksUndocumented struct {
	metav1.ObjectMeta
}

// Plain has no markers.
type Plain struct {
	metav1.ObjectMeta
}

var (
	_ = DocAndMarkers{}         // want `DocAndMarkers status=yes origin=crd`
	_ = RootOnly{}              // want `RootOnly status=no origin=crd`
	_ = FarMarkers{}            // want `FarMarkers status=unknown origin=unknown`
	_ = Grouped{}               // want `Grouped status=yes origin=crd`
	_ = NoStatusClient{}        // want `NoStatusClient status=no origin=unknown`
	_ = Plain{}                 // want `Plain status=unknown origin=unknown`
	_ = Undocumented{}          // want `Undocumented status=yes origin=crd`
	_ = TwoBlocksUndocumented{} // want `TwoBlocksUndocumented status=no origin=crd`

	_ = v1.Widget{}   // want `Widget status=yes origin=crd`
	_ = v1.Gadget{}   // want `Gadget status=no origin=crd`
	_ = v1.Sprocket{} // want `Sprocket status=yes origin=crd`
	_ = v1.Mystery{}  // want `Mystery status=unknown origin=unknown`

	_ = corev1.Pod{}         // want `Pod status=yes origin=builtin`
	_ = corev1.ConfigMap{}   // want `ConfigMap status=no origin=builtin`
	_ = corev1.Container{}   // want `Container status=unknown origin=builtin`
	_ = appsv1.Deployment{}  // want `Deployment status=yes origin=builtin`
	_ = appsv1.StatefulSet{} // want `StatefulSet status=yes origin=builtin`
)
