package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/apilifecycle"
	"github.com/opvet/opvet/passes/crdkinds"
	"github.com/opvet/opvet/tools/internal/goproxy"
)

// recordedDir holds excerpts of the newest release of each module, as
// `-record` writes them: testdata/lifecycle/<module>@<version>/<package dir>.
var recordedDir = filepath.Join("testdata", "lifecycle")

// recorded reads the recorded releases.
func recorded(t *testing.T) []*Release {
	t.Helper()
	var out []*Release
	for _, m := range Modules {
		matches, err := filepath.Glob(filepath.Join(recordedDir, filepath.FromSlash(m.Path)+"@*"))
		if err != nil || len(matches) != 1 {
			t.Fatalf("%s: want one recorded release, have %v (%v)", m.Path, matches, err)
		}
		root := matches[0]
		version := strings.TrimPrefix(filepath.Base(root), filepath.Base(m.Path)+"@")
		dirs := map[string]map[string][]byte{}
		err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, filepath.Dir(p))
			rel = filepath.ToSlash(rel)
			if dirs[rel] == nil {
				dirs[rel] = map[string][]byte{}
			}
			dirs[rel][d.Name()], err = os.ReadFile(p)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		r, err := ReadDirs(m, version, dirs)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// TestTableMatchesNewestRelease checks every kind with lifecycle methods
// in the newest release of each module against the table: the same
// deprecation, removal and replacement (a List kind is covered by its
// item's row).
func TestTableMatchesNewestRelease(t *testing.T) {
	checked := 0
	for _, r := range recorded(t) {
		if !hasSource(r.Module.Path + "@" + r.Version) {
			t.Errorf("%s@%s is recorded but the table was read from %v", r.Module.Path, r.Version, apilifecycle.Sources)
		}
		for _, p := range r.Pkgs {
			for kind, l := range p.Lifecycle {
				if l.Removed == 0 && l.Deprecated == 0 {
					continue
				}
				row, ok := apilifecycle.LookupGVK(p.Group, p.Version, kind)
				if item, isList := strings.CutSuffix(kind, "List"); isList && p.Lifecycle[item] != nil {
					if !ok || row.Kind != item {
						t.Errorf("%s %s: want the row of %s", p.Path, kind, item)
					}
					continue
				}
				checked++
				if !ok {
					t.Errorf("%s %s: no row", p.Path, kind)
					continue
				}
				want := apilifecycle.GVK{Group: l.Replacement[0], Version: l.Replacement[1], Kind: l.Replacement[2]}
				if want.Kind == "" && inferredReplacement(row) {
					want = row.Replacement
				}
				if row.Path != p.Path || row.Removed != l.Removed || row.Deprecated != l.Deprecated || row.Replacement != want || row.Vanished {
					t.Errorf("%s %s: table has %+v, lifecycle methods say deprecated 1.%d, removed 1.%d, replacement %v",
						p.Path, kind, row, l.Deprecated, l.Removed, want)
				}
			}
		}
	}
	if checked < 80 {
		t.Errorf("only %d kinds checked", checked)
	}
}

// inferredReplacement reports whether row's replacement, which the
// lifecycle methods leave unwritten, is what InferReplacement may give:
// the same kind of the group in a more stable version that the table does
// not remove as early.
func inferredReplacement(row apilifecycle.Kind) bool {
	r := row.Replacement
	if r.Kind != row.Kind || r.Group != row.Group || !crdkinds.VersionLess(r.Version, row.Version) {
		return false
	}
	later, ok := apilifecycle.LookupGVK(r.Group, r.Version, r.Kind)
	return !ok || later.Removed == 0 || later.Removed > row.Removed
}

func hasSource(s string) bool {
	for _, src := range apilifecycle.Sources {
		if src == s {
			return true
		}
	}
	return false
}

// TestCoverage checks that the table was read from every minor from 1.16
// to its newest, for each module.
func TestCoverage(t *testing.T) {
	if apilifecycle.NewestMinor < 37 {
		t.Errorf("NewestMinor = %d", apilifecycle.NewestMinor)
	}
	for _, m := range Modules {
		for minor := FirstMinor; minor <= apilifecycle.NewestMinor; minor++ {
			found := false
			for _, s := range apilifecycle.Sources {
				if v, ok := strings.CutPrefix(s, m.Path+"@"); ok && goproxy.MinorOf(v) == minor {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: no release of 1.%d in Sources", m.Path, minor)
			}
		}
	}
}

// TestDocumentedRemovals cross-checks the table with the removals that
// the Kubernetes deprecation guide (kubernetes.io/docs/reference/using-api/
// deprecation-guide) documents.
func TestDocumentedRemovals(t *testing.T) {
	for _, tc := range []struct {
		gvk     string
		removed int
		use     string
	}{
		{"extensions/v1beta1 Deployment", 16, "apps/v1"},
		{"apps/v1beta2 DaemonSet", 16, "apps/v1"},
		{"extensions/v1beta1 NetworkPolicy", 16, "networking.k8s.io/v1"},
		{"apiextensions.k8s.io/v1beta1 CustomResourceDefinition", 22, "apiextensions.k8s.io/v1"},
		{"admissionregistration.k8s.io/v1beta1 MutatingWebhookConfiguration", 22, "admissionregistration.k8s.io/v1"},
		{"admissionregistration.k8s.io/v1beta1 ValidatingWebhookConfiguration", 22, "admissionregistration.k8s.io/v1"},
		{"apiregistration.k8s.io/v1beta1 APIService", 22, "apiregistration.k8s.io/v1"},
		{"networking.k8s.io/v1beta1 Ingress", 22, "networking.k8s.io/v1"},
		{"extensions/v1beta1 Ingress", 22, "networking.k8s.io/v1"},
		{"rbac.authorization.k8s.io/v1beta1 ClusterRole", 22, "rbac.authorization.k8s.io/v1"},
		{"certificates.k8s.io/v1beta1 CertificateSigningRequest", 22, "certificates.k8s.io/v1"},
		{"coordination.k8s.io/v1beta1 Lease", 22, "coordination.k8s.io/v1"},
		{"scheduling.k8s.io/v1beta1 PriorityClass", 22, "scheduling.k8s.io/v1"},
		{"storage.k8s.io/v1beta1 StorageClass", 22, "storage.k8s.io/v1"},
		{"batch/v1beta1 CronJob", 25, "batch/v1"},
		{"discovery.k8s.io/v1beta1 EndpointSlice", 25, "discovery.k8s.io/v1"},
		{"policy/v1beta1 PodDisruptionBudget", 25, "policy/v1"},
		{"policy/v1beta1 PodSecurityPolicy", 25, ""},
		{"autoscaling/v2beta1 HorizontalPodAutoscaler", 25, "autoscaling/v2"},
		{"autoscaling/v2beta2 HorizontalPodAutoscaler", 26, "autoscaling/v2"},
		{"flowcontrol.apiserver.k8s.io/v1beta1 FlowSchema", 26, "flowcontrol.apiserver.k8s.io/v1beta3"},
		{"storage.k8s.io/v1beta1 CSIStorageCapacity", 27, "storage.k8s.io/v1"},
		{"flowcontrol.apiserver.k8s.io/v1beta2 PriorityLevelConfiguration", 29, "flowcontrol.apiserver.k8s.io/v1beta3"},
		{"flowcontrol.apiserver.k8s.io/v1beta3 FlowSchema", 32, "flowcontrol.apiserver.k8s.io/v1"},
	} {
		gv, kind, _ := strings.Cut(tc.gvk, " ")
		group, version, _ := strings.Cut(gv, "/")
		row, ok := apilifecycle.LookupGVK(group, version, kind)
		if !ok {
			t.Errorf("%s: no row", tc.gvk)
			continue
		}
		use := ""
		if row.Replacement.Kind != "" {
			use = row.Replacement.GroupVersion()
		}
		if row.Removed != tc.removed || use != tc.use {
			t.Errorf("%s: table says removed in 1.%d, use %q; documented: 1.%d, use %q", tc.gvk, row.Removed, use, tc.removed, tc.use)
		}
	}
}

// TestSameShape spot-checks the shape comparison on known pairs.
func TestSameShape(t *testing.T) {
	for gvk, want := range map[string]bool{
		"batch/v1beta1 CronJob":                                               true,  // batch/v1 only adds fields
		"autoscaling/v2beta2 HorizontalPodAutoscaler":                         true,  // promoted unchanged
		"policy/v1beta1 PodDisruptionBudget":                                  true,  // v1 adds unhealthyPodEvictionPolicy
		"autoscaling/v2beta1 HorizontalPodAutoscaler":                         false, // metrics targets changed
		"apiextensions.k8s.io/v1beta1 CustomResourceDefinition":               false, // spec.validation, spec.version gone
		"networking.k8s.io/v1beta1 Ingress":                                   false, // backend.serviceName -> service.name
		"extensions/v1beta1 DaemonSet":                                        false, // templateGeneration gone
		"admissionregistration.k8s.io/v1beta1 ValidatingWebhookConfiguration": true,
	} {
		gv, kind, _ := strings.Cut(gvk, " ")
		group, version, _ := strings.Cut(gv, "/")
		row, ok := apilifecycle.LookupGVK(group, version, kind)
		if !ok || row.SameShape != want {
			t.Errorf("%s: SameShape = %v (row %v), want %v", gvk, row.SameShape, ok, want)
		}
	}
}

// TestParseErrors: malformed lifecycle methods are errors, not guesses.
func TestParseErrors(t *testing.T) {
	for name, src := range map[string]string{
		"major 2":   "package v1beta1\nconst GroupName = \"g\"\nfunc (in *X) APILifecycleRemoved() (major, minor int) { return 2, 0 }\n",
		"not a lit": "package v1beta1\nconst GroupName = \"g\"\nfunc (in *X) APILifecycleRemoved() (major, minor int) { return 1, n }\n",
		"unkeyed":   "package v1beta1\nconst GroupName = \"g\"\nfunc (in *X) APILifecycleReplacement() schema.GroupVersionKind { return schema.GroupVersionKind{\"a\", \"b\", \"c\"} }\n",
	} {
		_, _, err := ParsePackage("k8s.io/api/g/v1beta1", map[string][]byte{"zz_generated.prerelease-lifecycle.go": []byte(src)})
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	p, ok, err := ParsePackage("k8s.io/api/g/v1beta1", map[string][]byte{"register.go": []byte("package v1beta1\nconst GroupName = \"g.io\"\n")})
	if err != nil || !ok || p.Group != "g.io" {
		t.Errorf("register.go: %v %v %v", p, ok, err)
	}
	if _, ok, _ := ParsePackage("k8s.io/api/g/internal", nil); ok {
		t.Error("a non-version directory is an API package")
	}
}

func Example_resource() {
	for _, k := range []string{"CronJob", "NetworkPolicy", "Ingress", "Endpoints", "CSIStorageCapacity", "APIService"} {
		fmt.Println(apilifecycle.Resource(k))
	}
	// Output:
	// cronjobs
	// networkpolicies
	// ingresses
	// endpoints
	// csistoragecapacities
	// apiservices
}

// TestInferReplacement: a kind whose lifecycle names no replacement gets
// the same kind in the group's most stable version that outlives it.
func TestInferReplacement(t *testing.T) {
	pkg := func(version string, kinds []string, life map[string]*Lifecycle) *Package {
		return &Package{Path: "k8s.io/api/node/" + version, Group: "node.k8s.io", Version: version, Kinds: kinds, Lifecycle: life}
	}
	beta := pkg("v1beta1", []string{"RuntimeClass", "Policy"}, map[string]*Lifecycle{
		"RuntimeClass": {Deprecated: 22, Removed: 25},
		"Policy":       {Deprecated: 21, Removed: 25},
	})
	u := Universe{
		"v1alpha1": pkg("v1alpha1", []string{"RuntimeClass"}, map[string]*Lifecycle{"RuntimeClass": {Removed: 22}}),
		"v1beta1":  beta,
		"v1beta2":  pkg("v1beta2", []string{"RuntimeClass", "Policy"}, map[string]*Lifecycle{"Policy": {Removed: 25}}),
		"v1":       pkg("v1", []string{"RuntimeClass"}, nil),
	}
	for _, c := range []struct {
		kind string
		want [3]string
	}{
		{"RuntimeClass", [3]string{"node.k8s.io", "v1", "RuntimeClass"}},
		{"Policy", [3]string{}}, // v1beta2's goes when v1beta1's does
	} {
		if got := InferReplacement(u, beta, c.kind, beta.Lifecycle[c.kind]); got != c.want {
			t.Errorf("InferReplacement(%s) = %v, want %v", c.kind, got, c.want)
		}
	}
	if row, ok := apilifecycle.LookupGVK("node.k8s.io", "v1beta1", "RuntimeClass"); !ok || row.Replacement.Version != "v1" {
		t.Errorf("table: node.k8s.io/v1beta1 RuntimeClass = %+v, want the replacement v1", row)
	}
}
