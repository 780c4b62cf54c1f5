// Command apimigrationgen writes apimigration's knowledge table
// (internal/apimigration/zz_generated_table.go) from the Go module proxy.
// It is run by `go generate ./internal/apimigration`, never by tests.
//
// What it reads: the newest patch of every minor of
// sigs.k8s.io/controller-runtime from v0.6 to the newest the proxy serves,
// and of k8s.io/client-go, k8s.io/apimachinery, k8s.io/api and
// k8s.io/cli-runtime (together, one Kubernetes minor at a time) from 1.17
// (the release before the one controller-runtime v0.6 is built against,
// so that 1.18's changes, the context argument of the typed clients, are
// in the table) to the minor the newest controller-runtime is built
// against (internal/versiontable has the pairing; regenerate it first).
// Each release is type-checked from source in a temporary module (go get
// fills the module cache through GOPROXY; function bodies are dropped),
// and consecutive releases are compared package by package with
// golang.org/x/exp/apidiff. Each
// incompatible change of an exported object becomes one row (the release
// that first has it), and each object whose doc comment first says
// "Deprecated:" (in any case) one deprecation row.
//
// Left out: packages under internal/, testdata/, examples and hack
// directories, commands, test files; in k8s.io/api and the typed
// clients, informers, listers and apply configurations of client-go the
// alpha API versions (they change every release and operators do not
// build on them); client-go's fake typed clients (reached through the
// clientset's interfaces); the protobuf plumbing methods of the API types
// (XXX_*, ProtoMessage, Descriptor: removed from every type in 1.35);
// changes that only make a struct incomparable.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"log"
	"os"
	"regexp"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/semver"

	"github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/versiontable"
	"github.com/opvet/opvet/tools/internal/goproxy"
)

// The oldest releases read: their changes are not in the table, those of
// the releases after them are.
const (
	FirstControllerRuntime = 6
	FirstKubernetes        = 17
)

func main() {
	out := flag.String("o", "../internal/apimigration/zz_generated_table.go", "output file")
	proxy := flag.String("proxy", goproxy.DefaultProxy(), "module proxy base URL")
	only := flag.String("only", "", "read one family only (controller-runtime or kubernetes), for trying the generator; the output is then partial")
	flag.Parse()
	c := goproxy.New(*proxy)
	cr, k8s, err := plan(c)
	if err != nil {
		log.Fatal(err)
	}
	t := newTable()
	if *only != "kubernetes" {
		if err := t.read(cr); err != nil {
			log.Fatal(err)
		}
	}
	if *only != "controller-runtime" {
		if err := t.read(k8s); err != nil {
			log.Fatal(err)
		}
	}
	src, err := t.render(goproxy.MinorOf(cr[len(cr)-1][0].Version), goproxy.MinorOf(k8s[len(k8s)-1][0].Version))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%d changes, %d deprecations, %d bytes", len(t.changes), len(t.deprecations), len(src))
}

// plan returns the releases to read: controller-runtime's, and the
// Kubernetes minors', each as the modules to require.
func plan(c *goproxy.Client) (cr, k8s [][]Require, err error) {
	all, err := c.Releases(apimigration.ControllerRuntimePath, FirstControllerRuntime)
	if err != nil {
		return nil, nil, err
	}
	newestKube := 0
	for _, v := range goproxy.NewestPerMinor(all) {
		rel, _, ok := versiontable.Find(versiontable.ControllerRuntime, v)
		m, kok := rel.Kube()
		if !ok || !kok {
			return nil, nil, fmt.Errorf("controller-runtime %s is not in internal/versiontable: run go generate ./internal/versiontable first", v)
		}
		newestKube = max(newestKube, m)
		cr = append(cr, []Require{{apimigration.ControllerRuntimePath, v}})
	}
	byModule := map[string]map[int]string{}
	for _, m := range apimigration.KubernetesModules {
		vs, err := c.Releases(m, FirstKubernetes)
		if err != nil {
			return nil, nil, err
		}
		byModule[m] = map[int]string{}
		for _, v := range goproxy.NewestPerMinor(vs) {
			byModule[m][goproxy.MinorOf(v)] = v
		}
	}
	for minor := FirstKubernetes; minor <= newestKube; minor++ {
		var reqs []Require
		for _, m := range apimigration.KubernetesModules {
			v := byModule[m][minor]
			if v == "" {
				return nil, nil, fmt.Errorf("%s: no release of Kubernetes 1.%d on the proxy", m, minor)
			}
			reqs = append(reqs, Require{m, v})
		}
		k8s = append(k8s, reqs)
	}
	return cr, k8s, nil
}

