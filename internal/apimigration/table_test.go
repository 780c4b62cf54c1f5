package apimigration

import (
	"sort"
	"testing"

	"github.com/opvet/opvet/internal/versiontable"
)

// TestNewestMatchesVersionTable: the newest release the table read is the
// newest controller-runtime minor that internal/versiontable knows, and
// the Kubernetes minor it is built against; the newest rows are from
// those releases (both regenerate from the same proxy).
func TestNewestMatchesVersionTable(t *testing.T) {
	newest := versiontable.Newest(versiontable.ControllerRuntime)
	if m := versiontable.MinorOf(newest.Version); m != NewestControllerRuntime {
		t.Errorf("versiontable's newest controller-runtime is %s, the table's v0.%d: regenerate both", newest.Version, NewestControllerRuntime)
	}
	if k, ok := newest.Kube(); !ok || k != NewestKubernetes {
		t.Errorf("controller-runtime %s is built against Kubernetes 1.%d, the table's newest is 1.%d", newest.Version, k, NewestKubernetes)
	}
	newestRow := map[Family]int{}
	for _, c := range Changes {
		f, _ := FamilyOf(c.Pkg)
		newestRow[f] = max(newestRow[f], c.Minor)
	}
	if newestRow[ControllerRuntime] != NewestControllerRuntime || newestRow[Kubernetes] != NewestKubernetes {
		t.Errorf("newest rows: controller-runtime v0.%d, Kubernetes 1.%d; want v0.%d and 1.%d",
			newestRow[ControllerRuntime], newestRow[Kubernetes], NewestControllerRuntime, NewestKubernetes)
	}
	if newestRow[None] != 0 {
		t.Errorf("rows outside the families: newest %d", newestRow[None])
	}
}

// TestSorted: the lookups binary-search the rows.
func TestSorted(t *testing.T) {
	if !sort.SliceIsSorted(Changes, func(i, j int) bool {
		a, b := Changes[i], Changes[j]
		if a.Pkg != b.Pkg {
			return a.Pkg < b.Pkg
		}
		if a.Object != b.Object {
			return a.Object < b.Object
		}
		return a.Minor < b.Minor
	}) {
		t.Error("Changes are not sorted by package, object and release")
	}
	if !sort.SliceIsSorted(Deprecations, func(i, j int) bool {
		a, b := Deprecations[i], Deprecations[j]
		return a.Pkg < b.Pkg || a.Pkg == b.Pkg && a.Object < b.Object
	}) {
		t.Error("Deprecations are not sorted by package and object")
	}
	for _, c := range Changes {
		if c.Minor <= Oldest(familyOf(c.Pkg)) || c.Minor > Newest(familyOf(c.Pkg)) {
			t.Errorf("%+v: release outside the table's range", c)
		}
	}
}

func familyOf(pkg string) Family {
	f, _ := FamilyOf(pkg)
	return f
}

// TestKnownChanges: rows the migration notes and the check rely on.
func TestKnownChanges(t *testing.T) {
	for _, tc := range []struct {
		pkg, object string
		minor       int
		kind        Kind
		what        What
	}{
		{"sigs.k8s.io/controller-runtime/pkg/manager", "Options.MetricsBindAddress", 16, Removed, Field},
		{"sigs.k8s.io/controller-runtime/pkg/builder", "Builder.Watches", 15, Changed, Method},
		{"sigs.k8s.io/controller-runtime/pkg/handler", "MapFunc", 15, Changed, Type},
		{"sigs.k8s.io/controller-runtime/pkg/runtime/inject", "", 15, Removed, Package},
		{"sigs.k8s.io/controller-runtime/pkg/webhook", "Validator", 20, Removed, Type},
		{"sigs.k8s.io/controller-runtime/pkg/client", "Client.IsObjectNamespaced", 15, MethodAdded, Method},
		{"k8s.io/client-go/kubernetes/typed/core/v1", "PodInterface.Get", 18, Changed, Method},
	} {
		found := false
		for _, c := range ChangesOf(tc.pkg, tc.object) {
			if c.Minor == tc.minor && c.Kind == tc.kind && c.What == tc.what {
				found = true
			}
		}
		if !found {
			t.Errorf("%s %s: no row %d/%d in release %d: %+v", tc.pkg, tc.object, tc.kind, tc.what, tc.minor, ChangesOf(tc.pkg, tc.object))
		}
	}
	if d, ok := DeprecationOf("k8s.io/apimachinery/pkg/util/wait", "PollImmediate"); !ok || d.Minor != 27 {
		t.Errorf("wait.PollImmediate deprecation: %+v, %v", d, ok)
	}
	if !HasPackage("sigs.k8s.io/controller-runtime/pkg/manager") || HasPackage("example.com/nothing") {
		t.Error("HasPackage")
	}
}
