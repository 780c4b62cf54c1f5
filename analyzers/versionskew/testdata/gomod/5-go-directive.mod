module example.com/op

go 1.21 // want `go 1.21 is older than go 1.22.0, which k8s.io/client-go v0.31.0 requires.*write go 1.22.0`

require (
	k8s.io/api v0.31.0
	k8s.io/apimachinery v0.31.0
	k8s.io/client-go v0.31.0
	sigs.k8s.io/controller-runtime v0.19.7
)
