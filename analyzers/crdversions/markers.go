package crdversions

import (
	"github.com/opvet/opvet/internal/markers"
	pmarkers "github.com/opvet/opvet/passes/markers"
)

// markerList is the markers of one node, from the shared marker index.
type markerList []*pmarkers.Marker

// find returns the first marker named name, or nil.
func (l markerList) find(name string) *pmarkers.Marker {
	return pmarkers.Find(l, name)
}

// has reports whether a marker named name is present and not set to
// false (`+kubebuilder:skipversion=false`).
func (l markerList) has(name string) bool {
	m := l.find(name)
	return m != nil && !(m.HasValue && markers.Unquote(m.Value) == "false")
}
