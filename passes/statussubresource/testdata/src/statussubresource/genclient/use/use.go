// Package use makes literals of the genclient kinds, whose answers come
// from the module's CRD manifests.
package use

import (
	catalog "statussubresource/genclient/apis/catalog/v1beta1"
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
