module example.com/op

go 1.22.0

require (
	github.com/kubernetes/client-go v0.29.0
	k8s.io/api v0.30.1
	k8s.io/client-go/v2 v2.0.0
	k8s.io/kube-openapi v0.0.0-20240228011516-70dd3763d340
	sigs.k8s.io/controller-runtime v0.18.5
	sigs.k8s.io/controller-runtime-extra v0.3.0
)
