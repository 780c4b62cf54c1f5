package crdkinds

import (
	"github.com/opvet/opvet/internal/markersyntax"
	"github.com/opvet/opvet/passes/markerindex"
)

// Has reports whether ms hold a marker named name that is not set to
// false (`+kubebuilder:skipversion=false` does not skip).
func Has(ms []*markerindex.Marker, name string) bool {
	m := markerindex.Find(ms, name)
	return m != nil && !(m.HasValue && markersyntax.Unquote(m.Value) == "false")
}
