module example.com/tool

go 1.21

require (
	github.com/spf13/cobra v1.8.0
	sigs.k8s.io/yaml v1.4.0
)
