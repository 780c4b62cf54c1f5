package crdmanifests

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/semver"

	"github.com/opvet/opvet/internal/crdschema"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/runcache"
)

// Bounds of the search for a file that names a chart: beyond them a chart
// counts as named, and its copy is compared as before.
const (
	maxNamingFiles    = 20000
	maxNamingFileSize = 1 << 20
)

// withoutAbandonedCharts leaves out of ms, the manifests of one kind, a
// copy in a Helm chart that no file of the module names, when another of
// ms was written by a newer controller-gen: a chart that ships is built,
// tested or published by something that names its directory (a Makefile,
// a script, a workflow, chart-releaser), while a prototype chart left in
// the tree and never regenerated (cluster-api-addon-provider-helm's
// helm/cluster-api-addon-provider-helm, controller-gen v0.8.0 beside
// config/crd/bases at v0.20.0) is installed by no one. Either signal
// alone is not enough: a chart that does ship and lags behind
// config/crd/bases is the drift the check is for (redis-operator's
// charts/redisoperator, which a test script names).
func withoutAbandonedCharts(ms []*crdschema.Manifest, cache *runcache.Cache) []*crdschema.Manifest {
	newest := newestGenerator(ms)
	if newest == "" {
		return ms
	}
	return unlessAll(ms, func(m *crdschema.Manifest) bool { return abandonedChartCopy(m, newest, cache) })
}

// newestGenerator returns the highest controller-gen version that wrote
// one of ms, or "" when none says.
func newestGenerator(ms []*crdschema.Manifest) string {
	newest := ""
	for _, m := range ms {
		if semver.IsValid(m.Generator) && (newest == "" || semver.Compare(m.Generator, newest) > 0) {
			newest = m.Generator
		}
	}
	return newest
}

// abandonedChartCopy reports whether m was written by a controller-gen
// older than newest and lies in a Helm chart that no file of its module
// names.
func abandonedChartCopy(m *crdschema.Manifest, newest string, cache *runcache.Cache) bool {
	if !semver.IsValid(m.Generator) || semver.Compare(m.Generator, newest) >= 0 {
		return false
	}
	root := modtree.Root(m.Dir)
	if root == "" {
		return false
	}
	chart := chartDir(m.Dir, root)
	return chart != "" && !chartNamed(root, chart, cache)
}

// chartDir returns the directory at or above dir, below root (not
// empty), that holds a Chart.yaml, or "".
func chartDir(dir, root string) string {
	for d := dir; strings.HasPrefix(d, root) && len(d) > len(root); d = filepath.Dir(d) {
		if st, err := os.Stat(filepath.Join(d, "Chart.yaml")); err == nil && !st.IsDir() {
			return d
		}
	}
	return ""
}

// chartNamed reports whether a file of the module rooted at root, outside
// the chart itself, names the chart's directory (its path from root, as
// in `helm package charts/foo` or `../../charts/foo`) or uses
// chart-releaser (which publishes every chart of its charts_dir without
// naming them), memoized for the run. The module's own .github directory,
// and those of the directories above it, are read too.
func chartNamed(root, chart string, cache *runcache.Cache) bool {
	type namedKey struct{ root, chart string }
	return runcache.Do(cache, namedKey{root, chart}, func() bool {
		rel, err := filepath.Rel(root, chart)
		if err != nil {
			return true
		}
		needles := [][]byte{[]byte(filepath.ToSlash(rel)), []byte("chart-releaser")}
		return anyFileContains(root, chart, needles) || workflowsAboveContain(root, needles)
	})
}

// anyFileContains reports whether a file under root, outside skip and the
// directories that `./...` leaves out (but with .github), contains one of
// needles; true too when there are more files than the search reads.
func anyFileContains(root, skip string, needles [][]byte) bool {
	found, n := false, 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if p == skip || d.Name() == ".git" || d.Name() == "node_modules" ||
				(d.Name() != ".github" && modtree.SkipDir(root, p)) {
				return filepath.SkipDir
			}
			return nil
		}
		if n++; n > maxNamingFiles {
			found = true
			return filepath.SkipAll
		}
		if fileContains(p, needles) {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// workflowsAboveContain reports whether a file of the .github directory of
// a directory above root contains one of needles: a module inside a
// larger repository is built by that repository's workflows.
func workflowsAboveContain(root string, needles [][]byte) bool {
	for d := filepath.Dir(root); d != filepath.Dir(d); d = filepath.Dir(d) {
		gh := filepath.Join(d, ".github")
		if st, err := os.Stat(gh); err == nil && st.IsDir() && anyFileContains(gh, "", needles) {
			return true
		}
	}
	return false
}

// fileContains reports whether the regular file at p, if not larger than
// maxNamingFileSize, contains one of needles.
func fileContains(p string, needles [][]byte) bool {
	if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() || fi.Size() > maxNamingFileSize {
		return false
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return false
	}
	for _, n := range needles {
		if bytes.Contains(data, n) {
			return true
		}
	}
	return false
}
