package crdmanifests

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
	"golang.org/x/mod/semver"
	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/crdschema"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/internal/runcache"
	"github.com/opvet/opvet/passes/crdkinds"
	"github.com/opvet/opvet/passes/markerindex"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "crdmanifests"

// Config is the check's configuration.
type Config struct {
	// RemovedFields reports schema properties that the Go type no longer
	// has.
	RemovedFields bool `json:"removed-fields" help:"also report properties of a served version's schema that the Go type no longer has (a stale manifest or a breaking API change)"`
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Requires: []*analysis.Analyzer{crdkinds.Analyzer, markerindex.Analyzer, runcachepass.Analyzer},
	Run: func(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
		run(pass, rep, cfg)
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// checker holds one pass's view of its kinds and their manifests.
type checker struct {
	pass    *analysis.Pass
	rep     *report.Reporter
	cfg     Config
	group   *crdkinds.Group
	markers *markerindex.Index
}

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) {
	g, _ := pass.ResultOf[crdkinds.Analyzer].(*crdkinds.Group)
	if g == nil {
		return
	}
	idx, _ := pass.ResultOf[markerindex.Analyzer].(*markerindex.Index)
	c := &checker{pass: pass, rep: rep, cfg: cfg, group: g, markers: idx}
	names := make([]string, 0, len(g.Current.Kinds))
	for name := range g.Current.Kinds {
		names = append(names, name)
	}
	sort.Strings(names)
	cur, gen := g.Current.Version, generatedName(g.Current)
	keep := func(v string) bool { return v == cur || v == gen }
	all := crdschema.FindManifestsKeeping(g.Dir, g.Name, keep, names, runcachepass.Of(pass))
	if len(all) == 0 {
		return // no manifest in the module: it may be generated at release time
	}
	all = shipped(all, g.Dir)
	cache := runcachepass.Of(pass)
	if cache == nil {
		cache = runcache.New() // per-package drivers: one search per chart in this package, not one per kind
	}
	for _, name := range names {
		near := nearest(withoutAbandonedCharts(current(withoutOrphans(ofKind(all, name))), cache), name, g.Dir)
		for _, m := range near {
			c.checkKind(name, m, near)
		}
	}
}

// shipped leaves out the manifests that lie in a test directory (test,
// tests, testing, e2e, or a name such as upgrade-test or e2e-data) or a
// documentation directory (docs, design, proposals, ...) when the Go
// types do not: an upgrade or end-to-end test keeps copies of old
// releases' manifests on purpose, to install the old API first, a design
// document keeps the CRDs of its proof of concept (velero's
// design/CLI/PoC/base/CRDs.yaml), and users never install either. When
// every manifest of the group lies there, the repository ships none: they
// are another project's CRDs, copied for envtest next to the module's own
// client-side types or conversion hub of that API
// (cluster-api-provider-vsphere's config/deployments/integration-tests/crds
// of vm-operator), and none is compared. Types that are themselves test
// fixtures (test/t1/v1) keep their test manifests.
func shipped(all []*crdschema.Manifest, dir string) []*crdschema.Manifest {
	if rel, err := filepath.Rel(modtree.Root(dir), dir); err != nil || notShipped(filepath.Join(rel, "x")) {
		return all
	}
	var out []*crdschema.Manifest
	for _, m := range all {
		if !notShipped(m.Rel) {
			out = append(out, m)
		}
	}
	return out
}

// notShipped reports whether a directory of the path is named for tests
// or for documentation.
func notShipped(p string) bool {
	return inTestDir(p) || inDocsDir(p)
}

// inDocsDir reports whether a directory of the path is named for
// documentation: docs, doc, design, designs, proposals, enhancements,
// site or website.
func inDocsDir(p string) bool {
	for _, e := range strings.Split(filepath.ToSlash(filepath.Dir(p)), "/") {
		switch strings.ToLower(e) {
		case "docs", "doc", "design", "designs", "proposal", "proposals", "enhancements", "site", "website":
			return true
		}
	}
	return false
}

// withoutOrphans leaves out of ms, the manifests of one kind, those that
// the kustomization of their own directory does not list, when another
// of ms is not such an orphan: kustomize builds only what a kustomization
// lists, so a stale manifest left beside one (security-profiles-operator's
// deploy/base-crds/crd.yaml, next to a kustomization.yaml that lists
// crds/*.yaml) is installed by no one. A manifest in a directory without
// a kustomization may be applied directly and is kept.
func withoutOrphans(ms []*crdschema.Manifest) []*crdschema.Manifest {
	if len(ms) < 2 {
		return ms
	}
	return unlessAll(ms, orphan)
}

// unlessAll returns ms without those that drop accepts, or ms itself when
// it accepts them all: some manifest of the kind is the one users install.
func unlessAll(ms []*crdschema.Manifest, drop func(*crdschema.Manifest) bool) []*crdschema.Manifest {
	var kept []*crdschema.Manifest
	for _, m := range ms {
		if !drop(m) {
			kept = append(kept, m)
		}
	}
	if len(kept) == 0 {
		return ms
	}
	return kept
}

// orphan reports whether m's directory holds a kustomization that lists
// neither m's file nor, in the directory above, one that lists it.
func orphan(m *crdschema.Manifest) bool {
	file := filepath.Join(m.Dir, filepath.Base(m.Rel))
	if _, ok := kustomizationEntries(m.Dir); !ok {
		return false
	}
	return !listedBy(m.Dir, file) && !listedBy(filepath.Dir(m.Dir), file)
}

// listedBy reports whether the kustomization of dir lists file.
func listedBy(dir, file string) bool {
	entries, _ := kustomizationEntries(dir)
	return slices.ContainsFunc(entries, func(e string) bool { return filepath.Join(dir, filepath.FromSlash(e)) == file })
}

// kustomizationEntries returns the resources, crds, bases and components
// that the kustomization file of dir lists; false when dir has none or it
// does not parse (then nothing is known of what it lists).
func kustomizationEntries(dir string) ([]string, bool) {
	for _, name := range []string{"kustomization.yaml", "kustomization.yml", "Kustomization"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			continue
		}
		var k struct {
			Resources, Crds, Bases, Components []string
		}
		if yaml.Unmarshal(data, &k) != nil {
			return nil, false
		}
		return slices.Concat(k.Resources, k.Crds, k.Bases, k.Components), true
	}
	return nil, false
}

