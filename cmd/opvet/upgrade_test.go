package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/integration"
	"github.com/opvet/opvet/internal/versiontable"
	"github.com/opvet/opvet/passes/gomod"
)

const oldGoMod = `module example.com/op

go 1.20

require (
	k8s.io/api v0.26.1
	k8s.io/apimachinery v0.26.1
	k8s.io/client-go v0.26.1
	k8s.io/utils v0.0.0-20221128185143-99ec85e7a448
	sigs.k8s.io/controller-runtime v0.14.6
	sigs.k8s.io/controller-tools v0.11.3
)

require k8s.io/component-base v0.26.1 // indirect

replace k8s.io/apimachinery => k8s.io/apimachinery v0.26.2
`

// TestGoModPlan: controller-runtime first, then the k8s.io modules
// (replaced or not), controller-tools, the go directive; versionskew finds
// nothing left in the planned go.mod.
func TestGoModPlan(t *testing.T) {
	f, err := gomod.Parse("go.mod", []byte(oldGoMod))
	if err != nil {
		t.Fatal(err)
	}
	got := goModPlan(f, 21, 33)
	cr, _, _ := versiontable.Find(versiontable.ControllerRuntime, "v0.21")
	k8s := cr.Requirement(versiontable.ClientGoPath)
	want := []string{
		"sigs.k8s.io/controller-runtime v0.14.6 " + cr.Version,
		"k8s.io/api v0.26.1 " + cr.Requirement("k8s.io/api"),
		"k8s.io/apimachinery v0.26.2 " + cr.Requirement("k8s.io/apimachinery"),
		"k8s.io/client-go v0.26.1 " + k8s,
		"k8s.io/component-base v0.26.1 " + k8s,
	}
	var paths []string
	for _, c := range got {
		paths = append(paths, c.Path+" "+c.From+" "+c.To)
	}
	if len(got) < len(want)+2 || strings.Join(paths[:len(want)], "\n") != strings.Join(want, "\n") {
		t.Fatalf("plan:\n%s\nwant first:\n%s", strings.Join(paths, "\n"), strings.Join(want, "\n"))
	}
	if c := got[len(want)]; c.Path != versiontable.ControllerToolsPath {
		t.Errorf("after the k8s.io modules: %+v, want controller-tools", c)
	}
	if c := got[len(got)-1]; c.Path != "go" || c.From != "1.20" {
		t.Errorf("last: %+v, want the go directive", c)
	}
	if notes := plannedSkew([]byte(oldGoMod), got); len(notes) != 0 {
		t.Errorf("versionskew on the planned go.mod: %v", notes)
	}
	name := filepath.Join(t.TempDir(), "go.mod")
	if err := applyGoModPlan(name, []byte(oldGoMod), got); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"sigs.k8s.io/controller-runtime " + cr.Version, "k8s.io/apimachinery => k8s.io/apimachinery " + cr.Requirement("k8s.io/apimachinery"), "\ngo " + got[len(got)-1].To + "\n"} {
		if !strings.Contains(string(data), s) {
			t.Errorf("planned go.mod lacks %q:\n%s", s, data)
		}
	}
	if already := goModPlan(f, 14, 26); len(already) != 0 {
		t.Errorf("a target at go.mod's releases plans %v", already)
	}
}

// TestUpgradeOldcrmod: the plan for testdata/oldcrmod (controller-runtime
// v0.14.6) to Kubernetes 1.33, as text (golden), Markdown (golden) and
// JSON (the same changes).
func TestUpgradeOldcrmod(t *testing.T) {
	dir := module(t, "oldcrmod")
	bin := opvetBinary(t)
	for _, format := range []string{"text", "markdown"} {
		res := integration.Run(t, dir, integration.GoEnv(), bin, "upgrade", "-to=1.33", "-format", format, "./...")
		if res.Code != exitFindings {
			t.Fatalf("-format %s: exit %d, want 3\n%s", format, res.Code, res.Stderr)
		}
		integration.Golden(t, filepath.Join("testdata", "upgrade-oldcrmod."+format+".golden"), strings.Split(strings.TrimSuffix(res.Stdout, "\n"), "\n"), *update)
	}
	res := integration.Run(t, dir, integration.GoEnv(), bin, "upgrade", "-controller-runtime=v0.21", "-json", "./...")
	var p plan
	if err := json.Unmarshal([]byte(res.Stdout), &p); err != nil {
		t.Fatalf("-json: %v\n%s", err, res.Stdout)
	}
	if p.Target.Kubernetes != "1.33" || p.Target.ControllerRuntime != "v0.21" || len(p.GoMod) == 0 || len(p.Code) == 0 || p.codeCount() < 30 || res.Code != exitFindings {
		t.Errorf("-json: target %+v, %d go.mod changes, %d code changes in %d groups, exit %d", p.Target, len(p.GoMod), p.codeCount(), len(p.Code), res.Code)
	}
	for i := 1; i < len(p.Code); i++ {
		if p.Code[i-1].Release == p.Code[i].Release {
			t.Errorf("release %s twice", p.Code[i].Release)
		}
	}
}

// TestUpgradeFix: -fix edits go.mod and applies the mechanical fixes of a
// copy of testdata/oldcrmod, and prints what is left.
func TestUpgradeFix(t *testing.T) {
	src := module(t, "oldcrmod")
	dir := t.TempDir()
	integration.CopyDir(t, src, dir)
	res := integration.Run(t, dir, integration.GoEnv(), opvetBinary(t), "upgrade", "-to=1.33", "-fix", "./...")
	if res.Code != exitFindings {
		t.Fatalf("exit %d, want 3 (changes left)\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
	gomodData, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	cr, _, _ := versiontable.Find(versiontable.ControllerRuntime, "v0.21")
	if !strings.Contains(string(gomodData), "sigs.k8s.io/controller-runtime "+cr.Version) {
		t.Errorf("go.mod not upgraded:\n%s", gomodData)
	}
	code, err := os.ReadFile(filepath.Join(dir, "upgrade", "controllers", "widget_controller.go"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(code), "source.Kind{") || !strings.Contains(string(code), "func(ctx context.Context, o client.Object)") {
		t.Errorf("fixes not applied:\n%s", code)
	}
	if !strings.Contains(res.Stderr, "run go mod tidy") || !strings.Contains(res.Stdout, "go.mod: nothing to change") {
		t.Errorf("stderr:\n%s\nstdout:\n%s", res.Stderr, res.Stdout)
	}
}
