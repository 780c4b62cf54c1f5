package controllers

import (
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"finalizers/mod/api"
)

// A removal in a test does not remove anything in production.
func TestRemove(t *testing.T) {
	w := &api.Widget{}
	controllerutil.AddFinalizer(w, "test")
	controllerutil.RemoveFinalizer(w, api.TestOnlyFinalizer)
}
