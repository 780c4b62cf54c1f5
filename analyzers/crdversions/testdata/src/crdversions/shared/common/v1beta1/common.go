// Package v1beta1 is the v1beta1 copy of the shared types: Config has the
// same shape as v1's, Ref lacks a field.
package v1beta1

// Config is free-form configuration, written by its own MarshalJSON.
type Config struct {
	Data map[string]any `json:"-"`
}

// MarshalJSON writes Data.
func (c *Config) MarshalJSON() ([]byte, error) { return nil, nil }

// Ref names another object.
type Ref struct {
	Name string `json:"name"`
}
