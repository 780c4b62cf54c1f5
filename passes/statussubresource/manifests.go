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
// config/crd written by hand) say whether it has the status subresource.
// Only a yes is taken: every manifest of the kind's group and name must
// list the subresource for the type's version. A kind whose manifests are
// absent, unreadable or disagree stays Unknown. r.mu is held.
func (r *Result) fromManifests(obj *types.TypeName, file string) bool {
	dir := filepath.Dir(file)
	gv, ok := r.groups[dir]
	if !ok {
		gv = declaredGroup(dir)
		r.groups[dir] = gv
	}
	if gv.group == "" {
		return false
	}
	ms := crdschema.FindManifests(dir, gv.group, gv.version, []string{obj.Name()}, r.runCache)
	for _, m := range ms {
		if !statusIn(m, gv.version) {
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

// declaredGroup reads the group and version that the Go files of dir
// declare.
func declaredGroup(dir string) groupVersion {
	fset := token.NewFileSet()
	files := crdkinds.ParseDir(fset, dir)
	if len(files) == 0 {
		return groupVersion{}
	}
	p := crdkinds.SourcePackage(fset, markerindex.IndexFiles(files...), "", filepath.Base(dir), files)
	if p == nil {
		return groupVersion{}
	}
	return groupVersion{p.Group, p.Version}
}
