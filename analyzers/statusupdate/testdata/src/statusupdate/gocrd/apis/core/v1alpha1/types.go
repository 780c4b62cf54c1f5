// Package v1alpha1 is an API library written before CRD manifests were
// generated: the CRD is built in Go next to the type, and the +genclient
// marker is one blank line above the type, which has no doc comment.
// +groupName=core.example.com
package v1alpha1

import (
	apiextensionsv1beta1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func NewNodeConfigCRD() *apiextensionsv1beta1.CustomResourceDefinition {
	return &apiextensionsv1beta1.CustomResourceDefinition{
		Spec: apiextensionsv1beta1.CustomResourceDefinitionSpec{
			Group:   "core.example.com",
			Version: "v1alpha1",
			Names:   apiextensionsv1beta1.CustomResourceDefinitionNames{Kind: "NodeConfig"},
			Subresources: &apiextensionsv1beta1.CustomResourceSubresources{
				Status: &apiextensionsv1beta1.CustomResourceSubresourceStatus{},
			},
		},
	}
}

// +genclient

type NodeConfig struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   NodeConfigSpec
	Status NodeConfigStatus
}

type NodeConfigSpec struct{ Node string }

type NodeConfigStatus struct{ Conditions []string }

func (in *NodeConfig) DeepCopyObject() *NodeConfig { out := *in; return &out }
