// Two k8s.io modules behind controller-runtime, each at its own minor:
// two causes, reported at each line.
module example.com/op

go 1.22.0

require (
	k8s.io/api v0.30.1
	k8s.io/apimachinery v0.30.1
	k8s.io/client-go v0.30.1
	sigs.k8s.io/controller-runtime v0.18.5
)

replace (
	k8s.io/api => k8s.io/api v0.29.3 // want `k8s.io/api v0.29.3 is from Kubernetes 1.29 but controller-runtime v0.18.5 is built against 1.30`
	k8s.io/client-go => k8s.io/client-go v0.28.4 // want `k8s.io/client-go v0.28.4 is from Kubernetes 1.28 but controller-runtime v0.18.5 is built against 1.30`
)
