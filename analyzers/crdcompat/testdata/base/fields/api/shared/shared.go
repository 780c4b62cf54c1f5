// Package shared holds types that several versions use.
package shared

// Common is used by the Widget spec.
type Common struct {
	Owner string `json:"owner,omitempty"`
	Team  string `json:"team,omitempty"`
}
