// Shape of knative.dev/operator v0.42.2: controller-runtime required only
// indirectly (a dependency uses its apiutil package, with the API of an
// old release), k8s.io from a newer release: reported, without a fix.
module example.com/op

go 1.22.0

require (
	k8s.io/api v0.31.0
	k8s.io/apimachinery v0.31.0
	k8s.io/client-go v0.31.0
)

require sigs.k8s.io/controller-runtime v0.18.5 // indirect; // want `controller-runtime v0.18.5 is built against Kubernetes 1.30 but this module selects k8s.io/\* from 1.31 .*require controller-runtime v0.19.7, built against 1.31, once the dependencies that import controller-runtime build with it \(this requirement is indirect\)`
