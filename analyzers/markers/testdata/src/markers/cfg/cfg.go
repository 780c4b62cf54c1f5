package cfg

// +kubebuilder:mytool:enabled=true
// +kubebuilder:mytoolx:enabled=true // want `controller-gen does not know the marker \+kubebuilder:mytoolx:enabled`

// T is a type.
type T struct{}
