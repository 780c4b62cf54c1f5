package a

import "testing"

// A test's expected value sets the flag; no operator runs it.
func TestPhaseOutcome(t *testing.T) {
	want := &phaseOutcome{Requeue: true}
	_ = want
}
