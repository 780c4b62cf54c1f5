package v1alpha1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient

// NodeConfig's CRD (v1beta1, the kind named by a constant) has the
// status subresource.
type NodeConfig struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Drainer's CRD has no subresources.
type Drainer struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Machine's CRD (v1) gives this version the subresource.
type Machine struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Pool's CRD gives the subresource to another version only.
type Pool struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Twice has two CRDs that disagree.
type Twice struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Foreign's only CRD with the subresource is of another group.
type Foreign struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Nilled's CRD sets the status subresource to nil.
type Nilled struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Listed's CRD is an element of a slice literal.
type Listed struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}
