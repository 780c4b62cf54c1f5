package crdschema

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

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

// TestParseManifestsAliases reads a schema that reuses an anchor, and
// refuses in bounded time a document whose aliases expand to 3^25 nodes,
// which kubectl refuses too ("excessive aliasing").
func TestParseManifestsAliases(t *testing.T) {
	head := "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: widgets.example.com\n"
	tail := "spec:\n  group: example.com\n  names: {kind: Widget, plural: widgets}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema: *top\n"
	reused := head + "  x-str: &str {type: string}\n  x-top: &top {type: object, properties: {a: *str, b: *str}}\n" + tail
	ms := ParseManifests([]byte(reused), Filter{Group: "example.com", Keep: AllVersions})
	if len(ms) != 1 || len(ms[0].Versions) != 1 {
		t.Fatalf("a schema that reuses an anchor: got %d manifests, want 1", len(ms))
	}
	if s := FromYAML(ms[0].Versions[0].Schema); s == nil || s.Properties["b"] == nil || s.Properties["b"].Type != "string" {
		t.Errorf("a schema that reuses an anchor: property b not read: %+v", s)
	}

	var bomb strings.Builder
	bomb.WriteString(head + "  l0: &l0 {type: string}\n")
	for i := 1; i <= 25; i++ {
		fmt.Fprintf(&bomb, "  l%d: &l%d {type: object, properties: {a: *l%d, b: *l%d, c: *l%d}}\n", i, i, i-1, i-1, i-1)
	}
	bomb.WriteString(strings.Replace(tail, "*top", "*l25", 1))
	done := make(chan int, 1)
	go func() {
		n := 0
		for _, m := range ParseManifests([]byte(bomb.String()), Filter{Group: "example.com", Keep: AllVersions}) {
			for _, v := range m.Versions {
				FromYAML(v.Schema)
				n++
			}
		}
		done <- n
	}()
	select {
	case n := <-done:
		if n != 0 {
			t.Errorf("a document whose aliases expand to 3^25 nodes: read %d schemas, want none", n)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a document whose aliases expand to 3^25 nodes: still reading after 20s")
	}
}
