module example.com/served

go 1.18

require k8s.io/api v0.24.2
