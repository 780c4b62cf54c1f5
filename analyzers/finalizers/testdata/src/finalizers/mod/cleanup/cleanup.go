// Package cleanup calls the helpers' wrapper with a constant.
package cleanup

import (
	"sigs.k8s.io/controller-runtime/pkg/client"

	"finalizers/mod/api"
	h "finalizers/mod/helpers"
)

// Finish removes the wrapped finalizer through helpers.Drop.
func Finish(obj client.Object) bool { return h.Drop(obj, api.WrappedFinalizer) }
