// Package shared holds types that several versions use.
package shared

// Common is used by the Widget spec.
type Common struct {
	Owner string `json:"owner,omitempty"`
	// +kubebuilder:validation:MaxLength=20
	Team string `json:"team,omitempty"`
}
