package tested

import (
	"testing"

	"example.com/broken/bad"
)

func TestNew(t *testing.T) {
	if New() == nil || bad.F() != 0 {
		t.Fatal("unexpected")
	}
}
