package a

// Test fixtures are not read by controller-gen.
// +kubebuilder:subresource:staus
type fixture struct{}
