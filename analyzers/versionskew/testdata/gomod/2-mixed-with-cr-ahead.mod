module example.com/op

go 1.22.0

require (
	k8s.io/api v0.31.0
	k8s.io/apimachinery v0.31.0
	k8s.io/client-go v0.31.0
	k8s.io/kubectl v0.29.0 // want `k8s.io/kubectl v0.29.0 is from Kubernetes 1.29 but the other k8s.io modules here are from 1.31`
	sigs.k8s.io/controller-runtime v0.18.5 // want `controller-runtime v0.18.5 is built against Kubernetes 1.30`
)
