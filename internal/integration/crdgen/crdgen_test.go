// Package crdgen_test proves crdmanifests and crdcompat against the real
// controller-gen.
// It is a package of its own, apart from cmd/opvet's tests, because
// building controller-gen and its Kubernetes dependencies takes minutes
// cold: each package stays within go test's per-package budget.
package crdgen_test

// TestCRDManifestsControllerGen proves crdmanifests' type mapping against
// the real controller-gen (sigs.k8s.io/controller-tools v0.23.0, pinned by
// the module testdata/crdgen): on a copy of the demo operator, with an API
// type that exercises controller-gen's schema shapes added
// (testdata/crdgen/mapping_types.go.txt), it regenerates
// the manifests and expects no finding; then it adds one field to a Go type
// and expects that field reported, and nothing else. It also checks that
// the demo's shipped manifests are controller-gen's output but for the
// demo's one stale field.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/integration"
)

func TestMain(m *testing.M) {
	code := m.Run()
	integration.CleanupOpvet()
	os.Exit(code)
}

func module(t *testing.T, name string) string { return integration.Module(t, name) }

// opvet runs opvet with args in dir and returns its findings.
func opvet(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	res := integration.Run(t, dir, integration.GoEnv(), integration.Opvet(t), args...)
	if res.Code != 0 && res.Code != 3 {
		t.Fatalf("opvet %s: exit %d\n%s%s", strings.Join(args, " "), res.Code, res.Stdout, res.Stderr)
	}
	return integration.Findings(res.Stderr, dir)
}

