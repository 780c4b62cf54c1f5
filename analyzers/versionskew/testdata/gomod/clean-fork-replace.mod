module example.com/op

go 1.22.0

require (
	k8s.io/api v0.30.1
	k8s.io/apimachinery v0.30.1
	k8s.io/client-go v0.30.1
	sigs.k8s.io/controller-runtime v0.18.5
)

// A fork's version numbers say nothing about upstream's Kubernetes minor.
replace sigs.k8s.io/controller-runtime => github.com/example/controller-runtime v0.21.0
