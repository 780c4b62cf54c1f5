module example.com/op

go 1.12

require k8s.io/client-go v12.0.0+incompatible // want `k8s.io/client-go v12.0.0\+incompatible is an obsolete pre-module tag \(Kubernetes 1.15\).*require k8s.io/client-go v0.15.x`
