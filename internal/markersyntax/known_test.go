package markersyntax

import (
	"sort"
	"testing"
)

// TestKnown guards the generated list against a broken refresh.
func TestKnown(t *testing.T) {
	for _, name := range []string{
		"kubebuilder:subresource:status", "kubebuilder:storageversion", "kubebuilder:unservedversion",
		"kubebuilder:rbac", "kubebuilder:webhook", "groupName", "optional", "listType", "k8s:deepcopy-gen",
	} {
		if !Known(name) {
			t.Errorf("%s is not known", name)
		}
	}
	if Known("kubebuilder:subresource:staus") || Known("kubebuilder:scaffold:imports") {
		t.Error("unknown markers are known")
	}
	d, ok := Lookup("kubebuilder:object:root")
	if a, _ := d.Arg(""); !ok || d.Name != "kubebuilder:object:root" || d.Targets != OnType || a.Type != "bool" {
		t.Errorf("kubebuilder:object:root: %+v", d)
	}
	d, _ = Lookup("kubebuilder:rbac")
	if _, ok := d.Arg("verbs"); !ok || d.Targets != OnPackage {
		t.Errorf("kubebuilder:rbac: %+v", d)
	}
	if names := KnownNames(); len(names) < 80 || !sort.StringsAreSorted(names) {
		t.Errorf("KnownNames: %d names, sorted %v", len(names), sort.StringsAreSorted(names))
	}
}
