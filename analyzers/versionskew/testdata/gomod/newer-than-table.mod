module example.com/op

go 1.26.0

require (
	k8s.io/api v0.38.0
	k8s.io/client-go v0.38.0
	sigs.k8s.io/controller-runtime v0.26.0 // want `controller-runtime v0.26.0 is newer than the releases opvet knows \(up to v0.25.2\)`
)
