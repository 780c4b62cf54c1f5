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
