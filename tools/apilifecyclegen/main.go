// Command apilifecyclegen writes removedapis' knowledge table
// (internal/apilifecycle/zz_generated_table.go) from the Go module proxy.
// It is run by `go generate ./internal/apilifecycle`, never by tests.
//
// What it reads: for k8s.io/api, k8s.io/apiextensions-apiserver and
// k8s.io/kube-aggregator, the newest patch release of every minor from 1.16
// (v0.16.x) to the newest the proxy serves (the version list, completed by
// probing vX.Y.Z.mod, because a proxy's list can be partial), and in each
// module zip the API packages (<group>/<version> of k8s.io/api,
// pkg/apis/<group>/<version> of the others): the group name (register.go),
// the APILifecycle* methods of zz_generated.prerelease-lifecycle.go (from
// Kubernetes 1.19 on) and the type declarations (types*.go), all with
// go/parser. Zips already in the module download cache are read from
// there.
//
// Each kind's row comes from the newest release that holds it: its
// deprecation, removal and replacement, and whether the replacement has the
// same JSON shape (compared in that release). Where the lifecycle methods
// leave the replacement unwritten (node.k8s.io/v1beta1 RuntimeClass), it is
// the same kind in the group's most stable version that outlives it
// (InferReplacement). A kind that leaves its module
// without lifecycle methods is removed in the first release without it.
//
// -record DIR writes the inputs of the newest release of each module that
// the table's test checks against (excerpts of the lifecycle files and
// register.go of every package with a removal) under
// DIR/<module>@<version>/.
package main

import (
	"archive/zip"
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"io"
	"log"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/opvet/opvet/passes/crdkinds"
	"github.com/opvet/opvet/tools/internal/goproxy"
)

// FirstMinor is the oldest Kubernetes minor the table covers.
const FirstMinor = 16

// Module is one module of built-in API types.
type Module struct {
	Path string
	// APIs is the directory holding its <group>/<version> packages.
	APIs string
}

// Modules are the modules the table is read from.
var Modules = []Module{
	{"k8s.io/api", ""},
	{"k8s.io/apiextensions-apiserver", "pkg/apis"},
	{"k8s.io/kube-aggregator", "pkg/apis"},
}

