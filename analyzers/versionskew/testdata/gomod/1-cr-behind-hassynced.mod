module example.com/op

go 1.26.0

require (
	k8s.io/api v0.36.0
	k8s.io/apimachinery v0.36.0
	k8s.io/client-go v0.36.0
	sigs.k8s.io/controller-runtime v0.22.4 // want `controller-runtime v0.22.4 is built against Kubernetes 1.34 .*require controller-runtime v0.24.1, built against 1.36`
)
