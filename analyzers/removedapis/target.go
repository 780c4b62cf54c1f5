package removedapis

import (
	"fmt"
	"go/token"
	"path/filepath"

	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/versiontable"
	"github.com/opvet/opvet/passes/gomod"
)

// target is the Kubernetes release the operator must run on.
type target struct {
	// minor is 1.<minor>; ok is false when it is not known.
	minor int
	ok    bool
	// source says where it comes from, for messages.
	source string
}

// targetOf returns the pass's target, computed once: the configured
// target-kubernetes, else the minor of the k8s.io/api requirement of the
// go.mod that governs the file at pos (after replace directives), else
// that of k8s.io/client-go. go.mod is read only when a finding needs it,
// so that the check costs nothing in packages without one.
func (c *checker) targetOf(pos token.Pos) target {
	if c.target != nil {
		return *c.target
	}
	t := target{}
	if m, ok := c.cfg.targetMinor(); ok {
		t = target{minor: m, ok: true, source: "target-kubernetes"}
	} else if name := c.pass.Fset.Position(pos).Filename; filepath.IsAbs(name) {
		t = targetFromGoMod(modtree.Root(filepath.Dir(name)))
	}
	c.target = &t
	return t
}

// targetFromGoMod reads the Kubernetes minor from the go.mod of the
// module rooted at root ("" when there is none).
func targetFromGoMod(root string) target {
	f := gomod.ReadAt(root)
	if f == nil {
		return target{}
	}
	for _, path := range []string{"k8s.io/api", versiontable.ClientGoPath} {
		v := gomod.Selected(f, path)
		if v == "" {
			continue
		}
		m, ok := versiontable.KubeMinor(path, v)
		if !ok && path == versiontable.ClientGoPath {
			m, ok = versiontable.LegacyClientGo(v)
		}
		if ok {
			return target{minor: m, ok: true, source: fmt.Sprintf("%s %s in go.mod", path, v)}
		}
	}
	return target{}
}
