module example.com/fuzzfuncs

go 1.22

require k8s.io/apimachinery v0.31.4
