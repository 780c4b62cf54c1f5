package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/versiontable"
)

// proxyDir holds go.mod files recorded from the module proxy, laid out as
// the proxy serves them (<module>/@v/<version>.mod).
var proxyDir = filepath.Join("testdata", "proxy")

func recorded(t *testing.T, path, version string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(proxyDir, path, "@v", version+".mod"))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func stagingSet() map[string]bool {
	m := map[string]bool{}
	for _, s := range versiontable.Staging {
		m[s] = true
	}
	return m
}

// TestTableMatchesProxy checks a sample of the generated table against the
// recorded go.mod files it was generated from.
func TestTableMatchesProxy(t *testing.T) {
	for _, tc := range []struct {
		path, version string
		rels          []versiontable.Release
	}{
		{versiontable.ControllerRuntimePath, "v0.2.0", versiontable.ControllerRuntime},
		{versiontable.ControllerRuntimePath, "v0.5.0", versiontable.ControllerRuntime},
		{versiontable.ControllerRuntimePath, "v0.18.5", versiontable.ControllerRuntime},
		{versiontable.ControllerRuntimePath, "v0.22.4", versiontable.ControllerRuntime},
		{versiontable.ControllerRuntimePath, "v0.25.2", versiontable.ControllerRuntime},
		{versiontable.ControllerToolsPath, "v0.16.0", versiontable.ControllerTools},
		{versiontable.ControllerToolsPath, "v0.18.0", versiontable.ControllerTools},
	} {
		goVersion, reqs, err := Extract(recorded(t, tc.path, tc.version), stagingSet())
		if err != nil {
			t.Fatalf("%s@%s: %v", tc.path, tc.version, err)
		}
		rel, exact, ok := versiontable.Find(tc.rels, tc.version)
		if !ok || !exact {
			t.Errorf("%s@%s: not in the table", tc.path, tc.version)
			continue
		}
		if rel.Go != goVersion {
			t.Errorf("%s@%s: table says go %q, go.mod says %q", tc.path, tc.version, rel.Go, goVersion)
		}
		var got [][2]string
		for _, q := range rel.K8s {
			got = append(got, [2]string{q.Path, q.Version})
		}
		if !reflect.DeepEqual(got, reqs) {
			t.Errorf("%s@%s: table has %v, go.mod requires %v", tc.path, tc.version, got, reqs)
		}
	}
	for _, v := range []string{"v0.31.0", "v0.36.0"} {
		goVersion, _, err := Extract(recorded(t, versiontable.ClientGoPath, v), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := versiontable.ClientGoGo(v); !ok || got != goVersion {
			t.Errorf("client-go %s: table says go %q (%v), go.mod says %q", v, got, ok, goVersion)
		}
	}
	mods, err := StagingFrom(recorded(t, versiontable.KubernetesPath, "v1.30.0"))
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) < 20 {
		t.Fatalf("k8s.io/kubernetes v1.30.0: only %d staging modules: %v", len(mods), mods)
	}
	for _, m := range mods {
		if !versiontable.IsStaging(m) {
			t.Errorf("staging module %s of Kubernetes 1.30 missing from the table", m)
		}
	}
}

// TestCoverage checks the table spans what the check promises.
func TestCoverage(t *testing.T) {
	for _, tc := range []struct {
		rels []versiontable.Release
		v    string
	}{
		{versiontable.ControllerRuntime, "v0.2.0"},
		{versiontable.ControllerRuntime, "v0.25.0"},
		{versiontable.ControllerTools, "v0.23.0"},
	} {
		if _, _, ok := versiontable.Find(tc.rels, tc.v); !ok {
			t.Errorf("table lacks %s", tc.v)
		}
	}
	// Every controller-runtime minor from v0.5 on targets exactly one
	// Kubernetes minor (the check relies on it).
	byMinor := map[string]int{}
	for _, r := range versiontable.ControllerRuntime {
		k, ok := r.Kube()
		if !ok {
			continue
		}
		mm := r.Version[:strings.LastIndex(r.Version, ".")]
		if prev, seen := byMinor[mm]; seen && prev != k {
			t.Errorf("controller-runtime %s: Kubernetes 1.%d, other %s releases 1.%d", r.Version, k, mm, prev)
		}
		byMinor[mm] = k
	}
}

func TestLegacyMinor(t *testing.T) {
	for v, want := range map[string]int{"v11.0.0+incompatible": 14, "v1.5.2": 5, "v2.0.0+incompatible": 5} {
		if got, ok := LegacyMinor(v); !ok || got != want {
			t.Errorf("LegacyMinor(%s) = %d, %v; want %d", v, got, ok, want)
		}
	}
	if got, ok := versiontable.LegacyClientGo("v11.0.1-0.20190409021438-1a26190bd76a+incompatible"); !ok || got != 14 {
		t.Errorf("LegacyClientGo(pseudo v11) = %d, %v", got, ok)
	}
	if _, ok := versiontable.LegacyClientGo("v0.31.0"); ok {
		t.Errorf("v0.31.0 is not legacy")
	}
}
