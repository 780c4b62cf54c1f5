module example.com/op

go 1.22.0

require (
	k8s.io/api v0.30.1
	k8s.io/client-go v0.31.0
	sigs.k8s.io/controller-runtime v0.18.5
)

replace k8s.io/client-go => ../client-go

replace sigs.k8s.io/controller-runtime v0.17.0 => sigs.k8s.io/controller-runtime v0.17.6
