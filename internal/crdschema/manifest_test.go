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

// The kind of spec.names is found in every YAML form a manifest may use:
// block mappings, flow mappings and JSON-style quoting.
func TestParseManifestsNamesForms(t *testing.T) {
	const head = "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\nspec:\n  group: example.com\n"
	const versions = "  versions:\n  - name: v1\n    served: true\n    storage: true\n"
	for _, tc := range []struct {
		names string
		want  bool
	}{
		{"  names:\n    kind: Widget\n    plural: widgets\n", true},
		{"  names:\n    kind: \"Widget\"\n    plural: widgets\n", true},
		{"  names: {kind: Widget, plural: widgets}\n", true},
		{"  names: {plural: widgets, kind: Widget}\n", true},
		{"  names: {\"kind\": \"Widget\", \"plural\": \"widgets\"}\n", true},
		{"  names:\n    kind:   Widget # the kind\n    plural: widgets\n", true},
		{"  names:\n    kind: WidgetList\n    plural: widgetlists\n", false}, // another kind
		{"  names: {kind: Gadget, plural: gadgets}\n", false},
	} {
		doc := head + tc.names + versions
		got := ParseManifests([]byte(doc), Filter{Group: "example.com", Kinds: []string{"Widget"}})
		if (len(got) == 1) != tc.want {
			t.Errorf("names %q: got %d manifests, want one: %v", tc.names, len(got), tc.want)
		}
	}
}
