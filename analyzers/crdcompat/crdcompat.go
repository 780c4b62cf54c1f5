package crdcompat

import (
	_ "embed"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/crdschema"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/passes/crdkinds"
	"github.com/opvet/opvet/passes/markerindex"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "crdcompat"

// Config is the check's configuration.
type Config struct {
	// Base is the git revision to compare with; "" picks the newest
	// release tag reachable from HEAD.
	Base string `json:"base" help:"git revision (a tag such as v1.4.0) whose API the current one must stay compatible with; default: the newest release tag vX.Y.Z reachable from HEAD, not HEAD's own; at a commit tagged with a version, the highest release below it"`
	// Allow lists Kind or Kind.path entries whose changes are accepted.
	Allow []string `json:"allow" help:"comma-separated Kind or Kind.path entries (Widget.spec.size) whose breaking changes are accepted on purpose, with what lies below them"`
	// SkipPrerelease leaves out versions whose name contains alpha.
	SkipPrerelease bool `json:"skip-prerelease" help:"leave out API versions whose name contains alpha, which promise no compatibility"`
}

// allowRE is the form of an allow entry: a kind, then JSON path elements
// ([*] for list items, * for map values).
var allowRE = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*(\.([A-Za-z0-9_$-]+|\*)(\[\*\])?)*$`)

// Validate reports the first invalid value of cfg.
func (cfg Config) Validate() error {
	if b := cfg.Base; b != "" && (strings.HasPrefix(b, "-") || strings.ContainsFunc(b, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) || strings.Contains(b, "..")) {
		return fmt.Errorf("base: %q is not a git revision (write a tag, branch or commit such as v1.4.0)", b)
	}
	for _, a := range cfg.Allow {
		if !allowRE.MatchString(strings.TrimSpace(a)) {
			return fmt.Errorf("allow: %q is not Kind or Kind.path (write e.g. Widget.spec.size or Widget.spec.items[*].name)", a)
		}
	}
	return nil
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{SkipPrerelease: true} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Requires: []*analysis.Analyzer{crdkinds.Analyzer, markerindex.Analyzer},
	Run: func(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
		return run(pass, rep, cfg, userCache())
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// checker holds one pass's comparison of its kinds with the base.
type checker struct {
	pass  *analysis.Pass
	rep   *report.Reporter
	cfg   Config
	group *crdkinds.Group
	base  *resolution
	kinds []*baseKind // the base's kinds of the group, in this module
	rel   string      // the package's directory, relative to the repository
	build *crdkinds.SchemaBuilder
}

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config, c cache) error {
	g, _ := pass.ResultOf[crdkinds.Analyzer].(*crdkinds.Group)
	if g == nil {
		return nil
	}
	idx, _ := pass.ResultOf[markerindex.Analyzer].(*markerindex.Index)
	reportReasonless(rep, idx)
	root := modtree.Root(g.Dir)
	if root == "" {
		return nil
	}
	mod := modulePath(root)
	r := findRepo(root)
	if r == nil {
		rep.Note("%s is not in a git work tree, so its CRDs were not compared with a release", mod)
		return nil
	}
	res, err := resolve(c, r, cfg.Base)
	if err != nil {
		return err
	}
	if res.Silent != "" {
		rep.Note("%s, so the CRDs of %s were not compared with a release (a shallow clone has no tags: fetch them, or set crdcompat's base)", res.Silent, mod)
		return nil
	}
	rep.Note("the CRDs of %s are compared with %s (%.12s)", mod, res.Ref, res.Commit)
	kinds, err := loadBase(c, r, res.Commit, g.Name)
	if err != nil {
		return fmt.Errorf("reading %s at %s: %w", r.top, res.Ref, err)
	}
	ck := &checker{pass: pass, rep: rep, cfg: cfg, group: g, base: res, rel: relPath(r.top, g.Dir)}
	ck.kinds = inModules(kinds, moduleDirs(r.top, root))
	ck.build = &crdkinds.SchemaBuilder{Universe: newDiskUniverse(g, root), Local: g.Current}
	for _, name := range sortedNames(g.Current.Kinds) {
		ck.checkKind(name)
	}
	ck.checkRemovedKinds()
	return nil
}

// reportReasonless reports +opvet:compat:allow markers without a reason,
// which allow nothing.
func reportReasonless(rep *report.Reporter, idx *markerindex.Index) {
	if idx == nil {
		return
	}
	for _, m := range idx.All {
		if m.Name == crdkinds.AllowMarker && strings.TrimSpace(m.Value) == "" {
			rep.Report(analysis.Diagnostic{Pos: annotated(m),
				Message: "+opvet:compat:allow has no reason, so it allows nothing; write +opvet:compat:allow=<why the change is safe>"})
		}
	}
}

// annotated is the name of the field or type a marker annotates, or the
// marker itself.
func annotated(m *markerindex.Marker) token.Pos {
	switch n := m.Node.(type) {
	case *ast.Field:
		if len(n.Names) > 0 {
			return n.Names[0].Pos()
		}
		return n.Type.Pos()
	case *ast.TypeSpec:
		return n.Name.Pos()
	}
	return m.Pos
}

// modulePath is the module path of the go.mod in root, or root.
func modulePath(root string) string {
	if data, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
		if mp := modfile.ModulePath(data); mp != "" {
			return mp
		}
	}
	return root
}

func relPath(top, dir string) string {
	rel, err := filepath.Rel(top, dir)
	if err != nil {
		return filepath.ToSlash(dir)
	}
	return filepath.ToSlash(rel)
}

// moduleDirs are the repository-relative directories of the module that
// holds the package and of the module enclosing it (an API module nested
// in its operator's module ships its CRDs from the outer one).
func moduleDirs(top, root string) []string {
	dirs := []string{relPath(top, root)}
	if outer := modtree.Root(filepath.Dir(root)); outer != "" && strings.HasPrefix(outer+string(filepath.Separator), top+string(filepath.Separator)) {
		dirs = append(dirs, relPath(top, outer))
	}
	return dirs
}

// inModules keeps the base kinds that lie in one of the modules dirs
// (not in a module nested deeper).
func inModules(kinds []*baseKind, dirs []string) []*baseKind {
	var out []*baseKind
	for _, k := range kinds {
		for _, d := range dirs {
			if k.Module == d {
				out = append(out, k)
				break
			}
		}
	}
	return out
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// baseOf returns the base kind named name nearest to the package, or nil.
func (c *checker) baseOf(name string) *baseKind {
	var best *baseKind
	depth := -1
	for _, k := range c.kinds {
		if k.Kind != name {
			continue
		}
		if d := commonDepth(k.Dir, c.rel); d > depth {
			best, depth = k, d
		}
	}
	return best
}

// commonDepth counts the leading path elements that a and b share.
func commonDepth(a, b string) int {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
}

// skipVersion reports whether findings about version are left out.
func (c *checker) skipVersion(version string) bool {
	return c.cfg.SkipPrerelease && strings.Contains(version, "alpha")
}

// allowed reports whether the allow option accepts changes of kind at
// path ("" for the kind as a whole).
func (c *checker) allowed(kind, path string) bool {
	full := kind
	if path != "" {
		full += "." + path
	}
	for _, a := range c.cfg.Allow {
		a = strings.TrimSpace(a)
		if full == a || strings.HasPrefix(full, a+".") || strings.HasPrefix(full, a+"[") {
			return true
		}
	}
	return false
}

// checkKind compares the kind name of the current package with the base.
func (c *checker) checkKind(name string) {
	bk := c.baseOf(name)
	cur := c.group.Current.Kinds[name]
	if cur == nil {
		return
	}
	if bk == nil {
		c.rep.Note("%s.%s is new since %s: nothing to compare", name, c.group.Name, c.base.Ref)
		return
	}
	kvs := c.group.Of(name)
	if len(kvs) > 0 && kvs[0] == cur && !c.kindAllowed(cur) {
		c.checkKindLevel(bk, kvs)
	}
	bv := bk.version(cur.Pkg.Version)
	if bv == nil || !bv.Served || c.skipVersion(bv.Name) {
		return
	}
	if cur.Unserved {
		c.reportKind(cur, "%s %s (against %s): the version is no longer served (+kubebuilder:unservedversion), so every client and manifest that still uses %s gets NotFound; keep serving it, deprecated (+kubebuilder:deprecatedversion), until users have moved",
			name, bv.Name, c.base.Ref, bv.Name)
	}
	if bv.Schema == nil {
		return
	}
	if c.kindAllowed(cur) {
		return
	}
	newComparer := func() *comparer {
		return &comparer{kind: name, version: bv.Name, ref: c.base.Ref, generator: bk.Generator, fallback: cur.Spec.Name.Pos(),
			byKey: map[string]*finding{}, allowed: func(path string) bool { return c.allowed(name, path) }}
	}
	current := c.build.KindSchema(cur)
	cmp := newComparer()
	if bv.GoSchema != nil {
		// The changes of the Go source that the manifest shows too: the
		// manifest says what was served, the Go source what changed
		// (and under which Go field, for a rename).
		manifest := newComparer()
		manifest.walk(bv.Schema, current, "", 0)
		cmp.confirm = manifest.reported()
		cmp.walk(bv.GoSchema, current, "", 0)
	} else {
		cmp.walk(bv.Schema, current, "", 0)
	}
	for _, f := range cmp.order {
		c.rep.Report(analysis.Diagnostic{Pos: f.pos, Message: cmp.message(f)})
	}
}

// kindAllowed reports whether the kind's type carries
// +opvet:compat:allow=<reason>.
func (c *checker) kindAllowed(kv *crdkinds.Kind) bool {
	m := markerindex.Find(kv.Markers, crdkinds.AllowMarker)
	return m != nil && strings.TrimSpace(m.Value) != ""
}

// reportKind reports at the kind's type name unless the allow option
// names the kind.
func (c *checker) reportKind(kv *crdkinds.Kind, format string, args ...any) {
	if c.allowed(kv.Name, "") {
		return
	}
	c.rep.Report(analysis.Diagnostic{Pos: kv.Spec.Name.Pos(), End: kv.Spec.Name.End(), Message: fmt.Sprintf(format, args...)})
}

// checkKindLevel compares what concerns the CRD as a whole, from the
// package of the kind's highest version: versions gone, the storage
// version, scope and plural.
func (c *checker) checkKindLevel(bk *baseKind, kvs []*crdkinds.Kind) {
	top := kvs[0]
	have := map[string]*crdkinds.Kind{}
	for _, kv := range kvs {
		have[kv.Pkg.Version] = kv
	}
	for _, bv := range bk.Versions {
		if have[bv.Name] != nil || c.skipVersion(bv.Name) || (!bv.Served && !bv.Storage) ||
			c.declaredBeside(bv.Name, top.Name) || crdkinds.DefinedElsewhere(c.group.Dir, c.group.Name, bv.Name, top.Name) {
			continue
		}
		effect := "every client and manifest that still uses " + bv.Name + " gets NotFound"
		if bv.Storage {
			effect = "objects stored in " + bv.Name + ", its storage version there, can no longer be read, and the CRD update fails while status.storedVersions lists it"
		}
		c.reportKind(top, "%s %s (against %s): the version is gone (no Go type defines it), so %s; keep the version, unserved (+kubebuilder:unservedversion) once no client uses it, until stored objects are migrated",
			top.Name, bv.Name, c.base.Ref, effect)
	}
	c.checkStorage(bk, kvs)
	res := crdkinds.ResourceOf(top)
	// A manifest's scope is compared with an explicit one only: without a
	// marker the CRD may be written by hand.
	if bk.Scope != "" && res.Scope != bk.Scope && (res.ScopeExplicit || !bk.Manifest) {
		c.reportKind(top, "%s (against %s): the scope changed from %s to %s, so the API server rejects the CRD update (spec.scope is immutable) and existing objects cannot move; keep the scope, or define a new kind",
			top.Name, c.base.Ref, bk.Scope, res.Scope)
	}
	// A manifest's plural is controller-gen's inflection, which
	// crdkinds.Plural only approximates: compared with an explicit one.
	if bk.Plural != "" && res.Plural != bk.Plural && (res.Explicit || !bk.Manifest) {
		c.reportKind(top, "%s (against %s): the plural changed from %s to %s, so the CRD gets a new name (%s.%s), the old CRD and the users' objects stay behind, and clients of the old resource path get NotFound; keep the plural (+kubebuilder:resource:path=%s)",
			top.Name, c.base.Ref, bk.Plural, res.Plural, res.Plural, c.group.Name, bk.Plural)
	}
}

// checkStorage reports a storage version that moved without conversion.
func (c *checker) checkStorage(bk *baseKind, kvs []*crdkinds.Kind) {
	old := bk.storage()
	cur := storageVersion(kvs)
	if old == "" || cur == nil || cur.Pkg.Version == old || crdkinds.Converts(kvs) || c.skipVersion(old) {
		return
	}
	var oldKind *crdkinds.Kind
	for _, kv := range kvs {
		if kv.Pkg.Version == old {
			oldKind = kv
		}
	}
	if oldKind == nil {
		return // the version is gone: reported above
	}
	b := &crdkinds.SchemaBuilder{Universe: c.build.Universe}
	if sameSchema(b.KindSchema(oldKind), b.KindSchema(cur)) {
		return
	}
	c.reportKind(kvs[0], "%s (against %s): the storage version moved from %s to %s but no conversion is defined, so objects stored in %s are served as %s with only apiVersion rewritten, and the fields that differ are lost or fail validation; implement conversion (Hub and conversion.Convertible with a webhook), or keep storing %s",
		kvs[0].Name, c.base.Ref, old, cur.Pkg.Version, old, cur.Pkg.Version, old)
}

// sameSchema compares two schemas both ways: no breaking change from one
// to the other.
func sameSchema(a, b *crdschema.Schema) bool {
	if a == nil || b == nil {
		return a == b
	}
	quiet := func(x, y *crdschema.Schema) bool {
		cmp := &comparer{byKey: map[string]*finding{}, allowed: func(string) bool { return false }}
		cmp.walk(x, y, "", 0)
		return len(cmp.order) == 0
	}
	return quiet(a, b) && quiet(b, a)
}

// checkRemovedKinds reports kinds of the base's group that no Go type of
// the module defines any more, from the package of the group's highest
// version: a kind renamed (one kind gone, one new) at the new kind, a kind
// removed at the package clause.
func (c *checker) checkRemovedKinds() {
	if !c.highestVersion() {
		return
	}
	var gone []*baseKind
	seen := map[string]bool{}
	for _, k := range c.kinds {
		if seen[k.Kind] || !c.siblingOf(k) || c.definedNow(k) {
			continue
		}
		seen[k.Kind] = true
		if c.allowed(k.Kind, "") || !c.servedStable(k) {
			continue
		}
		gone = append(gone, k)
	}
	if len(gone) == 0 {
		return
	}
	var added []*crdkinds.Kind
	for _, name := range sortedNames(c.group.Current.Kinds) {
		if c.baseOf(name) == nil {
			added = append(added, c.group.Current.Kinds[name])
		}
	}
	if len(gone) == 1 && len(added) == 1 {
		c.reportKind(added[0], "%s (against %s): %s replaces the kind %s, so the users' %s objects and their CRD are left behind and every client of %s gets NotFound; keep %s (deprecated) beside %s",
			added[0].Name, c.base.Ref, added[0].Name, gone[0].Kind, gone[0].Kind, gone[0].Kind, gone[0].Kind, added[0].Name)
		return
	}
	pos := c.packagePos()
	for _, k := range gone {
		c.rep.Report(analysis.Diagnostic{Pos: pos, Message: fmt.Sprintf(
			"the kind %s of %s (against %s) is gone (no Go type defines it), so the users' %s objects and their CRD are left behind and every client of %s gets NotFound; keep the kind, deprecated, until users have moved",
			k.Kind, c.group.Name, c.base.Ref, k.Kind, k.Kind)})
	}
}

// siblingOf reports whether the base declared k in a version directory
// beside the package's (api/v1 for api/v1beta1): the kinds that the
// package's group of versions is answerable for.
func (c *checker) siblingOf(k *baseKind) bool {
	parent := path.Dir(c.rel)
	for _, d := range k.GoDirs {
		if path.Dir(d) == parent {
			return true
		}
	}
	return false
}

// definedNow reports whether some version of the base kind is defined in
// the module now.
func (c *checker) definedNow(k *baseKind) bool {
	if len(c.group.Of(k.Kind)) > 0 {
		return true
	}
	for _, v := range k.Versions {
		if c.declaredBeside(v.Name, k.Kind) || crdkinds.DefinedElsewhere(c.group.Dir, c.group.Name, v.Name, k.Kind) {
			return true
		}
	}
	return false
}

// declaredBeside reports whether the sibling version directory of the
// package declares a root type named kind that crdkinds does not take for
// a kind: `type Gateway v1.Gateway` with +kubebuilder:object:root, which
// controller-gen serves as a version of the v1 kind's CRD.
func (c *checker) declaredBeside(version, kind string) bool {
	dir := filepath.Join(filepath.Dir(c.group.Dir), version)
	p := crdkinds.LazyPackage(token.NewFileSet(), "", dir)
	return p != nil && p.DeclaresRoot(kind)
}

// servedStable reports whether the base served k in a version that the
// check does not skip.
func (c *checker) servedStable(k *baseKind) bool {
	for _, v := range k.Versions {
		if v.Served && !c.skipVersion(v.Name) {
			return true
		}
	}
	return false
}

// highestVersion reports whether the package is the group's highest
// version, which reports findings about the group as a whole.
func (c *checker) highestVersion() bool {
	for _, p := range c.group.Versions {
		if !p.Current && crdkinds.VersionLess(p.Version, c.group.Current.Version) {
			return false
		}
	}
	return true
}

// packagePos is the package clause of the package's first file.
func (c *checker) packagePos() token.Pos {
	var files []*ast.File
	files = append(files, c.group.Current.Files...)
	sort.Slice(files, func(i, j int) bool {
		return c.pass.Fset.File(files[i].Pos()).Name() < c.pass.Fset.File(files[j].Pos()).Name()
	})
	if len(files) == 0 {
		return token.NoPos
	}
	return files[0].Name.Pos()
}

// resolution is what the base option names.
type resolution struct {
	Ref    string `json:"ref,omitempty"`
	Commit string `json:"commit,omitempty"`
	// Silent says why there is no base (no release tag), or "".
	Silent string `json:"silent,omitempty"`
}

// resolve finds the base commit, once per state of HEAD and the refs.
func resolve(c cache, r *repo, base string) (*resolution, error) {
	head, ok := r.head()
	if !ok {
		h, err := r.headByGit()
		if err != nil {
			return &resolution{Silent: "no commit checked out"}, nil
		}
		head = h
	}
	var res resolution
	err := c.get("resolve-"+key(r.top, head, base, r.refsState(base)), &res, func() (any, map[string]any, error) {
		if base != "" {
			commit, err := r.commitOf(base)
			return resolution{Ref: base, Commit: commit}, nil, err
		}
		tag, commit, err := r.newestTag(head)
		if errors.Is(err, errNoTag) {
			return resolution{Silent: err.Error()}, nil, nil
		}
		return resolution{Ref: tag, Commit: commit}, nil, err
	})
	return &res, err
}

// baseIndex is the cache entry that says a base commit was read; the
// kinds of each group are entries of their own.
type baseIndex struct {
	Groups []string `json:"groups"`
}

// baseGroup is the cache entry of one group's kinds at a base commit.
type baseGroup struct {
	Kinds []*baseKind `json:"kinds"`
}

// loadBase returns the kinds of group at commit, reading the repository
// once per commit for every package and process.
func loadBase(c cache, r *repo, commit, group string) ([]*baseKind, error) {
	groupEntry := "base-" + key(commit, group)
	var g baseGroup
	if c.read(groupEntry, &g) {
		return g.Kinds, nil
	}
	var built *baseModel
	var idx baseIndex
	err := c.get("base-"+key(commit), &idx, func() (any, map[string]any, error) {
		m, err := extractBase(r, commit)
		if err != nil {
			return nil, nil, err
		}
		built = m
		groups := map[string]*baseGroup{}
		for _, k := range m.Kinds {
			if groups[k.Group] == nil {
				groups[k.Group] = &baseGroup{}
			}
			groups[k.Group].Kinds = append(groups[k.Group].Kinds, k)
		}
		extra := map[string]any{}
		var names []string
		for name, bg := range groups {
			extra["base-"+key(commit, name)] = bg
			names = append(names, name)
		}
		sort.Strings(names)
		return baseIndex{Groups: names}, extra, nil
	})
	if err != nil {
		return nil, err
	}
	if built != nil {
		return roundTrip(built, group)
	}
	if c.read(groupEntry, &g) {
		return g.Kinds, nil
	}
	return nil, nil // the base has no kind of the group
}

// roundTrip returns the kinds of group of a model just built, as the
// cache would give them (the Go positions dropped).
func roundTrip(m *baseModel, group string) ([]*baseKind, error) {
	bg := &baseGroup{}
	for _, k := range m.Kinds {
		if k.Group == group {
			bg.Kinds = append(bg.Kinds, k)
		}
	}
	var out baseGroup
	err := buildInto(&out, func() (any, map[string]any, error) { return bg, nil, nil })
	return out.Kinds, err
}
