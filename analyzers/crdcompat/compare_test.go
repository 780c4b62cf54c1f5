package crdcompat

import "testing"

// TestGeneratorIgnored: controller-gen read +required (and
// +kubebuilder:validation:Required beside omitempty) from v0.16.0 on, so a
// base manifest written before says nothing about such a field.
func TestGeneratorIgnored(t *testing.T) {
	for _, tc := range []struct {
		generator, marker string
		want              bool
	}{
		{"v0.12.0", "required", true},
		{"0.15.0", "kubebuilder:validation:Required", true},
		{"v0.16.0", "required", false},
		{"v0.19.0", "k8s:required", false},
		{"v0.12.0", "", false},  // required by its tag: every release agrees
		{"", "required", false}, // a base read from Go source
		{"(devel)", "required", false},
	} {
		c := &comparer{generator: tc.generator}
		if got := c.generatorIgnored(tc.marker); got != tc.want {
			t.Errorf("generatorIgnored(%q) with controller-gen %q = %v, want %v", tc.marker, tc.generator, got, tc.want)
		}
	}
}
