module example.com/writer

go 1.23

require sigs.k8s.io/controller-runtime v0.21.0
