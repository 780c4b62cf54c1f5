module example.com/op

go 1.22.0

require (
	k8s.io/api v0.30.1
	k8s.io/apimachinery v0.30.1
	k8s.io/client-go v0.30.1
	sigs.k8s.io/controller-runtime v0.18.5
)

replace (
	k8s.io/api => k8s.io/api v0.29.3 // want `k8s.io/api v0.29.3 is from Kubernetes 1.29 but controller-runtime v0.18.5 is built against 1.30.*require k8s.io/api v0.30.1`
	k8s.io/apimachinery => k8s.io/apimachinery v0.29.3 // want `k8s.io/apimachinery v0.29.3 is from Kubernetes 1.29`
	k8s.io/client-go v0.30.1 => k8s.io/client-go v0.29.3 // want `k8s.io/client-go v0.29.3 is from Kubernetes 1.29`
)