// table accumulates the rows of every release read.
type table struct {
	changes      []apimigration.Change
	deprecations map[[2]string]apimigration.Deprecation
	removed      map[[2]string]bool
	sources      []string
}

func newTable() *table {
	return &table{deprecations: map[[2]string]apimigration.Deprecation{}, removed: map[[2]string]bool{}}
}

// read loads the releases in order and records what changes between
// consecutive ones.
func (t *table) read(releases [][]Require) error {
	var prev *Release
	for _, reqs := range releases {
		start := time.Now()
		cur, err := load(goproxy.MinorOf(reqs[0].Version), reqs)
		if err != nil {
			return err
		}
		for _, r := range reqs {
			t.sources = append(t.sources, r.Path+"@"+r.Version)
		}
		n := len(t.changes)
		if prev != nil {
			t.diff(prev, cur)
		}
		t.deprecated(cur)
		log.Printf("%v: %d packages, %d changes, %s", reqs, len(cur.Pkgs), len(t.changes)-n, time.Since(start).Round(time.Second))
		prev = cur
	}
	return nil
}

// diff records the changes from prev to cur.
func (t *table) diff(prev, cur *Release) {
	paths := make([]string, 0, len(prev.Pkgs))
	for p := range prev.Pkgs {
		if Covered(p) {
			paths = append(paths, p)
		}
	}
	sort.Strings(paths)
	for _, path := range paths {
		np := cur.Pkgs[path]
		if np == nil {
			t.changes = append(t.changes, apimigration.Change{Pkg: path, Minor: cur.Minor, Kind: apimigration.Removed, What: apimigration.Package})
			continue
		}
		rows, added := diffPackage(path, prev.Pkgs[path].Types, np.Types, cur.Minor)
		for _, r := range rows {
			if r.Kind == apimigration.Removed {
				t.removed[[2]string{path, r.Object}] = true
			}
		}
		t.changes = append(t.changes, rows...)
		for _, key := range added {
			if t.removed[[2]string{path, key}] {
				delete(t.removed, [2]string{path, key})
				t.changes = append(t.changes, apimigration.Change{Pkg: path, Object: key, Minor: cur.Minor, Kind: apimigration.Restored, What: whatOf(np.Types, key)})
			}
		}
	}
}

// deprecated records the objects of cur deprecated for the first time.
func (t *table) deprecated(cur *Release) {
	for path, p := range cur.Pkgs {
		if Covered(path) {
			updateDeprecations(t.deprecations, path, cur.Minor, p.Syntax)
		}
	}
}

// updateDeprecations records in deps the objects of the package at path
// that release minor deprecates for the first time, and forgets those it
// declares again without the deprecation (controller-runtime deprecated
// fake.NewFakeClient in v0.6 and lifted it in v0.16): a row says the
// object is deprecated from its release on, in every later release that
// has it. A deprecated object that a release removes keeps its row.
func updateDeprecations(deps map[[2]string]apimigration.Deprecation, path string, minor int, files []*ast.File) {
	deprecated := Deprecations(files)
	for key := range Declared(files) {
		if _, ok := deprecated[key]; !ok {
			delete(deps, [2]string{path, key})
		}
	}
	for key, advice := range deprecated {
		k := [2]string{path, key}
		if _, ok := deps[k]; !ok {
			deps[k] = apimigration.Deprecation{Pkg: path, Object: key, Minor: minor, Advice: advice}
		}
	}
}

