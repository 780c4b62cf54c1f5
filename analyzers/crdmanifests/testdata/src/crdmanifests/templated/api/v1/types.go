package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// InstallationSpec is the desired state of an Installation.
type InstallationSpec struct {
	Replicas int32  `json:"replicas,omitempty"`
	Zone     string `json:"zone,omitempty"` // want `Installation has no property spec.zone in the v1 schema of deploy/crd.yaml`
}

// InstallationStatus is the observed state of an Installation.
type InstallationStatus struct {
	Ready bool `json:"ready,omitempty"`
}

// +genclient
// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object

// Installation's template gives it the status subresource, which no
// marker of the Go type says (there are none to say it): not reported.
// A field the template lacks is still pruned: reported.
type Installation struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec   InstallationSpec   `json:"spec,omitempty"`
	Status InstallationStatus `json:"status,omitempty"`
}
