// Package demo_test runs the README's demo command (the blocks marked
// "alone"; see package doctest): it builds opvet and runs it on the demo
// operator and on demoskew, whose dependencies take minutes to compile
// cold, apart from the other documented commands.
package demo_test

import (
	"testing"

	"github.com/opvet/opvet/internal/integration/doctest"
)

func TestDemoCommand(t *testing.T) {
	if ran := doctest.RunCommands(t, true); ran == 0 {
		t.Error("no block of the documents is marked alone; the README's demo command went missing?")
	}
}
