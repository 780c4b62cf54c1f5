// Package source has names that controller-runtime also has.
package source

// Kind is not controller-runtime's source.Kind.
type Kind struct {
	Type string
}

// Options is not manager.Options.
type Options struct {
	MetricsBindAddress string
	Namespace          string
}
