// Package fake holds a kind for CEL tests. controller-gen names its
// version after the package, "fake", whatever the GroupVersion variable
// says: the manifest beside it serves "fake".
// +groupName=fake.example.com
package fake

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// GroupVersion is the group version registered with the scheme.
var GroupVersion = schema.GroupVersion{Group: "fake.example.com", Version: "v1"}

// ResourceSpec is the desired state of a Resource.
type ResourceSpec struct {
	Name string `json:"name,omitempty"`
	Size int32  `json:"size,omitempty"` // want `Resource has no property spec.size in the fake schema of internal/fake/fake.example.com_resources.yaml`
}

// Resource is a test kind.
// +kubebuilder:object:root=true
type Resource struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec ResourceSpec `json:"spec,omitempty"`
}
