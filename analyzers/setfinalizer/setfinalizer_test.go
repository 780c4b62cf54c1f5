package setfinalizer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/analyzers/setfinalizer"
	"github.com/opvet/opvet/internal/testroot"
)

// TestSetFinalizer runs the check on one package per scenario (loaded
// together: one go list for all):
//   - mechanics: SetFinalizer misuses that panic or never run (cases 3-6,
//     8) and correct uses;
//   - kube: Kubernetes objects and reconcilers (cases 1, 2), near-misses;
//   - generic: type parameters, generic types and reconcilers;
//   - cleanup: AddCleanup (case 7) and its correct uses.
func TestSetFinalizer(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), setfinalizer.Analyzer,
		"setfinalizer/mechanics", "setfinalizer/kube", "setfinalizer/generic", "setfinalizer/cleanup", "setfinalizer/lifetime")
}
