module example.com/op

go 1.22.0

require (
	k8s.io/api v0.30.2
	k8s.io/apimachinery v0.30.2
	k8s.io/client-go v0.31.0 // want `k8s.io/client-go v0.31.0 is from Kubernetes 1.31 but the other k8s.io modules here are from 1.30 \(k8s.io/api v0.30.2\).*require k8s.io/client-go v0.30.2`
	k8s.io/kubectl v0.30.0
	k8s.io/kubernetes v1.29.4 // want `k8s.io/kubernetes v1.29.4 is from Kubernetes 1.29 .*require k8s.io/kubernetes v1.30.2`
	k8s.io/klog/v2 v2.120.1
	k8s.io/utils v0.0.0-20240711033017-18e509b52bc8
)
