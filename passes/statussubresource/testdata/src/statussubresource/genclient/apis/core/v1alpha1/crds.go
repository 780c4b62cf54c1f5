package v1alpha1

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apiextensionsv1beta1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
)

const (
	group    = "core.example.com"
	kindNode = "NodeConfig"
)

func NewNodeConfigCRD() *apiextensionsv1beta1.CustomResourceDefinition {
	return &apiextensionsv1beta1.CustomResourceDefinition{
		Spec: apiextensionsv1beta1.CustomResourceDefinitionSpec{
			Group:   group,
			Version: "v1alpha1",
			Names:   apiextensionsv1beta1.CustomResourceDefinitionNames{Kind: kindNode, Plural: "nodeconfigs"},
			Subresources: &apiextensionsv1beta1.CustomResourceSubresources{
				Status: &apiextensionsv1beta1.CustomResourceSubresourceStatus{},
			},
		},
	}
}

func NewDrainerCRD() *apiextensionsv1beta1.CustomResourceDefinition {
	return &apiextensionsv1beta1.CustomResourceDefinition{
		Spec: apiextensionsv1beta1.CustomResourceDefinitionSpec{
			Group: group,
			Names: apiextensionsv1beta1.CustomResourceDefinitionNames{Kind: "Drainer"},
		},
	}
}

var status = &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}}

var machineCRD = apiextensionsv1.CustomResourceDefinition{
	Spec: apiextensionsv1.CustomResourceDefinitionSpec{
		Group: "core.example.com",
		Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: "Machine"},
		Versions: []apiextensionsv1.CustomResourceDefinitionVersion{
			{Name: "v1alpha1", Served: true, Storage: true, Subresources: &apiextensionsv1.CustomResourceSubresources{
				Status: &apiextensionsv1.CustomResourceSubresourceStatus{},
			}},
			{Name: "v1alpha2", Served: true},
		},
	},
}

var poolCRD = apiextensionsv1.CustomResourceDefinition{
	Spec: apiextensionsv1.CustomResourceDefinitionSpec{
		Group: group,
		Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: "Pool"},
		Versions: []apiextensionsv1.CustomResourceDefinitionVersion{
			{Name: "v1alpha1", Served: true, Storage: true},
			{Name: "v1alpha2", Served: true, Subresources: status},
		},
	},
}

var twiceCRDs = []*apiextensionsv1beta1.CustomResourceDefinition{
	{Spec: apiextensionsv1beta1.CustomResourceDefinitionSpec{
		Names:        apiextensionsv1beta1.CustomResourceDefinitionNames{Kind: "Twice"},
		Subresources: &apiextensionsv1beta1.CustomResourceSubresources{Status: &apiextensionsv1beta1.CustomResourceSubresourceStatus{}},
	}},
	{Spec: apiextensionsv1beta1.CustomResourceDefinitionSpec{
		Names:        apiextensionsv1beta1.CustomResourceDefinitionNames{Kind: "Listed"},
		Subresources: &apiextensionsv1beta1.CustomResourceSubresources{Status: &apiextensionsv1beta1.CustomResourceSubresourceStatus{}},
	}},
}

var twiceOld = &apiextensionsv1beta1.CustomResourceDefinition{
	Spec: apiextensionsv1beta1.CustomResourceDefinitionSpec{
		Names: apiextensionsv1beta1.CustomResourceDefinitionNames{Kind: "Twice"},
	},
}

var foreignCRD = &apiextensionsv1beta1.CustomResourceDefinition{
	Spec: apiextensionsv1beta1.CustomResourceDefinitionSpec{
		Group:        "other.example.com",
		Names:        apiextensionsv1beta1.CustomResourceDefinitionNames{Kind: "Foreign"},
		Subresources: &apiextensionsv1beta1.CustomResourceSubresources{Status: &apiextensionsv1beta1.CustomResourceSubresourceStatus{}},
	},
}

var nilledCRD = &apiextensionsv1beta1.CustomResourceDefinition{
	Spec: apiextensionsv1beta1.CustomResourceDefinitionSpec{
		Names:        apiextensionsv1beta1.CustomResourceDefinitionNames{Kind: "Nilled"},
		Subresources: &apiextensionsv1beta1.CustomResourceSubresources{Status: nil},
	},
}
