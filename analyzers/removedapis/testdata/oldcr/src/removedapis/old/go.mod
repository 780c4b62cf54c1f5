module example.com/old

go 1.17

require (
	k8s.io/api v0.20.8
	sigs.k8s.io/controller-runtime v0.6.5
)
