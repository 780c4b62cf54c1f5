module example.com/op

go 1.24.0

require (
	k8s.io/api v0.31.0
	k8s.io/apimachinery v0.31.0
	k8s.io/client-go v0.31.0
	sigs.k8s.io/controller-runtime v0.19.7
	sigs.k8s.io/controller-tools v0.18.0 // want `controller-tools v0.18.0 requires k8s.io/apimachinery v0.33.0 \(Kubernetes 1.33\), newer than the 1.31 controller-runtime v0.19.7 is built against.*require controller-tools v0.16.5 \(Kubernetes 1.31\)`
)

tool sigs.k8s.io/controller-tools/cmd/controller-gen
