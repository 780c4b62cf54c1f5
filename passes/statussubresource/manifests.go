package statussubresource

import (
	"go/token"
	"go/types"
	"path/filepath"

	"github.com/opvet/opvet/internal/crdschema"
	"github.com/opvet/opvet/internal/runcache"
	"github.com/opvet/opvet/passes/crdkinds"
	"github.com/opvet/opvet/passes/markerindex"
)

// groupVersion is the API group and version a package directory declares
// (+groupName, a GroupVersion variable, the directory's name); empty when
// it declares no group.
type groupVersion struct{ group, version string }

// fromManifests answers for a kind that client-gen generates a client for
// (+genclient) and no marker tells about: the CustomResourceDefinition
// manifests of the module that declares it (a chart's templates/crds, a
// config/crd written by hand), or the CustomResourceDefinitions its own
// package builds in Go, say whether it has the status subresource.
// Only a yes is taken: every manifest of the kind's group and name must
// list the subresource for the type's version. A kind whose manifests are
// absent, unreadable or disagree stays Unknown. r.mu is held.
func (r *Result) fromManifests(obj *types.TypeName, file string) bool {
	d := r.dirFacts(filepath.Dir(file))
	if goCRDStatus(d.crds, obj.Name(), d.gv) {
		return true
	}
	ms := r.manifests(obj, d)
	for _, m := range ms {
		if !statusIn(m, d.gv.version) {
			return false
		}
	}
	return len(ms) > 0
}

// manifestsDeny answers for a kind marked +kubebuilder:subresource:status:
// it reports whether the module has CustomResourceDefinition manifests of
// the kind and none of them gives the type's version the status
// subresource. Update then persists status changes on the clusters that
// installed them, and the marker's promise holds only once the manifests
// are regenerated. One manifest that agrees with the marker (a newer
// copy beside a stale one) keeps the marker's answer. r.mu is held.
func (r *Result) manifestsDeny(obj *types.TypeName, file string) bool {
	d := r.dirFacts(filepath.Dir(file))
	ms := r.manifests(obj, d)
	for _, m := range ms {
		if statusIn(m, d.gv.version) {
			return false
		}
	}
	return len(ms) > 0
}

// manifests returns the CustomResourceDefinition manifests of the module
// for obj's kind, in the group and version its directory declares.
func (r *Result) manifests(obj *types.TypeName, d dirFacts) []*crdschema.Manifest {
	if d.gv.group == "" {
		return nil
	}
	key := manifestsKey{d.dir, d.gv.group, d.gv.version, obj.Name()}
	return runcache.Do(r.runCache, key, func() []*crdschema.Manifest {
		return crdschema.FindManifests(d.dir, d.gv.group, d.gv.version, []string{obj.Name()}, r.runCache)
	})
}

// manifestsKey keys a kind's manifests in the run cache: the packages that
// write a kind's status each ask for them, and the YAML is parsed once.
type manifestsKey struct{ dir, group, version, kind string }

// dirFacts reads dir's facts once per package, and once per run when the
// driver gives a run cache: every package that writes a kind of an API
// package asks for that package's directory (on cluster-api, re-parsing
// it for each took 0.2 s of CPU a run). r.mu is held.
func (r *Result) dirFacts(dir string) dirFacts {
	d, ok := r.dirs[dir]
	if !ok {
		d = runcache.Do(r.runCache, dirKey(dir), func() dirFacts { return readDir(dir) })
		r.dirs[dir] = d
	}
	return d
}

// dirKey keys a directory's facts in the run cache.
type dirKey string

// statusIn reports whether m gives version (every version when "") the
// status subresource.
func statusIn(m *crdschema.Manifest, version string) bool {
	if version != "" {
		v := m.Version(version)
		return v != nil && v.Status
	}
	for _, v := range m.Versions {
		if !v.Status {
			return false
		}
	}
	return len(m.Versions) > 0
}

// dirFacts is what the Go files of an API package's directory declare:
// its group and version, and the CustomResourceDefinitions built in Go.
type dirFacts struct {
	dir  string
	gv   groupVersion
	crds []goCRD
}

// readDir parses the Go files of dir once for both.
func readDir(dir string) dirFacts {
	fset := token.NewFileSet()
	files := crdkinds.ParseDir(fset, dir)
	if len(files) == 0 {
		return dirFacts{}
	}
	d := dirFacts{dir: dir, crds: readGoCRDs(files)}
	if p := crdkinds.SourcePackage(fset, markerindex.IndexFiles(files...), "", filepath.Base(dir), files); p != nil {
		d.gv = groupVersion{p.Group, p.Version}
	}
	return d
}
