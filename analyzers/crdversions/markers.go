package crdversions

import (
	"github.com/opvet/opvet/internal/markersyntax"
	"github.com/opvet/opvet/passes/markerindex"
)

// markerList is the markers of one node, from the shared marker index.
type markerList []*markerindex.Marker

// find returns the first marker named name, or nil.
func (l markerList) find(name string) *markerindex.Marker {
	return markerindex.Find(l, name)
}

// has reports whether a marker named name is present and not set to
// false (`+kubebuilder:skipversion=false`).
func (l markerList) has(name string) bool {
	m := l.find(name)
	return m != nil && !(m.HasValue && markersyntax.Unquote(m.Value) == "false")
}
