module example.com/op

go 1.22.0

require (
	k8s.io/api v0.30.1
	k8s.io/apimachinery v0.30.1
	k8s.io/client-go v0.30.1
	sigs.k8s.io/controller-runtime v0.18.5 // want `controller-runtime v0.18.5 is built against Kubernetes 1.30 but 3 k8s.io modules here are from 1.29 \(k8s.io/client-go v0.29.3 and 2 more, pinned by replace directives\).*move them to 1.30 \(k8s.io/client-go v0.30.1\), or require controller-runtime v0.17.6, built against 1.29`
)

replace (
	k8s.io/api => k8s.io/api v0.29.3
	k8s.io/apimachinery => k8s.io/apimachinery v0.29.3
	k8s.io/client-go v0.30.1 => k8s.io/client-go v0.29.3
)
