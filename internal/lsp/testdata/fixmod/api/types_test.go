package api

import (
	"runtime"
	"testing"
)

type empty struct{}

// TestFinalizer sets a finalizer that never runs (setfinalizer): a finding
// in a test file, which only the test variant of the package holds.
func TestFinalizer(t *testing.T) {
	runtime.SetFinalizer(&empty{}, func(*empty) {})
}
