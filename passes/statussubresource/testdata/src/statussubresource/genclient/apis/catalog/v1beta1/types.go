package v1beta1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// +genclient

// Binding's manifest lists the status subresource.
type Binding struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Broker's manifest has none.
type Broker struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Plan has two manifests that disagree.
type Plan struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Orphan has no manifest.
type Orphan struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// +genclient

// Instance's manifest gives the subresource to another version only.
type Instance struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}
