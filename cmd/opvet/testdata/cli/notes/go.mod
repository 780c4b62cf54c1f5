module example.com/notes

go 1.26

require k8s.io/apimachinery v0.0.0

replace k8s.io/apimachinery => ./stub
