module example.com/fuzzfuncsnew

go 1.22

require k8s.io/apimachinery v0.33.0
