// Command versionskewgen writes versionskew's knowledge table
// (internal/versiontable/zz_generated_table.go) from the Go module proxy. It
// is run by `go generate ./internal/versiontable`,
// never by tests, and can be rerun at any time: every input is a go.mod file
// served by the proxy, which never changes once published.
//
// What it asks the proxy (plain HTTP, GOPROXY protocol):
//   - <module>/@v/list for sigs.k8s.io/controller-runtime, sigs.k8s.io/controller-tools
//     and k8s.io/client-go, completed by probing vX.Y.Z.mod for each minor, because a
//     proxy's list can be partial;
//   - <module>/@v/<version>.mod for every release found: the go directive and the
//     k8s.io staging requirements of each controller-runtime and controller-tools
//     release, and the go directive of each k8s.io/client-go release;
//   - the go.mod of k8s.io/kubernetes releases, whose replace directives into
//     ./staging/src name the staging modules;
//   - <tag>.info for the pre-module k8s.io/client-go tags (v1.4.0 ... v12.0.0+incompatible).
//
// The pre-module client-go tags and their Kubernetes releases are not in any
// released go.mod: they are kept below (legacyTags, from the retract block of
// client-go's master go.mod in 2021, and legacyMinor, client-go's published
// compatibility matrix).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"sort"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"

	"github.com/opvet/opvet/tools/internal/goproxy"
)

// legacyMinor maps the major version of a pre-module k8s.io/client-go tag to
// the Kubernetes 1.x minor it was cut from (client-go README, "Compatibility
// matrix"). v1.4 and v1.5 were cut from Kubernetes 1.4 and 1.5.
var legacyMinor = map[string]int{
	"v2": 5, "v3": 6, "v4": 7, "v5": 8, "v6": 9, "v7": 10,
	"v8": 11, "v9": 12, "v10": 13, "v11": 14, "v12": 15,
}

// kubernetesSamples are k8s.io/kubernetes releases whose staging lists are
// merged (modules come and go: node-api, legacy-cloud-providers, ...).
var kubernetesSamples = []string{"v1.16.0", "v1.19.0", "v1.22.0", "v1.26.0", "v1.30.0"}

func main() {
	out := flag.String("o", "../internal/versiontable/zz_generated_table.go", "output file")
	proxy := flag.String("proxy", goproxy.DefaultProxy(), "module proxy base URL")
	flag.Parse()
	g := &generator{goproxy.New(*proxy)}
	src, err := g.generate()
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

type release struct {
	version, goVersion string
	k8s                [][2]string
}

// Extract returns the go directive of a go.mod and its requirements on the
// modules in staging, sorted by path. It is the one place that reads the
// proxy's data, and what the fixture test checks the table against.
func Extract(data []byte, staging map[string]bool) (goVersion string, reqs [][2]string, err error) {
	f, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil {
		return "", nil, err
	}
	if f.Go != nil {
		goVersion = f.Go.Version
	}
	for _, r := range f.Require {
		if staging[r.Mod.Path] {
			reqs = append(reqs, [2]string{r.Mod.Path, r.Mod.Version})
		}
	}
	sort.Slice(reqs, func(i, j int) bool { return reqs[i][0] < reqs[j][0] })
	return goVersion, reqs, nil
}

// StagingFrom returns the staging modules named by a k8s.io/kubernetes
// go.mod: the targets of its replace directives into ./staging/src.
func StagingFrom(data []byte) ([]string, error) {
	f, err := modfile.Parse("go.mod", data, nil) // ParseLax drops replace directives
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range f.Replace {
		if strings.HasPrefix(r.New.Path, "./staging/src/") && strings.HasPrefix(r.Old.Path, "k8s.io/") {
			out = append(out, r.Old.Path)
		}
	}
	return out, nil
}

// legacyTags are the pre-module k8s.io/client-go tags: the versions that
// client-go's go.mod on its master branch retracted in 2021 ("pre-module
// versions are obsolete"). No released client-go go.mod carries that retract
// block, so the list is kept here and each tag is confirmed on the proxy.
var legacyTags = []string{
	"v1.4.0", "v1.5.0", "v1.5.1", "v1.5.2",
	"v2.0.0-alpha.1+incompatible", "v2.0.0+incompatible",
	"v3.0.0-beta.0+incompatible", "v3.0.0+incompatible",
	"v4.0.0-beta.0+incompatible", "v4.0.0+incompatible",
	"v5.0.0+incompatible", "v5.0.1+incompatible", "v6.0.0+incompatible",
	"v7.0.0+incompatible", "v8.0.0+incompatible", "v9.0.0-invalid+incompatible",
	"v9.0.0+incompatible", "v10.0.0+incompatible", "v11.0.0+incompatible",
	"v12.0.0+incompatible",
}

// LegacyMinor returns the Kubernetes minor of a pre-module client-go tag.
func LegacyMinor(v string) (int, bool) {
	if semver.Major(v) == "v1" {
		m := minorOfMajor1(v)
		return m, m == 4 || m == 5
	}
	m, ok := legacyMinor[semver.Major(v)]
	return m, ok
}

func minorOfMajor1(v string) int {
	var m int
	fmt.Sscanf(strings.TrimPrefix(semver.MajorMinor(v), "v1."), "%d", &m)
	return m
}

// legacy returns the pre-module tags with their Kubernetes minors, after
// checking that the proxy knows each (a tag it does not serve is kept: a
// go.mod may still name it, and it fails to download there).
// generator reads the proxy through the shared client.
type generator struct{ *goproxy.Client }

func (g *generator) legacy() (map[string]int, error) {
	out := map[string]int{}
	for _, v := range legacyTags {
		m, ok := LegacyMinor(v)
		if !ok {
			return nil, fmt.Errorf("no Kubernetes minor for client-go %s", v)
		}
		ev, err := module.EscapeVersion(v)
		if err != nil {
			return nil, err
		}
		info, err := g.Get("k8s.io/client-go", ev+".info")
		if err != nil {
			return nil, err
		}
		if info == nil {
			log.Printf("k8s.io/client-go %s: not served by the proxy (kept)", v)
		}
		out[v] = m
	}
	return out, nil
}

func (g *generator) generate() ([]byte, error) {
	stagingSet := map[string]bool{"k8s.io/kubernetes": true}
	for _, v := range kubernetesSamples {
		data, err := g.Mod("k8s.io/kubernetes", v)
		if err != nil {
			return nil, err
		}
		mods, err := StagingFrom(data)
		if err != nil {
			return nil, fmt.Errorf("k8s.io/kubernetes@%s: %v", v, err)
		}
		for _, m := range mods {
			stagingSet[m] = true
		}
	}
	// The newest Kubernetes release: from its own list.
	list, err := g.Get("k8s.io/kubernetes", "list")
	if err != nil {
		return nil, err
	}
	newestK := ""
	for _, v := range strings.Fields(string(list)) {
		if semver.IsValid(v) && semver.Prerelease(v) == "" && semver.Compare(v, newestK) > 0 {
			newestK = v
		}
	}
	if newestK != "" {
		data, err := g.Mod("k8s.io/kubernetes", newestK)
		if err != nil {
			return nil, err
		}
		mods, _ := StagingFrom(data)
		for _, m := range mods {
			stagingSet[m] = true
		}
	}
	delete(stagingSet, "k8s.io/kubernetes")
	if len(stagingSet) < 10 {
		return nil, fmt.Errorf("found only %d staging modules; refusing to write a table", len(stagingSet))
	}

	cr, err := g.releaseTable("sigs.k8s.io/controller-runtime", 1, stagingSet)
	if err != nil {
		return nil, err
	}
	ct, err := g.releaseTable("sigs.k8s.io/controller-tools", 1, stagingSet)
	if err != nil {
		return nil, err
	}
	cg, err := g.releaseTable("k8s.io/client-go", 15, nil)
	if err != nil {
		return nil, err
	}
	legacy, err := g.legacy()
	if err != nil {
		return nil, err
	}
	return render(stagingSet, cr, ct, cg, legacy)
}

func (g *generator) releaseTable(path string, minMinor int, staging map[string]bool) ([]release, error) {
	vs, err := g.Releases(path, minMinor)
	if err != nil {
		return nil, err
	}
	out := make([]release, len(vs))
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
		sem  = make(chan struct{}, 6)
	)
	for i, v := range vs {
		wg.Add(1)
		go func(i int, v string) {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			data, err := g.Mod(path, v)
			if err == nil && data == nil {
				err = fmt.Errorf("%s@%s: go.mod not found", path, v)
			}
			var r release
			if err == nil {
				r.version = v
				r.goVersion, r.k8s, err = Extract(data, staging)
			}
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Errorf("%s@%s: %v", path, v, err))
				return
			}
			out[i] = r
		}(i, v)
	}
	wg.Wait()
	if len(errs) > 0 {
		return nil, errs[0]
	}
	log.Printf("%s: %d releases, %s to %s", path, len(out), vs[0], vs[len(vs)-1])
	return out, nil
}

