module example.com/op

go 1.23.0

require (
	k8s.io/api v0.31.0
	k8s.io/apimachinery v0.31.4
	k8s.io/client-go v0.31.3
	sigs.k8s.io/controller-runtime v0.19.0
)
