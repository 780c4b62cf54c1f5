// Package enginetypes holds a per-request struct declared apart from the
// controllers that fill it (litmuschaos chaos-operator's pkg/types).
package enginetypes

import v1 "example.com/operator/api/v1"

// EngineInfo holds the object a helper reads into it.
type EngineInfo struct {
	Instance *v1.Widget
	Targets  string
}
