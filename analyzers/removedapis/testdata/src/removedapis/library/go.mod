module example.com/libop

go 1.22

require (
	k8s.io/api v0.29.0
	sigs.k8s.io/controller-runtime v0.17.0
)
