package v1

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// InjectorSpec is the desired state of an Injector.
type InjectorSpec struct {
	Namespaces []string `json:"namespaces,omitempty"`
	Resources  []string `json:"resources,omitempty"` // want `Injector has no property spec.resources in the v1 schema of deploy/crds/injector.yaml`
	// Target's schema keeps the fields of corev1.ObjectReference that the
	// project supports: a subset kept by hand, not reported.
	Target corev1.ObjectReference `json:"target,omitempty"`
	// Source's schema lacks a field of the project's own type: reported.
	Source SourceRef `json:"source,omitempty"`
	// The fields of an embedded corev1.ObjectReference are kept the same
	// way (knative's RevisionSpec embeds a corev1.PodSpec).
	corev1.ObjectReference `json:",inline"`
}

// SourceRef names a source.
type SourceRef struct {
	Name string `json:"name,omitempty"`
	Path string `json:"path,omitempty"` // want `Injector has no property spec.source.path in the v1 schema of deploy/crds/injector.yaml`
}

// +kubebuilder:object:root=true

// Injector's manifest is written by hand: its schema leaves out
// apiVersion, kind and metadata, which the API server keeps anyway (not
// reported), and lacks a spec field added later (reported).
type Injector struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec InjectorSpec `json:"spec,omitempty"`
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Config keeps a scaffold's status marker but has no status field; its
// hand-written manifest has no status subresource: nothing to lose, not
// reported.
type Config struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`

	Spec InjectorSpec `json:"spec,omitempty"`
}
