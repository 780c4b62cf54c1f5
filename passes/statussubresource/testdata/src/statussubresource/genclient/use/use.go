// Package use makes literals of the genclient kinds, whose answers come
// from the module's CRD manifests.
package use

import (
	catalog "statussubresource/genclient/apis/catalog/v1beta1"
	core "statussubresource/genclient/apis/core/v1alpha1"
	other "statussubresource/genclient/apis/other/v1"
)

var (
	_ = catalog.Binding{}  // want `Binding status=yes origin=crd`
	_ = catalog.Broker{}   // want `Broker status=unknown origin=unknown`
	_ = catalog.Plan{}     // want `Plan status=unknown origin=unknown`
	_ = catalog.Orphan{}   // want `Orphan status=unknown origin=unknown`
	_ = catalog.Instance{} // want `Instance status=unknown origin=unknown`
	_ = other.Binding{}    // want `Binding status=unknown origin=unknown`
)

// Kinds marked +kubebuilder:subresource:status: the marker holds unless
// every manifest of the kind says otherwise.
var (
	_ = catalog.Gadget{}   // want `Gadget status=unknown origin=crd`
	_ = catalog.Gizmo{}    // want `Gizmo status=yes origin=crd`
	_ = catalog.Sprocket{} // want `Sprocket status=yes origin=crd`
)

// Kinds whose CRDs their package builds in Go.
var (
	_ = core.NodeConfig{} // want `NodeConfig status=yes origin=crd`
	_ = core.Drainer{}    // want `Drainer status=unknown origin=unknown`
	_ = core.Machine{}    // want `Machine status=yes origin=crd`
	_ = core.Pool{}       // want `Pool status=unknown origin=unknown`
	_ = core.Twice{}      // want `Twice status=unknown origin=unknown`
	_ = core.Foreign{}    // want `Foreign status=unknown origin=unknown`
	_ = core.Nilled{}     // want `Nilled status=unknown origin=unknown`
	_ = core.Listed{}     // want `Listed status=yes origin=crd`
)