func main() {
	out := flag.String("o", "../internal/apilifecycle/zz_generated_table.go", "output file")
	proxy := flag.String("proxy", goproxy.DefaultProxy(), "module proxy base URL")
	record := flag.String("record", "", "directory to record the newest releases' lifecycle files in (for the test)")
	flag.Parse()
	c := goproxy.New(*proxy)
	if cache := os.Getenv("GOMODCACHE"); cache != "" {
		c.Cache = filepath.Join(cache, "cache", "download")
	} else if home, err := os.UserHomeDir(); err == nil {
		c.Cache = filepath.Join(home, "go", "pkg", "mod", "cache", "download")
	}
	t := newTable()
	for _, m := range Modules {
		if err := t.readModule(c, m, *record); err != nil {
			log.Fatal(err)
		}
	}
	src, err := t.render()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// Release is one module release read into packages.
type Release struct {
	Module  Module
	Version string
	Minor   int
	Pkgs    Universe
}

// ReadZip parses the API packages of a module zip.
func ReadZip(m Module, version string, data []byte) (*Release, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("%s@%s: %v", m.Path, version, err)
	}
	prefix := m.Path + "@" + version + "/"
	dirs := map[string]map[string][]byte{}
	for _, f := range zr.File {
		rel, ok := strings.CutPrefix(f.Name, prefix)
		if !ok || !IsInput(path.Base(rel)) || !isAPIDir(m, path.Dir(rel)) {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		src, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		d := path.Dir(rel)
		if dirs[d] == nil {
			dirs[d] = map[string][]byte{}
		}
		dirs[d][path.Base(rel)] = src
	}
	return ReadDirs(m, version, dirs)
}

// ReadDirs parses the API packages of a module release given as its input
// files by directory (relative to the module root).
func ReadDirs(m Module, version string, dirs map[string]map[string][]byte) (*Release, error) {
	r := &Release{Module: m, Version: version, Minor: goproxy.MinorOf(version), Pkgs: Universe{}}
	for d, files := range dirs {
		p, ok, err := ParsePackage(m.Path+"/"+d, files)
		if err != nil {
			return nil, fmt.Errorf("%s@%s: %v", m.Path, version, err)
		}
		if ok {
			r.Pkgs[p.Path] = p
		}
	}
	return r, nil
}

// isAPIDir reports whether dir (relative to the module root) is where an
// API package of m lives: <APIs>/<group>/<version>.
func isAPIDir(m Module, dir string) bool {
	rel := dir
	if m.APIs != "" {
		var ok bool
		if rel, ok = strings.CutPrefix(dir, m.APIs+"/"); !ok {
			return false
		}
	}
	parts := strings.Split(rel, "/")
	return len(parts) == 2 && versionRE.MatchString(parts[1])
}

// entry is what the table knows of one kind.
type entry struct {
	Path      string
	GVK       [3]string
	LastSeen  int
	Life      *Lifecycle
	SameShape bool
	// Newest is the newest minor of the kind's module.
	Newest int
}

type table struct {
	entries map[[3]string]*entry
	sources []string
	newest  int
	// unknown are prerelease group/versions without lifecycle methods
	// in the newest release of their module.
	unknown map[string]bool
}

func newTable() *table {
	return &table{entries: map[[3]string]*entry{}, unknown: map[string]bool{}}
}

func (t *table) readModule(c *goproxy.Client, m Module, record string) error {
	all, err := c.Releases(m.Path, FirstMinor)
	if err != nil {
		return err
	}
	vs := goproxy.NewestPerMinor(all)
	if len(vs) == 0 {
		return fmt.Errorf("%s: no release from 1.%d on", m.Path, FirstMinor)
	}
	for i, v := range vs {
		if goproxy.MinorOf(v) != FirstMinor+i {
			return fmt.Errorf("%s: no release of minor %d (have %v)", m.Path, FirstMinor+i, vs)
		}
	}
	var last *Release
	for _, v := range vs {
		data, err := c.Zip(m.Path, v)
		if err != nil {
			return err
		}
		r, err := ReadZip(m, v, data)
		if err != nil {
			return err
		}
		if len(r.Pkgs) == 0 {
			return fmt.Errorf("%s@%s: no API package found", m.Path, v)
		}
		t.add(r)
		t.sources = append(t.sources, m.Path+"@"+v)
		last = r
	}
	for _, e := range t.entries {
		if strings.HasPrefix(e.Path, m.Path+"/") {
			e.Newest = last.Minor
		}
	}
	for _, p := range last.Pkgs {
		if len(p.Lifecycle) == 0 && strings.ContainsAny(strings.TrimLeft(p.Version, "v0123456789"), "ab") {
			t.unknown[gv(p.Group, p.Version)] = true
		}
	}
	if m.Path == "k8s.io/api" {
		t.newest = last.Minor
	}
	log.Printf("%s: %d releases, %s to %s", m.Path, len(vs), vs[0], vs[len(vs)-1])
	if record != "" {
		return Record(record, m, last.Version, c)
	}
	return nil
}

func gv(group, version string) string {
	if group == "" {
		return version
	}
	return group + "/" + version
}

// add records the kinds of one release (releases come oldest first).
func (t *table) add(r *Release) {
	byGV := map[[2]string]*Package{}
	for _, p := range r.Pkgs {
		byGV[[2]string{p.Group, p.Version}] = p
	}
	for _, p := range r.Pkgs {
		for _, k := range p.Kinds {
			key := [3]string{p.Group, p.Version, k}
			e := t.entries[key]
			if e == nil {
				e = &entry{Path: p.Path, GVK: key}
				t.entries[key] = e
			}
			e.LastSeen = r.Minor
			l := p.Lifecycle[k]
			if l == nil {
				continue
			}
			cp := *l
			if cp.Replacement[2] == "" {
				cp.Replacement = InferReplacement(r.Pkgs, p, k, l)
			}
			e.Life = &cp
			e.SameShape = false
			if rp := byGV[[2]string{cp.Replacement[0], cp.Replacement[1]}]; rp != nil && cp.Replacement[2] != "" {
				e.SameShape = r.Pkgs.SameShape(p, k, rp, cp.Replacement[2])
			}
		}
	}
}

// InferReplacement names the replacement of kind k of p, whose lifecycle
// l announces no replacement, from the packages of the same release: the
// same kind in the most stable version of the group that is more stable
// than p's and not itself removed by the time k is. Kubernetes leaves the
// replacement unwritten for some kinds that have one (node.k8s.io/v1beta1
// RuntimeClass, events.k8s.io/v1beta1 Event, policy/v1beta1 Eviction),
// and without it the check would tell users there is none. The zero value
// when no version qualifies (policy/v1beta1 PodSecurityPolicy).
func InferReplacement(pkgs Universe, p *Package, k string, l *Lifecycle) [3]string {
	var best *Package
	for _, q := range pkgs {
		if q.Group != p.Group || !crdkinds.VersionLess(q.Version, p.Version) || !hasKind(q, k) {
			continue
		}
		if ql := q.Lifecycle[k]; ql != nil && ql.Removed != 0 && (l.Removed == 0 || ql.Removed <= l.Removed) {
			continue
		}
		if best == nil || crdkinds.VersionLess(q.Version, best.Version) {
			best = q
		}
	}
	if best == nil {
		return [3]string{}
	}
	return [3]string{best.Group, best.Version, k}
}

func hasKind(p *Package, k string) bool {
	for _, kind := range p.Kinds {
		if kind == k {
			return true
		}
	}
	return false
}

// row is one rendered row.
type row struct {
	entry
	Deprecated, Removed int
	Vanished            bool
}

func (t *table) rows() []row {
	var out []row
	for _, e := range t.entries {
		r := row{entry: *e}
		if e.Life != nil {
			r.Deprecated, r.Removed = e.Life.Deprecated, e.Life.Removed
		}
		if e.LastSeen < e.Newest {
			gone := e.LastSeen + 1
			if r.Removed == 0 || gone < r.Removed {
				if r.Removed != 0 {
					log.Printf("%s %v: left the module in 1.%d, before its announced removal in 1.%d", e.Path, e.GVK, gone, r.Removed)
				}
				r.Removed, r.Vanished = gone, e.Life == nil || e.Life.Removed == 0
			}
		}
		if r.Removed == 0 && r.Deprecated == 0 {
			continue
		}
		out = append(out, r)
	}
	// A List kind whose item has a row needs none: the API server serves
	// a resource (lists included) by the lifecycle of its item kind
	// (apiserver's ResourceExpirationEvaluator), and the lookups map
	// lists to their items.
	have := map[[3]string]bool{}
	for _, r := range out {
		have[r.GVK] = true
	}
	var kept []row
	for _, r := range out {
		if item, ok := strings.CutSuffix(r.GVK[2], "List"); ok && have[[3]string{r.GVK[0], r.GVK[1], item}] {
			continue
		}
		kept = append(kept, r)
	}
	sort.Slice(kept, func(i, j int) bool {
		if kept[i].Path != kept[j].Path {
			return kept[i].Path < kept[j].Path
		}
		return kept[i].GVK[2] < kept[j].GVK[2]
	})
	return kept
}

func (t *table) render() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by tools/apilifecyclegen from the Go module proxy; DO NOT EDIT.\n")
	b.WriteString("// Refresh: go generate ./internal/apilifecycle\n\n")
	b.WriteString("package apilifecycle\n\n")
	fmt.Fprintf(&b, "// NewestMinor is the newest Kubernetes minor the table was read from.\nconst NewestMinor = %d\n\n", t.newest)
	b.WriteString("// Sources are the module releases the table was read from: the newest patch of each minor.\nvar Sources = []string{\n")
	for _, s := range t.sources {
		fmt.Fprintf(&b, "%q,\n", s)
	}
	b.WriteString("}\n\n")
	b.WriteString("// Unknown lists the alpha and beta group/versions of the newest releases that have no lifecycle methods: when they stop being served is not written in the modules, so they have no row.\nvar Unknown = []string{\n")
	var unknown []string
	for u := range t.unknown {
		unknown = append(unknown, u)
	}
	sort.Strings(unknown)
	for _, u := range unknown {
		fmt.Fprintf(&b, "%q,\n", u)
	}
	b.WriteString("}\n\n")
	b.WriteString("// Kinds lists every built-in kind that was deprecated or removed.\nvar Kinds = []Kind{\n")
	for _, r := range t.rows() {
		fmt.Fprintf(&b, "{Path: %q, GVK: GVK{%q, %q, %q}", r.Path, r.GVK[0], r.GVK[1], r.GVK[2])
		if r.Deprecated != 0 {
			fmt.Fprintf(&b, ", Deprecated: %d", r.Deprecated)
		}
		if r.Removed != 0 {
			fmt.Fprintf(&b, ", Removed: %d", r.Removed)
		}
		if r.Life != nil && r.Life.Replacement[2] != "" {
			rp := r.Life.Replacement
			fmt.Fprintf(&b, ", Replacement: GVK{%q, %q, %q}", rp[0], rp[1], rp[2])
			if r.SameShape {
				b.WriteString(", SameShape: true")
			}
		}
		if r.Vanished {
			b.WriteString(", Vanished: true")
		}
		b.WriteString("},\n")
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}

// Record writes the test's inputs from the newest release of m: for
// every API package whose lifecycle methods announce a removal, the
// excerpts (Excerpt) of register.go and zz_generated.prerelease-lifecycle.go.
func Record(dir string, m Module, version string, c *goproxy.Client) error {
	data, err := c.Zip(m.Path, version)
	if err != nil {
		return err
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	prefix := m.Path + "@" + version + "/"
	files := map[string][]byte{}
	for _, f := range zr.File {
		rel, ok := strings.CutPrefix(f.Name, prefix)
		base := path.Base(rel)
		if !ok || !isAPIDir(m, path.Dir(rel)) || (base != "register.go" && base != "zz_generated.prerelease-lifecycle.go") {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return err
		}
		src, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return err
		}
		files[rel] = src
	}
	for rel, src := range files {
		if path.Base(rel) != "zz_generated.prerelease-lifecycle.go" || !bytes.Contains(src, []byte("APILifecycleRemoved")) {
			continue
		}
		for _, name := range []string{rel, path.Join(path.Dir(rel), "register.go")} {
			stripped, err := Excerpt(files[name])
			if err != nil {
				return fmt.Errorf("%s: %v", name, err)
			}
			dst := filepath.Join(dir, m.Path+"@"+version, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := os.WriteFile(dst, stripped, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
