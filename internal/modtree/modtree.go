// Package modtree answers the two questions every check that reads a
// module from disk asks: which go.mod governs a directory, and which
// directories `./...` leaves out. One answer keeps versionskew's reporting
// package, the finalizers module scan and crdversions' webhook search in
// agreement about what "the module" is.
package modtree

import (
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/versiontable"
)

// Root returns the directory of the go.mod that governs dir (dir itself or
// its nearest ancestor holding a go.mod file), or "" when there is none.
func Root(dir string) string {
	for d := dir; ; {
		if st, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !st.IsDir() {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// SkipName reports whether the go command's `./...` skips every
// directory of this name: testdata, vendor, and names starting with "."
// or "_".
func SkipName(name string) bool {
	return name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// SkipDir reports whether a walk of the module rooted at root leaves out
// the directory path: a skipped name (SkipName) or a nested module (a
// directory with its own go.mod). The root itself is never skipped.
func SkipDir(root, path string) bool {
	if path == root {
		return false
	}
	if SkipName(filepath.Base(path)) {
		return true
	}
	_, err := os.Stat(filepath.Join(path, "go.mod"))
	return err == nil
}

// IsDependency reports whether the package of pass belongs to a module
// that is not a main module: a known version (go vet gives the module of
// every package it visits), or a vendored copy. go vet runs an analyzer
// that uses facts on every dependency, only for the facts; opvet's checks
// and summaries are about the operator's own code, so they do nothing
// there.
//
// Without module information (GOPATH mode, analysistest's stubs), the
// packages of the Kubernetes libraries whose behaviour opvet models by
// name (internal/k8s) count as dependencies too.
func IsDependency(pass *analysis.Pass) bool {
	if pass.Module != nil && pass.Module.Version != "" {
		return true
	}
	if pass.Pkg == nil {
		return false
	}
	path := pass.Pkg.Path()
	if strings.Contains(path, "/vendor/") {
		return true
	}
	if pass.Module != nil && pass.Module.Path != "" {
		return false
	}
	return IsLibrary(path)
}

// IsLocalReplacement reports whether the package of pass belongs to a
// module of known version whose files are not a downloaded or vendored
// copy: a module that the main module replaces with a directory of its own
// tree (replace example.com/op/api => ./api, the API types kept as a
// module of their own). That code is the project's, as the main module's
// is, so its functions' summaries count; IsDependency still says yes for
// it, and the checks do not report there. The Kubernetes libraries that
// opvet models by name never count, even replaced by a local fork.
//
// A copy in the module cache lies in a directory named path@version, a
// vendored copy under a directory named vendor; pass gives no more (go
// vet's configuration and go/analysis's Module carry no replacement).
func IsLocalReplacement(pass *analysis.Pass) bool {
	if pass.Module == nil || pass.Module.Version == "" || len(pass.Files) == 0 || pass.Pkg == nil {
		return false
	}
	if IsLibrary(pass.Pkg.Path()) {
		return false
	}
	return !IsCopy(filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name()))
}

// IsCopy reports whether dir holds a downloaded or vendored copy of a
// module (a directory under one named path@version or vendor) rather than
// the project's own files.
func IsCopy(dir string) bool {
	for _, elem := range strings.Split(filepath.ToSlash(dir), "/") {
		if elem == "vendor" || strings.Contains(elem, "@v") {
			return true
		}
	}
	return false
}

// IsLibrary reports whether path is a package of a Kubernetes library
// that opvet models by name.
func IsLibrary(path string) bool {
	for _, lib := range libraries {
		if path == lib || strings.HasPrefix(path, lib+"/") {
			return true
		}
	}
	return false
}

// libraries are the modules of the Kubernetes libraries that opvet models.
var libraries = append([]string{"sigs.k8s.io/controller-runtime", "sigs.k8s.io/yaml"}, versiontable.Staging...)
