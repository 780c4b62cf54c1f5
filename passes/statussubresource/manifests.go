package statussubresource

import (
	"go/token"
	"go/types"
	"path/filepath"

	"github.com/opvet/opvet/internal/crdschema"
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
	dir := filepath.Dir(file)
	d, ok := r.dirs[dir]
	if !ok {
		d = readDir(dir)
		r.dirs[dir] = d
	}
	if goCRDStatus(d.crds, obj.Name(), d.gv) {
		return true
	}
	if d.gv.group == "" {
		return false
	}
	ms := crdschema.FindManifests(dir, d.gv.group, d.gv.version, []string{obj.Name()}, r.runCache)
	for _, m := range ms {
		if !statusIn(m, d.gv.version) {
			return false
		}
	}
	return len(ms) > 0
}

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
	d := dirFacts{crds: readGoCRDs(files)}
	if p := crdkinds.SourcePackage(fset, markerindex.IndexFiles(files...), "", filepath.Base(dir), files); p != nil {
		d.gv = groupVersion{p.Group, p.Version}
	}
	return d
}
