package apimigration

import (
	"strings"
	"testing"
)

// TestComposites holds each composite to a row of its release that names
// it as a new parameter or result type.
func TestComposites(t *testing.T) {
	for _, comp := range Composites {
		found := false
		for _, r := range Changes {
			if f, _ := FamilyOf(r.Pkg); !found && f == comp.Family && r.Minor == comp.Minor && strings.Contains(r.New, comp.Name) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s.%s: no change of v0.%d names it", comp.Pkg, comp.Name, comp.Minor)
		}
		if got, ok := CompositeOf(comp.Pkg, comp.Name); !ok || got.Name != comp.Name {
			t.Errorf("CompositeOf(%s, %s) = %v, %v", comp.Pkg, comp.Name, got, ok)
		}
	}
	if _, ok := CompositeOf(crClient, "Client"); ok {
		t.Errorf("CompositeOf(client.Client) found")
	}
}
