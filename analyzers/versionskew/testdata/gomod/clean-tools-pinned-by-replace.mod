// Shape of kedacore/keda v2.20.2: controller-tools wants Kubernetes 1.36 but
// every k8s.io module it requires is pinned to 1.35 by replace, so minimal
// version selection drags nothing.
module example.com/op

go 1.26.0

replace (
	k8s.io/api => k8s.io/api v0.35.5
	k8s.io/apiextensions-apiserver => k8s.io/apiextensions-apiserver v0.35.5
	k8s.io/apimachinery => k8s.io/apimachinery v0.35.5
	k8s.io/apiserver => k8s.io/apiserver v0.35.5
	k8s.io/client-go => k8s.io/client-go v0.35.5
	k8s.io/code-generator => k8s.io/code-generator v0.35.5
	sigs.k8s.io/controller-runtime => sigs.k8s.io/controller-runtime v0.23.3
)

require (
	k8s.io/api v0.36.0
	k8s.io/apimachinery v0.36.0
	k8s.io/apiserver v0.36.0
	k8s.io/client-go v0.36.0
	k8s.io/code-generator v0.36.0
	sigs.k8s.io/controller-runtime v0.23.3
	sigs.k8s.io/controller-tools v0.21.0
)

require (
	k8s.io/apiextensions-apiserver v0.36.0 // indirect
	k8s.io/kms v0.35.5 // indirect
)
