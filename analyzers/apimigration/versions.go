package apimigration

import (
	"fmt"

	"github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/runcache"
	"github.com/opvet/opvet/internal/versiontable"
	"github.com/opvet/opvet/passes/gomod"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

// targets are the releases to upgrade to, as minors (0: unknown).
type targets struct {
	cr, kube int
}

// resolveTargets completes a configured target with the other family's
// (apimigration.Targets, a search of the release tables: once per run
// when the driver shares a memo).
func resolveTargets(cr, kube int, cache *runcache.Cache) targets {
	type targetsKey struct{ cr, kube int }
	return runcache.Do(cache, targetsKey{cr, kube}, func() targets {
		cr, kube := apimigration.Targets(cr, kube)
		return targets{cr: cr, kube: kube}
	})
}

// of returns the target of a family.
func (t targets) of(f apimigration.Family) int {
	if f == apimigration.ControllerRuntime {
		return t.cr
	}
	return t.kube
}

// releases are the versions go.mod selects for the table's modules.
type releases struct {
	version map[string]string // module path -> version
	minor   map[string]int    // module path -> minor (0: unknown)
}

// currentReleases reads the go.mod that governs dir (after replace
// directives); empty when there is none.
func currentReleases(dir string, cache *runcache.Cache) *releases {
	root := modtree.Root(dir)
	type releasesKey struct{ root string }
	return runcache.Do(cache, releasesKey{root}, func() *releases { return readReleases(root) })
}

// readReleases reads the go.mod of the module rooted at root.
func readReleases(root string) *releases {
	r := &releases{version: map[string]string{}, minor: map[string]int{}}
	paths := append([]string{apimigration.ControllerRuntimePath}, apimigration.KubernetesModules...)
	f := gomod.ReadRequirementsAt(root, paths...)
	if f == nil {
		return r
	}
	for _, path := range paths {
		v := gomod.Selected(f, path)
		if v == "" {
			continue
		}
		m := versiontable.MinorOf(v)
		if path == apimigration.ClientGoPath && m <= 0 {
			m, _ = versiontable.LegacyClientGo(v)
		}
		if m > 0 {
			r.version[path], r.minor[path] = v, m
		}
	}
	return r
}

// releasesOf returns go.mod's releases for the pass, read once.
func (c *checker) releasesOf() *releases {
	if c.current != nil {
		return c.current
	}
	c.current = &releases{version: map[string]string{}, minor: map[string]int{}}
	if dir := gomod.PackageDir(c.pass); dir != "" {
		c.current = currentReleases(dir, runcachepass.Of(c.pass))
	}
	return c.current
}

// span is the range of releases an upgrade crosses for one module:
// (from, to].
type span struct {
	module   string
	family   apimigration.Family
	from, to int
	version  string // go.mod's version
}

// spanOf returns the upgrade's span for the module of package pkg; ok is
// false when go.mod does not require that module or the target is not
// newer.
func (c *checker) spanOf(pkg string) (span, bool) {
	f, mod := apimigration.FamilyOf(pkg)
	if f == apimigration.None {
		return span{}, false
	}
	r := c.releasesOf()
	from, to := r.minor[mod], c.targets.of(f)
	if from == 0 || to == 0 || to <= from {
		return span{}, false
	}
	return span{module: mod, family: f, from: from, to: to, version: r.version[mod]}, true
}

// contains reports whether release m is crossed.
func (s span) contains(m int) bool { return s.from < m && m <= s.to }

// release names release m of the span's module: "controller-runtime
// v0.16", "k8s.io/client-go v0.18".
func (s span) release(m int) string {
	name := s.module
	if s.family == apimigration.ControllerRuntime {
		name = "controller-runtime"
	}
	return fmt.Sprintf("%s v0.%d", name, m)
}

// context is the parenthesis that says what the message compares: "go.mod
// has v0.14.6, target v0.21".
func (s span) context() string {
	return fmt.Sprintf("go.mod has %s, target v0.%d", s.version, s.to)
}
