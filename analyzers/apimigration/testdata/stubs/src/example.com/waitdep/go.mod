module example.com/waitdep

go 1.20

require k8s.io/apimachinery v0.28.0
