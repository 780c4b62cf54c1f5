module example.com/bad

go 1.22.0

require (
	k8s.io/client-go
)
