package crdversions

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"

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
const Name = "crdversions"

// Config is the check's configuration. The check has no options.
type Config struct{}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Autofix:  true,
	Requires: []*analysis.Analyzer{crdkinds.Analyzer, runcachepass.Analyzer},
	Run: func(pass *analysis.Pass, rep *report.Reporter, _ Config) error {
		run(pass, rep)
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// checker holds one pass's view of its API group.
type checker struct {
	pass   *analysis.Pass
	rep    *report.Reporter
	dir    string
	group  string
	cur    *crdkinds.Package
	pkgs   []*crdkinds.Package
	byPath map[string]*crdkinds.Package
	scan   *moduleScan // lazily filled
	shared *sharedPackages
}

func run(pass *analysis.Pass, rep *report.Reporter) {
	g, _ := pass.ResultOf[crdkinds.Analyzer].(*crdkinds.Group)
	if g == nil || len(g.Versions) < 2 {
		return
	}
	c := &checker{pass: pass, rep: rep, dir: g.Dir, group: g.Name, cur: g.Current, pkgs: g.Versions,
		byPath: map[string]*crdkinds.Package{}}
	for _, p := range g.Versions {
		c.byPath[p.ImportPath] = p
	}
	c.shared = newSharedPackages(g.Dir)
	var foreign *bool // computed for the first kind without kubebuilder markers
	for _, name := range sortedKeys(g.Current.Kinds) {
		kvs := g.Of(name)
		if len(kvs) < 2 {
			continue
		}
		if !kubebuilderMarked(kvs) {
			if foreign == nil {
				f := definedElsewhere(g, runcachepass.Of(pass))
				foreign = &f
			}
			if *foreign {
				continue
			}
		}
		c.checkKind(newKind(name, kvs))
	}
}

// kubebuilderMarked reports whether some version of a kind carries a
// kubebuilder marker of its own (+kubebuilder:object:root,
// +kubebuilder:resource, ...): controller-gen makes its CRD.
func kubebuilderMarked(kvs []*crdkinds.Kind) bool {
	for _, kv := range kvs {
		for _, m := range kv.Markers {
			if strings.HasPrefix(m.Name, "kubebuilder:") {
				return true
			}
		}
	}
	return false
}

// definedElsewhere reports whether the group's CRDs belong to another
// project: the module keeps CRD manifests, and none of them defines the
// group. Its Go types are then a client's copy (client-gen types of AWS
// App Mesh or SMI, kept to talk to them), and the versions, storage
// version and conversion of the CRD are its owner's to define.
func definedElsewhere(g *crdkinds.Group, cache *runcache.Cache) bool {
	if len(crdschema.FindManifests(g.Dir, g.Name, "", nil, cache)) > 0 {
		return false
	}
	return len(crdschema.FindManifests(g.Dir, "", "", nil, cache)) > 0
}

// kind is one CRD kind with its versions, highest priority first.
type kind struct {
	name     string
	versions []*crdkinds.Kind
	conv     map[*crdkinds.Kind]convState
	hubs     []*crdkinds.Kind
	storage  []*crdkinds.Kind
}

func newKind(name string, kvs []*crdkinds.Kind) *kind {
	k := &kind{name: name, versions: kvs, conv: map[*crdkinds.Kind]convState{}}
	for _, kv := range kvs {
		cs := conversionOf(kv)
		k.conv[kv] = cs
		if cs.hub {
			k.hubs = append(k.hubs, kv)
		}
		if len(kv.Storage) > 0 {
			k.storage = append(k.storage, kv)
		}
	}
	return k
}

func (k *kind) versionNames() string {
	var vs []string
	for _, kv := range k.versions {
		vs = append(vs, kv.Pkg.Version)
	}
	return strings.Join(vs, ", ")
}

// hub is the version that conversion goes through: the storage version
// among several hubs, else the first hub; nil without a hub.
func (k *kind) hub() *crdkinds.Kind {
	for _, h := range k.hubs {
		if len(h.Storage) > 0 {
			return h
		}
	}
	if len(k.hubs) > 0 {
		return k.hubs[0]
	}
	return nil
}

// reference is the version the others are compared with: the hub, else
// the storage version, else the highest version.
func (k *kind) reference() *crdkinds.Kind {
	if h := k.hub(); h != nil {
		return h
	}
	if len(k.storage) > 0 {
		return k.storage[0]
	}
	return k.versions[0]
}

func (c *checker) checkKind(k *kind) {
	c.checkStorage(k)
	c.checkHubs(k)
	c.checkConversion(k)
	c.checkWebhook(k)
}

// checkStorage reports cases 1, 2 and 5: no storage version, several, or
// an unserved one.
func (c *checker) checkStorage(k *kind) {
	switch {
	case len(k.storage) == 0 && kubebuilderMarked(k.versions):
		// Without a kubebuilder marker the CRD is not controller-gen's
		// (a hand-written manifest sets its storage version).
		target := k.versions[0]
		if len(k.hubs) == 1 {
			target = k.hubs[0]
		}
		if !target.Pkg.Current {
			return
		}
		d := c.diag(target, "%s is served in versions %s but none is marked +kubebuilder:storageversion: controller-gen cannot generate a CRD without a storage version; add // +kubebuilder:storageversion to %s %s",
			k.name, k.versionNames(), target.Pkg.Version, k.name)
		if len(k.hubs) == 1 {
			d.SuggestedFixes = c.addStorageFix(target)
		}
		c.rep.Report(d)
	case len(k.storage) > 1:
		keep := k.storage[0]
		if h := k.hub(); h != nil && len(h.Storage) > 0 {
			keep = h
		}
		var vs []string
		for _, kv := range k.storage {
			vs = append(vs, kv.Pkg.Version)
		}
		for _, kv := range k.storage {
			if kv == keep || !kv.Pkg.Current {
				continue
			}
			d := c.diag(kv, "%s is marked +kubebuilder:storageversion in versions %s: the generated CRD has more than one storage version and the API server rejects it; keep the marker only on %s",
				k.name, strings.Join(vs, ", "), keep.Pkg.Version)
			d.SuggestedFixes = c.removeMarkersFix(kv.Storage)
			c.rep.Report(d)
		}
	}
	for _, kv := range k.storage {
		if kv.Unserved && kv.Pkg.Current {
			c.rep.Report(c.diag(kv, "%s %s is marked both +kubebuilder:storageversion and +kubebuilder:unservedversion: objects are stored in a version the API server does not serve; serve the storage version or move +kubebuilder:storageversion to a served version",
				k.name, kv.Pkg.Version))
		}
	}
}

// checkHubs reports several hubs and half-convertible spokes.
func (c *checker) checkHubs(k *kind) {
	hub := k.hub()
	for _, h := range k.hubs {
		if h != hub && h.Pkg.Current {
			c.rep.Report(c.diag(h, "%s declares Hub() in %s and %s: controller-runtime's conversion webhook fails every %s conversion with multiple hubs; keep Hub() only on %s and implement conversion.Convertible here",
				k.name, hub.Pkg.Version, h.Pkg.Version, k.name, hub.Pkg.Version))
		}
	}
	for _, kv := range k.versions {
		cs := k.conv[kv]
		if cs.hub || cs.own || !cs.partial() || !kv.Pkg.Current {
			continue
		}
		c.rep.Report(c.diag(kv, "%s %s %s, so it does not implement conversion.Convertible and controller-runtime's conversion webhook fails every %s conversion; declare ConvertTo(dst conversion.Hub) error and ConvertFrom(src conversion.Hub) error on *%s",
			k.name, kv.Pkg.Version, cs.problem, k.name, k.name))
	}
}

// checkConversion reports versions whose schemas differ without a
// conversion path (case 3).
func (c *checker) checkConversion(k *kind) {
	ref := k.reference()
	refSchema := schemaOf(ref, c.byPath, c.shared.lookup)
	diffs := map[*crdkinds.Kind]string{}
	var first *crdkinds.Kind
	retired := c.retiredVersions(k)
	for _, kv := range k.versions {
		if kv == ref {
			continue
		}
		// A retired version is neither read nor written: only objects an
		// earlier release stored in it are converted, so only what it has
		// and the reference lacks or types differently can be lost.
		if d := schemaDiff(refSchema, schemaOf(kv, c.byPath, c.shared.lookup), ref.Pkg.Version, kv.Pkg.Version, retired[kv]); d != "" {
			diffs[kv] = d
			if first == nil {
				first = kv
			}
		}
	}
	if first == nil || c.convertedWithoutHub(k) {
		return
	}
	hub := k.hub()
	if hub != nil {
		for _, kv := range k.versions {
			cs := k.conv[kv]
			if kv == hub || cs.hub || cs.convertible() || cs.partial() || diffs[kv] == "" || !kv.Pkg.Current {
				continue
			}
			if c.hubSpokeRegistered(k) {
				return
			}
			c.rep.Report(c.diag(kv, "%s %s differs from the hub %s (%s) but does not implement conversion.Convertible: controller-runtime's conversion webhook fails every %s conversion; declare ConvertTo(dst conversion.Hub) error and ConvertFrom(src conversion.Hub) error on *%s",
				k.name, kv.Pkg.Version, hub.Pkg.Version, diffs[first], k.name, k.name))
		}
		return
	}
	if !ref.Pkg.Current || c.hubSpokeRegistered(k) {
		return
	}
	effect := "objects read in the other version lose or mistype that field"
	if retired[first] {
		effect = "objects that an earlier release stored in " + first.Pkg.Version + " lose or mistype that field when read"
	}
	c.rep.Report(c.diag(ref, "%s differs between versions %s and %s (%s) but no conversion is defined: the API server only rewrites apiVersion, so %s; declare Hub() on %s %s and implement conversion.Convertible on the other versions",
		k.name, ref.Pkg.Version, first.Pkg.Version, diffs[first], effect, ref.Pkg.Version, k.name))
}

// retiredVersions are the versions of k that no client reads or writes
// and the API server stores nothing in: marked +kubebuilder:unservedversion
// and not +kubebuilder:storageversion or, for a kind whose manifests are
// not made from markers (no kubebuilder marker in any version), served:
// false and storage: false in every manifest of the kind that lists them.
func (c *checker) retiredVersions(k *kind) map[*crdkinds.Kind]bool {
	retired := map[*crdkinds.Kind]bool{}
	marked := kubebuilderMarked(k.versions)
	var ms []*crdschema.Manifest
	if !marked {
		ms = crdschema.FindManifests(c.dir, c.group, "", []string{k.name}, runcachepass.Of(c.pass))
	}
	for _, kv := range k.versions {
		if marked {
			retired[kv] = kv.Unserved && len(kv.Storage) == 0
		} else {
			retired[kv] = retiredIn(ms, kv.Pkg.Version)
		}
	}
	return retired
}

// retiredIn reports whether some manifest lists version and every one
// that does neither serves nor stores it.
func retiredIn(ms []*crdschema.Manifest, version string) bool {
	listed := false
	for _, m := range ms {
		if mv := m.Version(version); mv != nil {
			if mv.Served || mv.Storage {
				return false
			}
			listed = true
		}
	}
	return listed
}

// convertedWithoutHub reports whether a version of k is converted by
// conversion-gen's functions or by converters of the module's own
// protocol.
func (c *checker) convertedWithoutHub(k *kind) bool {
	for _, kv := range k.versions {
		if kv.Pkg.ConvGen || hasConvertFuncs(kv.Pkg, k.name) || k.conv[kv].own {
			return true
		}
	}
	return false
}

// hubSpokeRegistered reports whether the module (or, for a nested API
// module, the enclosing one) passes a version of k to
// conversion.NewHubSpokeConverter or NewSpokeConverter.
func (c *checker) hubSpokeRegistered(k *kind) bool {
	root := modtree.Root(c.dir)
	for _, r := range []string{root, modtree.Root(filepath.Dir(root))} {
		if r == "" {
			continue
		}
		ms := c.module(r)
		for _, ref := range ms.hubSpoke {
			if c.refersTo(ref, k) {
				return true
			}
		}
	}
	return false
}

// module returns the scan of the module at root, scanning the module of
// the current package once (once per run when the driver shares a memo).
func (c *checker) module(root string) *moduleScan {
	type scanKey struct{ root string }
	scan := func() *moduleScan {
		return runcache.Do(runcachepass.Of(c.pass), scanKey{root}, func() *moduleScan { return scanModule(root) })
	}
	if root == modtree.Root(c.dir) {
		if c.scan == nil {
			c.scan = scan()
		}
		return c.scan
	}
	return scan()
}

// refersTo reports whether ref may name a version of k: unresolved
// references do, so that the check stays silent.
func (c *checker) refersTo(ref objRef, k *kind) bool {
	if ref.name == "" {
		return true
	}
	if ref.name != k.name {
		return false
	}
	if ref.importPath == "" {
		return true
	}
	for _, kv := range k.versions {
		if kv.Pkg.ImportPath == ref.importPath {
			return true
		}
	}
	return false
}

// checkWebhook reports a Hub/Convertible kind whose conversion webhook is
// never registered in a module that runs a manager (case 4).
func (c *checker) checkWebhook(k *kind) {
	hub := k.hub()
	if hub == nil || len(k.hubs) != 1 || !hub.Pkg.Current {
		return
	}
	for _, kv := range k.versions {
		if kv != hub && !k.conv[kv].convertible() {
			return
		}
	}
	ms := c.module(modtree.Root(c.dir))
	if !ms.manager || ms.convert {
		return
	}
	for _, ref := range ms.webhooks {
		if c.refersTo(ref, k) || c.hubKind(ref) {
			return
		}
	}
	c.rep.Report(c.diag(hub, "%s is convertible (hub %s) but no code in this module registers its conversion webhook, so the API server's conversion requests for %s fail; call ctrl.NewWebhookManagedBy(mgr).For(&%s.%s{}).Complete() when setting up the manager",
		k.name, hub.Pkg.Version, k.name, hub.Pkg.Version, k.name))
}

// hubKind reports whether ref names another kind of the group that has a
// hub: registering its webhook serves /convert for every convertible type.
func (c *checker) hubKind(ref objRef) bool {
	for _, p := range c.pkgs {
		if ref.importPath != "" && ref.importPath != p.ImportPath {
			continue
		}
		if kv := p.Kinds[ref.name]; kv != nil && conversionOf(kv).hub {
			return true
		}
	}
	return false
}

// diag is a diagnostic at kv's type name.
func (c *checker) diag(kv *crdkinds.Kind, format string, args ...any) analysis.Diagnostic {
	return analysis.Diagnostic{Pos: kv.Spec.Name.Pos(), End: kv.Spec.Name.End(), Message: fmt.Sprintf(format, args...)}
}

// addStorageFix inserts the storage version marker above a top-level,
// ungrouped type declaration.
func (c *checker) addStorageFix(kv *crdkinds.Kind) []analysis.SuggestedFix {
	if kv.Decl.Lparen.IsValid() || c.pass.Fset.Position(kv.Decl.Pos()).Column != 1 {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message:   "Mark " + kv.Pkg.Version + " as the storage version",
		TextEdits: []analysis.TextEdit{{Pos: kv.Decl.Pos(), End: kv.Decl.Pos(), NewText: []byte("// +kubebuilder:storageversion\n")}},
	}}
}

// removeMarkersFix deletes the lines of the given marker comments.
func (c *checker) removeMarkersFix(ms []*markerindex.Marker) []analysis.SuggestedFix {
	var edits []analysis.TextEdit
	for _, m := range ms {
		tf := c.pass.Fset.File(m.Comment.Pos())
		if tf == nil {
			return nil
		}
		pos := tf.Position(m.Comment.Pos())
		if pos.Column != 1 || pos.Line >= tf.LineCount() {
			return nil
		}
		edits = append(edits, analysis.TextEdit{Pos: m.Comment.Pos(), End: tf.LineStart(pos.Line + 1)})
	}
	return []analysis.SuggestedFix{{Message: "Remove +kubebuilder:storageversion", TextEdits: edits}}
}
