// Package clientset is a stub of apiextensions-apiserver's clientset.
package clientset

import (
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/typed/apiextensions/v1"
	apiextensionsv1beta1 "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset/typed/apiextensions/v1beta1"
)

type Interface interface {
	ApiextensionsV1() apiextensionsv1.ApiextensionsV1Interface
	ApiextensionsV1beta1() apiextensionsv1beta1.ApiextensionsV1beta1Interface
}