// Covered reports whether the table covers the package at path: not the
// alpha API versions of k8s.io/api and of client-go's generated clients,
// informers, listers and apply configurations, and not the fake typed
// clients (code reaches them through the clientset's interfaces, whose
// rows say the same).
func Covered(path string) bool {
	if fakeTyped.MatchString(path) {
		return false
	}
	if !strings.HasPrefix(path, apimigration.APIPath+"/") && !strings.HasPrefix(path, apimigration.ClientGoPath+"/") {
		return true
	}
	for _, e := range strings.Split(path, "/") {
		if strings.Contains(e, "alpha") && semver.IsValid(strings.Split(e, "alpha")[0]+".0.0") {
			return false
		}
	}
	return true
}

var fakeTyped = regexp.MustCompile(`/typed/[^/]+/[^/]+/fake$`)

// render writes the table's Go source.
func (t *table) render(newestCR, newestKube int) ([]byte, error) {
	sortChanges(t.changes)
	t.changes = dedup(t.changes)
	deps := make([]apimigration.Deprecation, 0, len(t.deprecations))
	for _, d := range t.deprecations {
		deps = append(deps, d)
	}
	sort.Slice(deps, func(i, j int) bool {
		if deps[i].Pkg != deps[j].Pkg {
			return deps[i].Pkg < deps[j].Pkg
		}
		return deps[i].Object < deps[j].Object
	})
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by tools/apimigrationgen from the Go module proxy; DO NOT EDIT.\n// Refresh: go generate ./internal/apimigration\n\npackage apimigration\n\n")
	fmt.Fprintf(&b, "// The releases the table was read from: the changes of the releases after the first of each family.\nconst (\n")
	fmt.Fprintf(&b, "\tFirstControllerRuntime = %d\n\tNewestControllerRuntime = %d\n\tFirstKubernetes = %d\n\tNewestKubernetes = %d\n)\n\n", FirstControllerRuntime, newestCR, FirstKubernetes, newestKube)
	fmt.Fprintf(&b, "// Sources are the module versions read.\nvar Sources = []string{\n")
	for _, s := range t.sources {
		fmt.Fprintf(&b, "\t%q,\n", s)
	}
	fmt.Fprintf(&b, "}\n\n// Changes are the incompatible changes, sorted by package, object and release.\nvar Changes = []Change{\n")
	for _, c := range t.changes {
		fmt.Fprintf(&b, "\t{%q, %q, %d, %s, %s, %q},\n", c.Pkg, c.Object, c.Minor, kindName[c.Kind], whatName[c.What], c.New)
	}
	fmt.Fprintf(&b, "}\n\n// Deprecations are the deprecated objects, sorted by package and object.\nvar Deprecations = []Deprecation{\n")
	for _, d := range deps {
		fmt.Fprintf(&b, "\t{%q, %q, %d, %q},\n", d.Pkg, d.Object, d.Minor, d.Advice)
	}
	fmt.Fprintf(&b, "}\n")
	return format.Source(b.Bytes())
}

var kindName = map[apimigration.Kind]string{
	apimigration.Removed: "Removed", apimigration.Changed: "Changed", apimigration.MethodAdded: "MethodAdded",
	apimigration.NoLongerImplements: "NoLongerImplements", apimigration.ValueChanged: "ValueChanged", apimigration.Restored: "Restored",
}

var whatName = map[apimigration.What]string{
	0: "0", apimigration.Package: "Package", apimigration.Func: "Func", apimigration.Type: "Type", apimigration.Var: "Var",
	apimigration.Const: "Const", apimigration.Field: "Field", apimigration.Method: "Method",
}
