// Package v1 holds types that the v1 API versions share.
package v1

// Config is free-form configuration, written by its own MarshalJSON.
type Config struct {
	Data map[string]any `json:"-"`
}

// MarshalJSON writes Data.
func (c Config) MarshalJSON() ([]byte, error) { return nil, nil }

// Ref names another object.
type Ref struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace,omitempty"`
}
