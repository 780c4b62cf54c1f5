package crdschema

import "testing"

func TestNamedForOtherGroup(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"bootstrap.cluster.x-k8s.io_kubeadmconfigs.yaml", true}, // controller-gen's name, another group
		{"cluster.x-k8s.io_clusters.yaml", false},                // this group
		{"cluster.x-k8s.io_clusters.yml", false},
		{"crds.yaml", false},                         // not a controller-gen name: read
		{"install_crds.yaml", false},                 // no dot in the first part
		{"Example.com_widgets.yaml", false},          // not lowercase
		{"other.example.com_widgets_v2.yaml", false}, // two underscores
		{"other.example.com_.yaml", false},
	} {
		if got := NamedForOtherGroup(tc.name, "cluster.x-k8s.io"); got != tc.want {
			t.Errorf("NamedForOtherGroup(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}
