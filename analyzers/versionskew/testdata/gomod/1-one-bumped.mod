module example.com/op

go 1.22.0

require (
	k8s.io/api v0.30.1
	k8s.io/apimachinery v0.30.1
	k8s.io/client-go v0.31.0 // want `k8s.io/client-go v0.31.0 is from Kubernetes 1.31 but controller-runtime v0.18.5 is built against 1.30: an untested pairing that can fail to compile \(missing methods, changed interfaces\) or misbehave at run time; require k8s.io/client-go v0.30.1`
	sigs.k8s.io/controller-runtime v0.18.5
)