func render(staging map[string]bool, cr, ct, cg []release, legacy map[string]int) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by tools/versionskewgen from the Go module proxy; DO NOT EDIT.\n")
	b.WriteString("// Refresh: go generate ./internal/versiontable\n\n")
	b.WriteString("package versiontable\n\n")
	b.WriteString("// Staging lists the k8s.io modules published from the Kubernetes staging tree.\n")
	b.WriteString("var Staging = []string{\n")
	var names []string
	for s := range staging {
		names = append(names, s)
	}
	sort.Strings(names)
	for _, s := range names {
		fmt.Fprintf(&b, "%q,\n", s)
	}
	b.WriteString("}\n\n")
	writeReleases := func(name, doc string, rels []release) {
		fmt.Fprintf(&b, "// %s %s\nvar %s = []Release{\n", name, doc, name)
		for _, r := range rels {
			fmt.Fprintf(&b, "{Version: %q, Go: %q, K8s: []Req{", r.version, r.goVersion)
			for i, q := range r.k8s {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "{%q, %q}", q[0], q[1])
			}
			b.WriteString("}},\n")
		}
		b.WriteString("}\n\n")
	}
	writeReleases("ControllerRuntime", "lists every sigs.k8s.io/controller-runtime release with its go directive and k8s.io requirements.", cr)
	writeReleases("ControllerTools", "lists every sigs.k8s.io/controller-tools release with its go directive and k8s.io requirements.", ct)
	b.WriteString("// ClientGo lists the go directive of every k8s.io/client-go v0.x release.\nvar ClientGo = []GoDirective{\n")
	for _, r := range cg {
		fmt.Fprintf(&b, "{%q, %q},\n", r.version, r.goVersion)
	}
	b.WriteString("}\n\n")
	b.WriteString("// Retracted lists the obsolete pre-module k8s.io/client-go tags (retracted on client-go master in 2021) and their Kubernetes minors.\nvar Retracted = []Legacy{\n")
	var lv []string
	for v := range legacy {
		lv = append(lv, v)
	}
	sort.Slice(lv, func(i, j int) bool { return semver.Compare(lv[i], lv[j]) < 0 })
	for _, v := range lv {
		fmt.Fprintf(&b, "{%q, %d},\n", v, legacy[v])
	}
	b.WriteString("}\n")
	return format.Source(b.Bytes())
}
