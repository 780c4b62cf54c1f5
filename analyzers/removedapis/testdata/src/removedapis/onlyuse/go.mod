module example.com/onlyuse

go 1.22

require k8s.io/api v0.30.0
