// Shape of kedacore/keda v2.15.1: k8s.io pinned to 1.29 by replace for
// controller-runtime v0.17, but controller-tools v0.15 (1.30) drags the
// unpinned k8s.io/apiextensions-apiserver to 1.30.
module example.com/op

go 1.22.0

require (
	k8s.io/api v0.30.0
	k8s.io/apimachinery v0.31.0-beta.0
	k8s.io/client-go v0.30.0
	sigs.k8s.io/controller-runtime v0.17.5
	sigs.k8s.io/controller-tools v0.15.0 // want `controller-tools v0.15.0 requires k8s.io/apiextensions-apiserver v0.30.0 \(Kubernetes 1.30\), newer than the 1.29 controller-runtime v0.17.5 is built against.*require controller-tools v0.14.0`
)

require k8s.io/apiextensions-apiserver v0.30.0 // indirect // want `k8s.io/apiextensions-apiserver v0.30.0 is from Kubernetes 1.30 but controller-runtime v0.17.5 is built against 1.29.*require k8s.io/apiextensions-apiserver v0.29.7`

replace (
	// pin k8s.io to v0.29.7 & sigs.k8s.io/controller-runtime to v0.17.5
	k8s.io/api => k8s.io/api v0.29.7
	k8s.io/apimachinery => k8s.io/apimachinery v0.29.7
	k8s.io/client-go => k8s.io/client-go v0.29.7
)
