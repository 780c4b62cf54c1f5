// Shape of kedacore/keda v2.4.0: controller-runtime v0.6 (Kubernetes 1.18)
// with k8s.io 1.20, client-go required as a legacy pseudo-version but
// replaced by v0.20.8 (so not a retracted tag).
module example.com/op

go 1.15

require (
	k8s.io/api v0.20.8
	k8s.io/apimachinery v0.20.8
	k8s.io/apiserver v0.20.8
	k8s.io/client-go v11.0.1-0.20190805182717-6502b5e7b1b5+incompatible
	k8s.io/code-generator v0.20.8
	k8s.io/klog/v2 v2.9.0
	k8s.io/metrics v0.20.8
	sigs.k8s.io/controller-runtime v0.6.5 // want `controller-runtime v0.6.5 is built against Kubernetes 1.18 but this module selects k8s.io/\* from 1.20 \(k8s.io/client-go v0.20.8\).*require controller-runtime v0.8.3, built against 1.20`
)

replace k8s.io/client-go => k8s.io/client-go v0.20.8