// ofKind returns the manifests of kind.
func ofKind(all []*crdschema.Manifest, kind string) []*crdschema.Manifest {
	var out []*crdschema.Manifest
	for _, m := range all {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

// current leaves out the manifests of a kind kept in a directory per release
// (operator-sdk's deploy/olm-catalog/<name>/<version>/, an OLM bundle
// history such as deploy/csv/redhat/1.4.0/manifests): those are the
// CRDs of releases already made, frozen, and users of this one install
// the manifests outside them. When every manifest lies in such a
// directory, those of the highest release are the current ones.
func current(all []*crdschema.Manifest) []*crdschema.Manifest {
	var outside []*crdschema.Manifest
	newest := ""
	for _, m := range all {
		v := releaseDir(m.Rel)
		if v == "" {
			outside = append(outside, m)
		} else if newest == "" || semver.Compare(v, newest) > 0 {
			newest = v
		}
	}
	if len(outside) > 0 || newest == "" {
		return outside
	}
	var out []*crdschema.Manifest
	for _, m := range all {
		if semver.Compare(releaseDir(m.Rel), newest) == 0 {
			out = append(out, m)
		}
	}
	return out
}

// releaseDir returns, as a semantic version, the last directory of the
// path p named for a release (1.4.0, v0.3.1, 2.0): two or three numbers
// with dots, not an API version such as v1beta1; failing that, the
// release that the file's own name ends with (cloudnative-pg's
// releases/cnpg-1.25.0.yaml, the install manifest of each release kept in
// one directory); "" if there is none.
func releaseDir(p string) string {
	elems := strings.Split(filepath.ToSlash(filepath.Dir(p)), "/")
	for i := len(elems) - 1; i >= 0; i-- {
		if v := asRelease(elems[i]); v != "" {
			return v
		}
	}
	base := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
	if m := releaseSuffix.FindStringSubmatch(base); m != nil {
		return asRelease(m[1])
	}
	if m := underscoredRelease.FindStringSubmatch(base); m != nil {
		return asRelease(dotted(m))
	}
	return ""
}

// releaseSuffix matches a file name that ends with a release:
// name-1.2.3, name_v1.2, name-1.28.0-rc2.
var releaseSuffix = regexp.MustCompile(`[-_](v?[0-9]+\.[0-9]+(?:\.[0-9]+)?(?:-[0-9A-Za-z.]+)?)$`)

// underscoredRelease matches a release spelled with underscores in a file
// name (aws-load-balancer-controller's config/samples/install_v2_0_0_rc0.yaml):
// the numbers, then the pre-release.
var underscoredRelease = regexp.MustCompile(`[-_](v?[0-9]+)_([0-9]+)(?:_([0-9]+))?(?:[-_]([0-9A-Za-z]+))?$`)

// dotted spells a match of underscoredRelease as a release: v2.0.0-rc0.
func dotted(m []string) string {
	v := m[1] + "." + m[2]
	if m[3] != "" {
		v += "." + m[3]
	}
	if m[4] != "" {
		v += "-" + m[4]
	}
	return v
}

// asRelease returns s as a semantic version when it names a release (two
// or three numbers with dots), "" otherwise.
func asRelease(s string) string {
	v := s
	if !strings.HasPrefix(v, "v") {
		v = "v" + v
	}
	if strings.Count(v, ".") >= 1 && semver.IsValid(v) {
		return v
	}
	return ""
}

// inTestDir reports whether a directory of the path is named for tests.
func inTestDir(p string) bool {
	elems := strings.Split(filepath.ToSlash(filepath.Dir(p)), "/")
	for _, e := range elems {
		e = strings.ToLower(e)
		switch {
		case e == "test", e == "tests", e == "testing", e == "e2e",
			strings.HasPrefix(e, "e2e-"), strings.HasPrefix(e, "e2e_"),
			strings.HasSuffix(e, "-e2e"), strings.HasSuffix(e, "_e2e"),
			strings.HasSuffix(e, "-test"), strings.HasSuffix(e, "-tests"),
			strings.HasSuffix(e, "_test"), strings.HasSuffix(e, "_tests"):
			return true
		}
	}
	return false
}

// nearest returns the manifests of kind closest to dir in the directory
// tree: a module may hold several generations of a test CRD
// (test/t1/crd, test/t2/crd) next to their Go types. Manifests at the
// same distance (config/crd/bases and a Helm chart's crds/) are all
// returned: each ships.
func nearest(all []*crdschema.Manifest, kind, dir string) []*crdschema.Manifest {
	var out []*crdschema.Manifest
	best := -1
	for _, m := range all {
		if m.Kind != kind {
			continue
		}
		switch n := commonDepth(m.Dir, dir); {
		case n > best:
			best, out = n, []*crdschema.Manifest{m}
		case n == best:
			out = append(out, m)
		}
	}
	return out
}

// commonDepth counts the leading path elements that a and b share.
func commonDepth(a, b string) int {
	as := strings.Split(filepath.ToSlash(a), "/")
	bs := strings.Split(filepath.ToSlash(b), "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
}

// checkKind compares the kind name of the current package with m, one of
// the kind's manifests near.
func (c *checker) checkKind(name string, m *crdschema.Manifest, near []*crdschema.Manifest) {
	kvs := c.group.Of(name)
	cur := c.group.Current.Kinds[name]
	if len(kvs) == 0 || cur == nil {
		return
	}
	if kvs[0] == cur {
		c.checkManifest(kvs, m)
	}
	mv := m.Version(cur.Pkg.Version)
	if mv == nil && generatedName(cur.Pkg) != cur.Pkg.Version {
		mv = m.Version(generatedName(cur.Pkg))
	}
	if mv == nil {
		if leftOutOnPurpose(m, near, cur.Pkg.Version) {
			return
		}
		c.report(cur.Spec.Name, "%s %s is not a version of %s, so the API server answers every %s/%s request for %s with NotFound: the manifest predates the version; regenerate the manifests",
			name, cur.Pkg.Version, m.Rel, c.group.Name, cur.Pkg.Version, name)
		return
	}
	c.checkFlags(kvs, cur, m, mv)
	if m.Prunes && mv.Schema != nil && written(m, mv) {
		c.checkFields(cur, m, mv)
	}
}

// written reports whether objects are ever written through mv's schema:
// it is served, or it is the storage version of a CRD that serves another
// version. A version that is neither served nor stored (a retired one) is
// never the schema of a request, so what it lacks is pruned from nothing.
func written(m *crdschema.Manifest, mv *crdschema.Version) bool {
	if mv.Served {
		return true
	}
	return mv.Storage && slices.ContainsFunc(m.Versions, func(v *crdschema.Version) bool { return v.Served })
}

// generatedName is the version name controller-gen gives the package's
// kinds when no +versionName marker names one: the Go package name, which
// a package named for a test double (`package fake` with a GroupVersion
// variable of v1) does not share with its GroupVersion.
func generatedName(p *crdkinds.Package) string {
	if len(p.Files) == 0 || p.Markers != nil && markerindex.Find(p.Markers.Package(), "versionName") != nil {
		return p.Version
	}
	return p.Files[0].Name.Name
}

// leftOutOnPurpose reports whether m, which lacks version, is a variant
// of the kind's CRD that leaves the version out, not a manifest older than
// it: another manifest of the kind as near to the Go package has the
// version and stores the kind in the same version as m (prometheus-
// operator's default bundle leaves out the version that needs the
// conversion webhook, its full set has it). A manifest that predates a
// new storage version stores another one and stays reported.
func leftOutOnPurpose(m *crdschema.Manifest, near []*crdschema.Manifest, version string) bool {
	stored := storedVersion(m)
	if stored == "" {
		return false
	}
	for _, o := range near {
		if o != m && o.Version(version) != nil && storedVersion(o) == stored {
			return true
		}
	}
	return false
}

// checkManifest reports what concerns the manifest as a whole, once, from
// the package of the kind's highest version: an apiextensions.k8s.io/
// v1beta1 manifest, and served versions that no Go type defines.
func (c *checker) checkManifest(kvs []*crdkinds.Kind, m *crdschema.Manifest) {
	top := kvs[0]
	if m.V1beta1() {
		c.report(top.Spec.Name, "%s declares the %s CRD with apiextensions.k8s.io/v1beta1, which Kubernetes 1.22 removed, so applying it fails (no matches for kind \"CustomResourceDefinition\" in version \"apiextensions.k8s.io/v1beta1\"); regenerate it with controller-gen (crd:crdVersions=v1, the default)",
			m.Rel, top.Name)
	}
	have := map[string]bool{}
	for _, kv := range kvs {
		have[kv.Pkg.Version] = true
		have[generatedName(kv.Pkg)] = true
	}
	for _, mv := range m.Versions {
		if !mv.Served || have[mv.Name] || crdkinds.DefinedElsewhere(c.group.Dir, c.group.Name, mv.Name, top.Name) {
			continue
		}
		c.report(top.Spec.Name, "%s serves %s in version %s, which no Go type defines (or which is marked +kubebuilder:skipversion), so objects written in %s are stored and converted by nothing the controller knows; regenerate the manifests, or mark the version served: false until it is removed",
			m.Rel, top.Name, mv.Name, mv.Name)
	}
}

// checkFlags compares served, storage, deprecated and the status
// subresource of kv with its manifest version.
func (c *checker) checkFlags(kvs []*crdkinds.Kind, kv *crdkinds.Kind, m *crdschema.Manifest, mv *crdschema.Version) {
	if !fromMarkers(kv, m) {
		return // the flags follow no marker: their absence says nothing
	}
	name, ver := kv.Name, kv.Pkg.Version
	id := kv.Spec.Name
	if served := !kv.Unserved; served != mv.Served {
		if served {
			c.report(id, "%s %s is served (no +kubebuilder:unservedversion) but %s has served: false for it, so every request for %s %s fails with NotFound; regenerate the manifests", name, ver, m.Rel, ver, name)
		} else {
			c.report(id, "%s %s is marked +kubebuilder:unservedversion but %s still serves it, so clients keep reading and writing %s %s; regenerate the manifests", name, ver, m.Rel, ver, name)
		}
	}
	if storage, known := expectedStorage(kvs, kv); known && storage != mv.Storage {
		stored := storedVersion(m)
		if storage {
			c.report(id, "%s %s is the storage version (%s) but %s stores %s in %s, so the API server keeps writing objects in %s and removing that version later strands them; regenerate the manifests",
				name, ver, storageReason(kvs), m.Rel, name, firstNonEmpty(stored, "no version"), firstNonEmpty(stored, "no version"))
		} else {
			c.report(id, "%s %s is not the storage version (%s is marked +kubebuilder:storageversion) but %s has storage: true for it, so objects are stored in %s rather than %s; regenerate the manifests",
				name, ver, storageMarked(kvs), m.Rel, ver, storageMarked(kvs))
		}
	}
	if dep := crdkinds.Has(kv.Markers, "kubebuilder:deprecatedversion"); dep != mv.Deprecated {
		if dep {
			c.report(id, "%s %s is marked +kubebuilder:deprecatedversion but %s does not mark it deprecated, so clients of %s get no deprecation warning; regenerate the manifests", name, ver, m.Rel, ver)
		} else {
			c.report(id, "%s marks %s %s deprecated but the Go type has no +kubebuilder:deprecatedversion, so clients get warnings the code does not intend; regenerate the manifests", m.Rel, name, ver)
		}
	}
	// A type without a status field has no status to lose either way.
	if status := crdkinds.Has(kv.Markers, "kubebuilder:subresource:status"); status != mv.Status && c.hasStatusField(kv) {
		if status {
			c.report(id, "%s %s is marked +kubebuilder:subresource:status but %s has no status subresource for %s, so Status().Update and Status().Patch fail with NotFound and Update writes status as part of the object; regenerate the manifests", name, ver, m.Rel, ver)
		} else {
			c.report(id, "%s gives %s %s the status subresource but the Go type has no +kubebuilder:subresource:status, so the next regeneration drops it, and until then Update silently ignores status changes; add // +kubebuilder:subresource:status or regenerate the manifests", m.Rel, name, ver)
		}
	}
}

// fromMarkers reports whether the manifest m of kv is made from the
// markers of the Go types: controller-gen's annotation is on it, or the
// kind or its package carries kubebuilder markers. Types without any
// (client-gen's +genclient and deepcopy-gen's markers only) whose
// manifests are written by hand or by templates (clickhouse-operator)
// declare their served, storage, deprecated and status flags in the
// manifest alone.
func fromMarkers(kv *crdkinds.Kind, m *crdschema.Manifest) bool {
	if m.Generator != "" {
		return true
	}
	ms := kv.Markers
	if kv.Pkg != nil && kv.Pkg.Markers != nil {
		ms = append(slices.Clip(ms), kv.Pkg.Markers.Package()...)
	}
	for _, mk := range ms {
		if strings.HasPrefix(mk.Name, "kubebuilder:") {
			return true
		}
	}
	return false
}

// expectedStorage tells whether controller-gen makes kv the storage
// version: the only version, or the one marked +kubebuilder:storageversion.
// It is unknown when several versions are marked or none is (crdversions
// reports those).
func expectedStorage(kvs []*crdkinds.Kind, kv *crdkinds.Kind) (storage, known bool) {
	if len(kvs) == 1 {
		return true, true
	}
	var marked []*crdkinds.Kind
	for _, k := range kvs {
		if len(k.Storage) > 0 {
			marked = append(marked, k)
		}
	}
	if len(marked) != 1 {
		return false, false
	}
	return marked[0] == kv, true
}

func storageReason(kvs []*crdkinds.Kind) string {
	if len(kvs) == 1 {
		return "its only version"
	}
	return "marked +kubebuilder:storageversion"
}

func storageMarked(kvs []*crdkinds.Kind) string {
	for _, k := range kvs {
		if len(k.Storage) > 0 {
			return k.Pkg.Version
		}
	}
	return ""
}

// storedVersion is the version m stores, or "".
func storedVersion(m *crdschema.Manifest) string {
	for _, v := range m.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// report reports at the identifier id.
func (c *checker) report(id *ast.Ident, format string, args ...any) {
	c.rep.Report(analysis.Diagnostic{Pos: id.Pos(), End: id.End(), Message: fmt.Sprintf(format, args...)})
}

// reportPos reports at pos.
func (c *checker) reportPos(pos token.Pos, format string, args ...any) {
	c.rep.Report(analysis.Diagnostic{Pos: pos, Message: fmt.Sprintf(format, args...)})
}

// rootType returns the type of the kind name in the package under
// analysis, or nil.
func (c *checker) rootType(name string) types.Type {
	if c.pass.Pkg == nil {
		return nil
	}
	if tn, ok := c.pass.Pkg.Scope().Lookup(name).(*types.TypeName); ok {
		return tn.Type()
	}
	return nil
}

// hasStatusField reports whether kv's Go type has a field whose JSON name
// is status (or opvet cannot tell).
func (c *checker) hasStatusField(kv *crdkinds.Kind) bool {
	t := c.rootType(kv.Name)
	if t == nil {
		return true
	}
	st, ok := crdschema.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return true
	}
	fields, complete := crdschema.JSONFields(st)
	if !complete {
		return true
	}
	for _, f := range fields {
		if f.Name == "status" {
			return true
		}
	}
	return false
}
