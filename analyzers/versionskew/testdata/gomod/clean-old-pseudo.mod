module example.com/op

go 1.12

require (
	k8s.io/api v0.0.0-20190409021203-6e4e0e4f393b
	k8s.io/apimachinery v0.0.0-20190404173353-6a84e37a896d
	k8s.io/client-go v11.0.0+incompatible
	sigs.k8s.io/controller-runtime v0.2.0
)
