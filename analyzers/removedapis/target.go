package removedapis

import (
	"fmt"
	"os"

	"golang.org/x/mod/modfile"

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
// governing go.mod (after replace directives), else that of
// k8s.io/client-go. go.mod is read only when a finding needs it.
func (c *checker) targetOf() target {
	if c.target != nil {
		return *c.target
	}
	t := target{}
	if m, ok := c.cfg.targetMinor(); ok {
		t = target{minor: m, ok: true, source: "target-kubernetes"}
	} else if mod, _ := c.pass.ResultOf[gomod.Analyzer].(*gomod.Module); mod != nil {
		t = targetFromGoMod(mod)
	}
	c.target = &t
	return t
}

// targetFromGoMod reads the Kubernetes minor from the module's go.mod.
func targetFromGoMod(mod *gomod.Module) target {
	f := mod.File
	if f == nil {
		data := mod.Data
		if data == nil {
			var err error
			if data, err = os.ReadFile(mod.GoMod); err != nil {
				return target{}
			}
		}
		var err error
		if f, err = gomod.Parse(mod.GoMod, data); err != nil {
			return target{}
		}
	}
	for _, path := range []string{"k8s.io/api", versiontable.ClientGoPath} {
		v := requirement(f, path)
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

// requirement returns the version of path that the module builds with:
// its requirement, or the version a replace directive substitutes ("" when
// it is not required, or replaced by a directory).
func requirement(f *modfile.File, path string) string {
	v := ""
	for _, r := range f.Require {
		if r.Mod.Path == path {
			v = r.Mod.Version
		}
	}
	if v == "" {
		return ""
	}
	for _, r := range f.Replace {
		if r.Old.Path == path && (r.Old.Version == "" || r.Old.Version == v) {
			return r.New.Version // "" for a directory
		}
	}
	return v
}