// controllerGen builds controller-gen from the module testdata/crdgen,
// once per version of its go.sum (cached across test runs).
func controllerGen(t *testing.T) string {
	t.Helper()
	integration.SkipIfShort(t, "the controller-gen test")
	mod := module(t, "crdgen")
	sum, err := os.ReadFile(filepath.Join(mod, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	return integration.CachedBinary(t, "controller-gen", integration.Hash(string(sum)), func(out string) {
		res := integration.Run(t, mod, integration.GoEnv(), "go", "build", "-o", out, "sigs.k8s.io/controller-tools/cmd/controller-gen")
		if res.Code != 0 {
			t.Fatalf("building controller-gen: %s", res.Stderr)
		}
	})
}

func TestCRDManifestsControllerGen(t *testing.T) {
	gen := controllerGen(t)
	src := module(t, "demo")
	dir := t.TempDir()
	integration.CopyDir(t, src, dir)
	mapping, err := os.ReadFile(filepath.Join(module(t, "crdgen"), "mapping_types.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	types := filepath.Join(dir, "api", "v1", "mapping_types.go")
	if err := os.WriteFile(types, mapping, 0o644); err != nil {
		t.Fatal(err)
	}
	res := integration.Run(t, dir, integration.GoEnv(), gen, "crd", "paths=./api/...", "output:crd:artifacts:config=config/crd/bases")
	if res.Code != 0 {
		t.Fatalf("controller-gen: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
	checkShippedManifests(t, src, dir)

	// Fresh manifests: nothing to report, removed properties included.
	if got := opvet(t, dir, "-crdmanifests", "-crdmanifests.removed-fields", "./..."); len(got) != 0 {
		t.Fatalf("on manifests controller-gen just wrote, crdmanifests found\n%s", strings.Join(got, "\n"))
	}

	// A field added to the element type of two lists after generation.
	const added = "\tWeight  int32    `json:\"weight,omitempty\"`"
	data, err := os.ReadFile(types)
	if err != nil {
		t.Fatal(err)
	}
	anchor := "\tMethods []string `json:\"methods,omitempty\"`\n"
	edited := strings.Replace(string(data), anchor, anchor+added+"\n", 1)
	if edited == string(data) {
		t.Fatal("mapping_types.go: anchor not found")
	}
	if err := os.WriteFile(types, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _, _ := strings.Cut(edited, added) // added is in edited: checked above
	line := strings.Count(before, "\n") + 1
	got := opvet(t, dir, "-crdmanifests", "./...")
	if len(got) != 1 {
		t.Fatalf("after adding a field, crdmanifests found %d findings, want 1:\n%s", len(got), strings.Join(got, "\n"))
	}
	file, l := integration.Position(t, got[0])
	if file != "api/v1/mapping_types.go" || l != line || !strings.Contains(got[0], "no property spec.rules[*].weight and spec.ruleSets[*][*].weight in the v1 schema of config/crd/bases/demo.example.com_mappings.yaml") {
		t.Errorf("after adding a field at api/v1/mapping_types.go:%d, crdmanifests found\n%s", line, got[0])
	}
}

// checkShippedManifests compares the demo's manifests with those
// controller-gen wrote in dir: the same but for the stale field.
func checkShippedManifests(t *testing.T, src, dir string) {
	t.Helper()
	read := func(root, name string) string {
		data, err := os.ReadFile(filepath.Join(root, "config", "crd", "bases", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	const widgets, gadgets = "demo.example.com_widgets.yaml", "demo.example.com_gadgets.yaml"
	if read(src, widgets) != read(dir, widgets) {
		t.Errorf("testdata/demo/config/crd/bases/%s is not what controller-gen generates", widgets)
	}
	shipped, fresh := read(src, gadgets), read(dir, gadgets)
	if strings.Contains(shipped, "color:") || !strings.Contains(fresh, "color:") {
		t.Errorf("testdata/demo/config/crd/bases/%s should lack spec.color, which controller-gen generates", gadgets)
	}
}

// TestCRDCompatControllerGen proves crdcompat's schema model against the
// real controller-gen: on a copy of the demo operator with the API types of
// testdata/crdgen (mapping_types.go.txt, and compat_types.go.txt with the
// markers crdcompat reads), it regenerates the manifests, commits them and
// tags the commit v1.0.0. Against that base, the Go types it came from must
// give no finding; then one maximum length lowered and one JSON name changed
// must give exactly those two findings, at their fields.
func TestCRDCompatControllerGen(t *testing.T) {
	gen := controllerGen(t)
	dir := t.TempDir()
	integration.CopyDir(t, module(t, "demo"), dir)
	for _, name := range []string{"mapping_types", "compat_types"} {
		data, err := os.ReadFile(filepath.Join(module(t, "crdgen"), name+".go.txt"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "api", "v1", name+".go"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if res := integration.Run(t, dir, integration.GoEnv(), gen, "crd", "paths=./api/...", "output:crd:artifacts:config=config/crd/bases"); res.Code != 0 {
		t.Fatalf("controller-gen: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
	git := func(args ...string) {
		t.Helper()
		env := []string{"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1"}
		all := append([]string{"-c", "user.name=opvet", "-c", "user.email=opvet@example.com", "-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"}, args...)
		if res := integration.Run(t, dir, env, "git", all...); res.Code != 0 {
			t.Fatalf("git %s: %s", strings.Join(args, " "), res.Stderr)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "v1.0.0")
	git("tag", "v1.0.0")
	goCache := integration.Run(t, dir, nil, "go", "env", "GOCACHE")
	env := append(integration.GoEnv(), "XDG_CACHE_HOME="+t.TempDir(), "GOCACHE="+strings.TrimSpace(goCache.Stdout))
	crdcompat := func() []string {
		t.Helper()
		res := integration.Run(t, dir, env, integration.Opvet(t), "-crdcompat", "./...")
		if res.Code != 0 && res.Code != 3 {
			t.Fatalf("opvet -crdcompat: exit %d\n%s%s", res.Code, res.Stdout, res.Stderr)
		}
		return integration.Findings(res.Stderr, dir)
	}
	if got := crdcompat(); len(got) != 0 {
		t.Fatalf("against the manifests controller-gen wrote from the same types, crdcompat found\n%s", strings.Join(got, "\n"))
	}

	edit := func(file, from, to string) int {
		t.Helper()
		path := filepath.Join(dir, "api", "v1", file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		i := strings.Index(string(data), from)
		if i < 0 {
			t.Fatalf("%s: %q not found", file, from)
		}
		if err := os.WriteFile(path, []byte(strings.Replace(string(data), from, to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(data[:i]), "\n") + 1
	}
	nameLine := edit("compat_types.go", "MaxLength=63\n", "MaxLength=32\n") + 2
	portsLine := edit("mapping_types.go", `json:"ports,omitempty"`, `json:"portMap,omitempty"`)
	git("commit", "-q", "-am", "breaking")
	got := crdcompat()
	want := []struct {
		file string
		line int
		text string
	}{
		{"api/v1/compat_types.go", nameLine, "Compat v1 (against v1.0.0): spec.name changed its maxLength from 63 to 32"},
		{"api/v1/mapping_types.go", portsLine, "Mapping v1 (against v1.0.0): the JSON name of Ports changed from spec.ports to spec.portMap"},
	}
	if len(got) != len(want) {
		t.Fatalf("after two breaking changes, crdcompat found %d findings, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		file, line := integration.Position(t, got[i])
		if file != w.file || line != w.line || !strings.Contains(got[i], w.text) {
			t.Errorf("finding %d: %s\nwant at %s:%d: %s", i, got[i], w.file, w.line, w.text)
		}
	}
}
