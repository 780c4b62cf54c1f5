module example.com/op

go 1.22.0

require (
	k8s.io/api v0.31.0
	k8s.io/apimachinery v0.31.0
	k8s.io/client-go v0.31.0
	sigs.k8s.io/controller-runtime v0.18.5 // want `controller-runtime v0.18.5 is built against Kubernetes 1.30 but this module selects k8s.io/\* from 1.31 \(k8s.io/client-go v0.31.0\).*require controller-runtime v0.19.7`
)
