// Package v1beta1 is a stub of apiextensions-apiserver's typed v1beta1 clients.
package v1beta1

import (
	"context"

	apiextensionsv1beta1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1beta1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

type ApiextensionsV1beta1Interface interface {
	CustomResourceDefinitionsGetter
}

type CustomResourceDefinitionsGetter interface {
	CustomResourceDefinitions() CustomResourceDefinitionInterface
}

type CustomResourceDefinitionInterface interface {
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*apiextensionsv1beta1.CustomResourceDefinition, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
}
