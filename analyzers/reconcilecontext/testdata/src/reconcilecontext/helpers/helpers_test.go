package helpers

import (
	"testing"

	v1 "example.com/operator/api/v1"
)

// Calls from tests do not count: inner stays a helper.
func TestInner(t *testing.T) {
	r := &GadgetReconciler{}
	_ = r.inner(&v1.Widget{})
}
