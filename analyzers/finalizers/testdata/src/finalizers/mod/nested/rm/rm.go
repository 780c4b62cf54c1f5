// Package rm lives in a nested module, which the module scan skips.
package rm

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func Remove(obj client.Object) { controllerutil.RemoveFinalizer(obj, "mod.example.com/nested") }
