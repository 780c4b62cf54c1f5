module example.com/skew

go 1.22.0

require (
	k8s.io/api v0.30.1
	k8s.io/apimachinery v0.30.1
	k8s.io/client-go v0.31.0
	sigs.k8s.io/controller-runtime v0.18.5
)

require (
	// opvet:ignore versionskew kubectl is pinned until the plugin is rewritten
	k8s.io/kubectl v0.28.0
	k8s.io/metrics v0.29.0 // opvet:ignore versionskew
)
