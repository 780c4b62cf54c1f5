module example.com/op

go 1.13

require (
	k8s.io/api v0.17.2
	k8s.io/apimachinery v0.17.2
	k8s.io/client-go v11.0.0+incompatible // want `k8s.io/client-go v11.0.0\+incompatible is an obsolete pre-module tag \(Kubernetes 1.14\).*require k8s.io/client-go v0.17.2`
)
