package main

import (
	"fmt"
	"go/version"
	"os"
	"path/filepath"
	"sort"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"

	"github.com/opvet/opvet/analyzers/versionskew"
	"github.com/opvet/opvet/internal/versiontable"
	"github.com/opvet/opvet/passes/gomod"
)

// modChange is one step of the go.mod plan: a requirement (or the go
// directive, Path "go") from one version to another.
type modChange struct {
	Path string `json:"path"`
	From string `json:"from"`
	To   string `json:"to"`
	Why  string `json:"why"`
}

// goModPlan is the go.mod of the module at root moved to controller-runtime
// minor cr and Kubernetes minor kube, in order: controller-runtime, the
// k8s.io modules, controller-tools, the go directive. Modules the go.mod
// does not require, and versions already at the target or newer, are left
// alone. The versions come from internal/versiontable (the releases'
// go.mod files), as versionskew's do.
func goModPlan(f *modfile.File, cr, kube int) []modChange {
	var plan []modChange
	crRel, crOK := releaseOfMinor(versiontable.ControllerRuntime, cr)
	if crOK {
		plan = appendChange(plan, f, versiontable.ControllerRuntimePath, crRel.Version,
			fmt.Sprintf("the newest controller-runtime v0.%d, built against Kubernetes 1.%d", cr, kube))
	}
	ref := kubeVersion(crRel, crOK, kube)
	var staging []modChange
	for _, r := range f.Require {
		path := r.Mod.Path
		if !versiontable.IsStaging(path) && path != versiontable.KubernetesPath {
			continue
		}
		to := ""
		if crOK {
			to = crRel.Requirement(path)
		}
		if m, ok := versiontable.KubeMinor(path, to); !ok || m != kube {
			to = ref
		}
		if path == versiontable.KubernetesPath && to != "" {
			to = "v1" + to[len("v0"):]
		}
		if to != "" {
			staging = appendChange(staging, f, path, to, fmt.Sprintf("Kubernetes 1.%d", kube))
		}
	}
	sort.Slice(staging, func(i, j int) bool { return staging[i].Path < staging[j].Path })
	plan = append(plan, staging...)
	if ct, ok := versiontable.NewestFor(versiontable.ControllerTools, kube); ok {
		plan = appendChange(plan, f, versiontable.ControllerToolsPath, ct.Version, fmt.Sprintf("built against Kubernetes 1.%d", kube))
	} else if ct, ok := versiontable.NewestAtMost(versiontable.ControllerTools, kube); ok {
		plan = appendChange(plan, f, versiontable.ControllerToolsPath, ct.Version, "the newest controller-tools for it")
	}
	var clientGo string
	for _, c := range plan {
		if c.Path == versiontable.ClientGoPath {
			clientGo = c.To
		}
	}
	if clientGo == "" && ref != "" {
		clientGo = ref
	}
	if need, ok := versiontable.ClientGoGo(clientGo); ok && need != "" && f.Go != nil &&
		version.IsValid("go"+f.Go.Version) && version.IsValid("go"+need) && version.Compare("go"+f.Go.Version, "go"+need) < 0 {
		plan = append(plan, modChange{Path: "go", From: f.Go.Version, To: need, Why: "what k8s.io/client-go " + clientGo + " requires"})
	}
	return plan
}

// releaseOfMinor returns the newest release of minor m.
func releaseOfMinor(rels []versiontable.Release, m int) (versiontable.Release, bool) {
	if m == 0 {
		return versiontable.Release{}, false
	}
	rel, _, ok := versiontable.Find(rels, fmt.Sprintf("v0.%d", m)) // no exact match: the newest patch
	return rel, ok
}

// kubeVersion is the k8s.io version for Kubernetes minor kube: the
// client-go that controller-runtime requires, when it is of that minor,
// else the newest k8s.io/client-go release of the minor.
func kubeVersion(cr versiontable.Release, crOK bool, kube int) string {
	if crOK {
		if v := cr.Requirement(versiontable.ClientGoPath); v != "" {
			if m, ok := versiontable.KubeMinor(versiontable.ClientGoPath, v); ok && m == kube {
				return v
			}
		}
	}
	best := ""
	for _, g := range versiontable.ClientGo {
		if m, ok := versiontable.KubeMinor(versiontable.ClientGoPath, g.Version); ok && m == kube &&
			semver.Prerelease(g.Version) == "" && (best == "" || semver.Compare(g.Version, best) > 0) {
			best = g.Version
		}
	}
	return best
}

// appendChange adds the move of path to version to, when f requires path
// (after replace directives) at an older minor: patch releases are not
// part of an upgrade.
func appendChange(plan []modChange, f *modfile.File, path, to, why string) []modChange {
	from := gomod.Selected(f, path)
	if from == "" || !semver.IsValid(from) || semver.Compare(from, to) >= 0 || semver.MajorMinor(from) == semver.MajorMinor(to) {
		return plan
	}
	return append(plan, modChange{Path: path, From: from, To: to, Why: why})
}

// applyGoModPlan edits the go.mod at name: the requirements (or the
// replace directives that select them) and the go directive.
func applyGoModPlan(name string, data []byte, plan []modChange) error {
	f, err := gomod.Parse(name, data)
	if err != nil {
		return err
	}
	for _, c := range plan {
		if c.Path == "go" {
			if err := f.AddGoStmt(c.To); err != nil {
				return err
			}
			continue
		}
		replaced := false
		for _, r := range f.Replace {
			if r.Old.Path == c.Path && r.New.Path == c.Path && r.New.Version == c.From {
				if err := f.AddReplace(r.Old.Path, r.Old.Version, r.New.Path, c.To); err != nil {
					return err
				}
				replaced = true
			}
		}
		if !replaced {
			if err := f.AddRequire(c.Path, c.To); err != nil {
				return err
			}
		}
	}
	f.Cleanup()
	out, err := f.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(name, out, 0o644)
}

// plannedSkew runs versionskew on the go.mod as the plan leaves it: what
// it still reports (a k8s.io module pinned apart, a fork) is part of the
// plan.
func plannedSkew(data []byte, plan []modChange) []string {
	dir, err := os.MkdirTemp("", "opvet-upgrade-")
	if err != nil {
		return nil
	}
	defer os.RemoveAll(dir)
	tmp := filepath.Join(dir, "go.mod")
	if err := os.WriteFile(tmp, data, 0o644); err != nil || applyGoModPlan(tmp, data, plan) != nil {
		return nil
	}
	after, err := os.ReadFile(tmp)
	if err != nil {
		return nil
	}
	f, err := gomod.Parse(tmp, after)
	if err != nil {
		return nil
	}
	var out []string
	for _, finding := range versionskew.CheckModFile(f, after, versionskew.DefaultConfig()) {
		out = append(out, finding.Message)
	}
	return out
}
