// Package testdata is skipped by the module scan.
package testdata

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func Remove(obj client.Object) { controllerutil.RemoveFinalizer(obj, "mod.example.com/leaked") }
