package versionskew

import (
	"fmt"
	"go/version"
	"sort"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"

	"github.com/opvet/opvet/internal/versiontable"
)

// Finding is one go.mod finding, with byte offsets into the go.mod.
type Finding struct {
	Start, End int // the line to change
	Message    string
	Fix        *Fix // nil when no edit is mechanical
}

// Fix is a suggested go.mod edit.
type Fix struct {
	Message string
	Edits   []Edit
}

// Edit replaces data[Start:End] with New.
type Edit struct {
	Start, End int
	New        string
}

// selected is a module as this go.mod selects it, after replace
// directives: its version and the go.mod line that sets it.
type selected struct {
	path     string
	version  string // "" when replaced by a directory or a fork
	replaced bool   // a replace directive sets the version
	indirect bool   // required only by dependencies (// indirect), not replaced
	line     *modfile.Line
	verStart int // byte offsets of the version token; verEnd == 0 if not found
	verEnd   int
	order    int // source order, for deterministic output
}

// checker holds the state of one go.mod check.
type checker struct {
	data     []byte
	cfg      Config
	ignore   map[string]bool
	findings []Finding
}

// CheckModFile reports the skew findings of the parsed go.mod f whose content is
// data. It never panics on any parsed go.mod.
func CheckModFile(f *modfile.File, data []byte, cfg Config) []Finding {
	if f == nil {
		return nil
	}
	c := &checker{data: data, cfg: cfg, ignore: map[string]bool{}}
	for _, p := range cfg.Ignore {
		c.ignore[p] = true
	}
	sel := c.effective(f)
	c.run(f, sel)
	sort.SliceStable(c.findings, func(i, j int) bool { return c.findings[i].Start < c.findings[j].Start })
	return c.findings
}

// effective applies f's replace directives to its requirements.
func (c *checker) effective(f *modfile.File) map[string]*selected {
	sel := map[string]*selected{}
	for i, r := range f.Require {
		if r == nil || r.Syntax == nil || c.ignore[r.Mod.Path] {
			continue
		}
		s := &selected{path: r.Mod.Path, version: r.Mod.Version, line: r.Syntax, order: i, indirect: r.Indirect}
		var rep *modfile.Replace
		for _, x := range f.Replace {
			if x == nil || x.Syntax == nil || x.Old.Path != r.Mod.Path {
				continue
			}
			if x.Old.Version == r.Mod.Version || (x.Old.Version == "" && rep == nil) {
				rep = x
			}
		}
		if rep != nil {
			s.line, s.version, s.replaced, s.indirect = rep.Syntax, rep.New.Version, true, false
			if rep.New.Path != rep.Old.Path {
				s.version = "" // a fork: its versions say nothing of upstream's
			}
		}
		if s.version != "" {
			s.verStart, s.verEnd = c.versionSpan(s.line, s.version)
		}
		sel[s.path] = s
	}
	return sel
}

// versionSpan finds the byte offsets of the version token v on line.
func (c *checker) versionSpan(line *modfile.Line, v string) (int, int) {
	start, end := line.Start.Byte, line.End.Byte
	if start < 0 || end > len(c.data) || start >= end {
		return 0, 0
	}
	i := strings.LastIndex(string(c.data[start:end]), v)
	if i < 0 {
		return 0, 0
	}
	return start + i, start + i + len(v)
}

func (c *checker) add(line *modfile.Line, msg string, fix *Fix) {
	c.findings = append(c.findings, Finding{Start: line.Start.Byte, End: line.End.Byte, Message: msg, Fix: fix})
}

// setVersion is the fix that sets s's version to v.
func setVersion(s *selected, v, why string) *Fix {
	if s.verEnd == 0 || v == "" {
		return nil
	}
	return &Fix{
		Message: fmt.Sprintf("Set %s to %s (%s; run go mod tidy after)", s.path, v, why),
		Edits:   []Edit{{Start: s.verStart, End: s.verEnd, New: v}},
	}
}

// kmod is a staging module with the Kubernetes minor of its version.
type kmod struct {
	*selected
	minor int
}

func (c *checker) run(f *modfile.File, sel map[string]*selected) {
	var staging []kmod
	var legacy *selected
	for _, s := range sel {
		switch {
		case s.version == "":
		case s.path == versiontable.ClientGoPath && isLegacy(s.version):
			legacy = s
		case versiontable.IsStaging(s.path) || s.path == versiontable.KubernetesPath:
			if m, ok := versiontable.KubeMinor(s.path, s.version); ok {
				staging = append(staging, kmod{s, m})
			}
		}
	}
	sort.Slice(staging, func(i, j int) bool { return staging[i].order < staging[j].order })

	cr, crRel, crMinor, crKnown := c.controllerRuntime(sel)
	k, kOK := referenceMinor(staging, crMinor, crKnown)

	switch {
	case crKnown && kOK && k-crMinor > c.cfg.AllowedMinorSkew:
		if target, ok := versiontable.NewestFor(versiontable.ControllerRuntime, k); ok {
			c.crBehind(cr, crMinor, staging, k, target.Version)
			c.staggered(staging, k)
			break
		}
		c.againstControllerRuntime(staging, cr, crRel, crMinor)
	case crKnown && behindTogether(staging, crMinor, c.cfg.AllowedMinorSkew):
		c.crAhead(staging, cr, crRel, crMinor)
	case crKnown:
		c.againstControllerRuntime(staging, cr, crRel, crMinor)
	case kOK:
		c.staggered(staging, k)
	}
	if crKnown {
		c.controllerTools(sel, cr, crMinor)
	}
	c.legacyClientGo(legacy, staging, k, kOK, crRel)
	c.goDirective(f, sel[versiontable.ClientGoPath])
}

// crBehind reports a controller-runtime built against an older Kubernetes
// minor than the module's k8s.io modules (case 1), with the release to
// require. No fix is offered for an indirect requirement: the module does
// not import controller-runtime itself, and the dependency that does may
// not build with the newer API (knative.dev/operator v0.42.2: manifestival
// calls apiutil.NewDynamicRESTMapper with the signature of v0.7).
func (c *checker) crBehind(cr *selected, crMinor int, staging []kmod, k int, target string) {
	msg := fmt.Sprintf(
		"controller-runtime %s is built against Kubernetes 1.%d but this module selects k8s.io/* from 1.%d (%s): an untested pairing that can fail to compile (missing methods, changed interfaces) or misbehave at run time; require controller-runtime %s, built against 1.%d",
		cr.version, crMinor, k, example(staging, k), target, k)
	if cr.indirect {
		c.add(cr.line, msg+", once the dependencies that import controller-runtime build with it (this requirement is indirect)", nil)
		return
	}
	c.add(cr.line, msg, setVersion(cr, target, fmt.Sprintf("built against Kubernetes 1.%d", k)))
}

func isLegacy(v string) bool {
	_, ok := versiontable.LegacyClientGo(v)
	return ok
}

// controllerRuntime returns the selected controller-runtime, its release in
// the table and that release's Kubernetes minor. A release newer than the
// table is reported once; older pseudo-versions are silent.
func (c *checker) controllerRuntime(sel map[string]*selected) (*selected, versiontable.Release, int, bool) {
	cr := sel[versiontable.ControllerRuntimePath]
	if cr == nil || cr.version == "" {
		return nil, versiontable.Release{}, 0, false
	}
	rel, ok := c.lookup(cr, versiontable.ControllerRuntime, "controller-runtime")
	if !ok {
		return nil, versiontable.Release{}, 0, false
	}
	m, ok := rel.Kube()
	return cr, rel, m, ok
}

// lookup finds s in rels, and says once when s is newer than the table.
func (c *checker) lookup(s *selected, rels []versiontable.Release, name string) (versiontable.Release, bool) {
	rel, _, ok := versiontable.Find(rels, s.version)
	if ok {
		return rel, true
	}
	newest := versiontable.Newest(rels)
	if semver.IsValid(s.version) && semver.Compare(semver.MajorMinor(s.version), semver.MajorMinor(newest.Version)) > 0 {
		c.add(s.line, fmt.Sprintf(
			"%s %s is newer than the releases opvet knows (up to %s), so its k8s.io pairing is not checked; update opvet to check it",
			name, s.version, newest.Version), nil)
	}
	return versiontable.Release{}, false
}

// referenceMinor is the Kubernetes minor most staging modules are at; a tie
// goes to controller-runtime's minor, then to k8s.io/client-go's, then to
// the newest.
func referenceMinor(staging []kmod, crMinor int, crKnown bool) (int, bool) {
	if len(staging) == 0 {
		return 0, false
	}
	count := map[int]int{}
	for _, s := range staging {
		count[s.minor]++
	}
	best := -1
	for m, n := range count {
		if best < 0 || n > count[best] || (n == count[best] && m > best) {
			best = m
		}
	}
	prefer := func(m int) {
		if count[m] == count[best] {
			best = m
		}
	}
	for _, s := range staging {
		if s.path == versiontable.ClientGoPath {
			prefer(s.minor)
		}
	}
	if crKnown {
		prefer(crMinor)
	}
	return best, true
}

// example names a staging module at minor m, client-go first.
func example(staging []kmod, m int) string {
	var found *kmod
	for i := range staging {
		s := &staging[i]
		if s.minor == m && (found == nil || s.path == versiontable.ClientGoPath) {
			found = s
		}
	}
	if found == nil {
		return "?"
	}
	return found.path + " " + found.version
}

// versionAt returns a version of module path for Kubernetes minor m,
// patterned on ref (a version of another staging module of that release):
// staging modules are tagged together.
func versionAt(path, ref string) string {
	if path == versiontable.KubernetesPath {
		return "v1" + strings.TrimPrefix(ref, "v0")
	}
	return ref
}

// refVersion is the newest version among staging modules at minor m.
func refVersion(staging []kmod, m int) string {
	best := ""
	for _, s := range staging {
		if s.minor == m && s.path != versiontable.KubernetesPath && (best == "" || semver.Compare(s.version, best) > 0) {
			best = s.version
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// staggered reports staging modules whose Kubernetes minor differs from the
// module's reference minor k (case 2).
func (c *checker) staggered(staging []kmod, k int) {
	ref := refVersion(staging, k)
	for _, s := range staging {
		if abs(s.minor-k) <= c.cfg.AllowedMinorSkew {
			continue
		}
		target := versionAt(s.path, ref)
		c.add(s.line, fmt.Sprintf(
			"%s %s is from Kubernetes 1.%d but the other k8s.io modules here are from 1.%d (%s): k8s.io modules of different Kubernetes releases share types and interfaces that differ, so the build can fail or misbehave at run time; require %s %s",
			s.path, s.version, s.minor, k, example(staging, k), s.path, target),
			setVersion(s.selected, target, fmt.Sprintf("Kubernetes 1.%d like the other k8s.io modules", k)))
	}
}

// againstControllerRuntime reports staging modules whose Kubernetes minor
// differs from the one controller-runtime is built against (case 1).
func (c *checker) againstControllerRuntime(staging []kmod, cr *selected, rel versiontable.Release, crMinor int) {
	ref := rel.Requirement(versiontable.ClientGoPath)
	if _, ok := versiontable.KubeMinor(versiontable.ClientGoPath, ref); !ok {
		ref = rel.Requirement("k8s.io/apimachinery")
	}
	// The module's own release of that minor, if it has one (a pin it
	// chose), else controller-runtime's.
	own := refVersion(staging, crMinor)
	for _, s := range staging {
		if abs(s.minor-crMinor) <= c.cfg.AllowedMinorSkew {
			continue
		}
		target := matchingVersion(s, rel, own, ref)
		want := "require " + s.path + " " + target
		if target == "" {
			want = fmt.Sprintf("require %s from Kubernetes 1.%d", s.path, crMinor)
		}
		c.add(s.line, fmt.Sprintf(
			"%s %s is from Kubernetes 1.%d but controller-runtime %s is built against 1.%d: an untested pairing that can fail to compile (missing methods, changed interfaces) or misbehave at run time; %s",
			s.path, s.version, s.minor, cr.version, crMinor, want),
			setVersion(s.selected, target, fmt.Sprintf("what controller-runtime %s is built against", cr.version)))
	}
}

// matchingVersion is the version of s's module for the Kubernetes minor
// of controller-runtime release rel: of the module's own release of that
// minor (own) if it has one, else what rel requires, else patterned on
// ref (rel's client-go or apimachinery requirement); "" if none names
// that minor.
func matchingVersion(s kmod, rel versiontable.Release, own, ref string) string {
	target := ""
	if own != "" {
		target = versionAt(s.path, own)
	} else {
		target = rel.Requirement(s.path)
	}
	if _, ok := versiontable.KubeMinor(s.path, target); !ok {
		target = versionAt(s.path, ref)
	}
	if _, ok := versiontable.KubeMinor(s.path, target); !ok {
		target = ""
	}
	return target
}

// behindTogether reports whether the staging modules off controller-runtime's
// minor (beyond skew) are at least two, all older than it and all of one
// minor: one cause (usually replace directives that pin the k8s.io modules
// to one release), reported once by crAhead.
func behindTogether(staging []kmod, crMinor, skew int) bool {
	n, minor := 0, -1
	for _, s := range staging {
		if abs(s.minor-crMinor) <= skew {
			continue
		}
		if s.minor > crMinor || (minor >= 0 && s.minor != minor) {
			return false
		}
		n, minor = n+1, s.minor
	}
	return n >= 2
}

// crAhead reports once, at controller-runtime's line, k8s.io modules that
// are all of one Kubernetes minor older than the one controller-runtime is
// built against (case 1): external-provisioner v6.4.0 pins its 15 k8s.io
// modules to 1.36 with replace directives and requires controller-runtime
// v0.25 (1.37). The fix moves every one of them to controller-runtime's
// minor; none is offered when a version cannot be named for one of them.
func (c *checker) crAhead(staging []kmod, cr *selected, rel versiontable.Release, crMinor int) {
	ref := rel.Requirement(versiontable.ClientGoPath)
	if _, ok := versiontable.KubeMinor(versiontable.ClientGoPath, ref); !ok {
		ref = rel.Requirement("k8s.io/apimachinery")
	}
	own := refVersion(staging, crMinor)
	behind, fix := c.moveBehind(staging, rel, crMinor, own, ref)
	if fix != nil {
		fix.Message = fmt.Sprintf("Set the %d k8s.io modules of Kubernetes 1.%d to 1.%d (what controller-runtime %s is built against; run go mod tidy after)",
			len(behind), behind[0].minor, crMinor, cr.version)
	}
	c.add(cr.line, aheadMessage(behind, cr, rel, crMinor, own, ref), fix)
}

// moveBehind returns the staging modules off controller-runtime's minor,
// and the fix that sets each to it (nil when one cannot be named).
func (c *checker) moveBehind(staging []kmod, rel versiontable.Release, crMinor int, own, ref string) ([]kmod, *Fix) {
	var behind []kmod
	fix := &Fix{}
	for _, s := range staging {
		if abs(s.minor-crMinor) <= c.cfg.AllowedMinorSkew {
			continue
		}
		behind = append(behind, s)
		if f := setVersion(s.selected, matchingVersion(s, rel, own, ref), ""); f != nil && fix != nil {
			fix.Edits = append(fix.Edits, f.Edits...)
		} else {
			fix = nil
		}
	}
	if fix != nil {
		sort.Slice(fix.Edits, func(i, j int) bool { return fix.Edits[i].Start < fix.Edits[j].Start })
	}
	return behind, fix
}

// aheadMessage is crAhead's finding: the modules behind, and both ways
// out.
func aheadMessage(behind []kmod, cr *selected, rel versiontable.Release, crMinor int, own, ref string) string {
	k := behind[0].minor
	pinned := ", pinned by replace directives"
	for _, s := range behind {
		if !s.replaced {
			pinned = ""
		}
	}
	move := fmt.Sprintf("move them to 1.%d", crMinor)
	if v := matchingVersion(kmod{&selected{path: versiontable.ClientGoPath}, crMinor}, rel, own, ref); v != "" {
		move += fmt.Sprintf(" (k8s.io/client-go %s)", v)
	}
	older := ""
	if target, ok := versiontable.NewestFor(versiontable.ControllerRuntime, k); ok {
		older = fmt.Sprintf(", or require controller-runtime %s, built against 1.%d", target.Version, k)
	}
	return fmt.Sprintf(
		"controller-runtime %s is built against Kubernetes 1.%d but %d k8s.io modules here are from 1.%d (%s and %d more%s): an untested pairing that can fail to compile (missing methods, changed interfaces) or misbehave at run time; %s%s",
		cr.version, crMinor, len(behind), k, example(behind, k), len(behind)-1, pinned, move, older)
}

// controllerTools reports a controller-tools whose k8s.io requirements are
// newer than controller-runtime's (case 4).
func (c *checker) controllerTools(sel map[string]*selected, cr *selected, crMinor int) {
	ct := sel[versiontable.ControllerToolsPath]
	if ct == nil || ct.version == "" {
		return
	}
	rel, ok := c.lookup(ct, versiontable.ControllerTools, "controller-tools")
	if !ok {
		return
	}
	t, ok := rel.Kube()
	if !ok || t-crMinor <= c.cfg.AllowedMinorSkew {
		return
	}
	// The requirement that drags: one newer than controller-runtime's
	// Kubernetes minor, on a module this go.mod selects (a module it does
	// not list provides no package to the build), that no replace directive
	// overrides (operators pin k8s.io with replace to keep a newer
	// controller-gen).
	what := ""
	for _, q := range rel.K8s {
		m, ok := versiontable.KubeMinor(q.Path, q.Version)
		if !ok || m-crMinor <= c.cfg.AllowedMinorSkew || c.ignore[q.Path] {
			continue
		}
		if s := sel[q.Path]; s == nil || s.replaced {
			continue
		}
		if what == "" || q.Path == "k8s.io/apimachinery" {
			what = q.Path + " " + q.Version
		}
	}
	if what == "" {
		return
	}
	target, ok := versiontable.NewestFor(versiontable.ControllerTools, crMinor)
	if !ok {
		target, ok = versiontable.NewestAtMost(versiontable.ControllerTools, crMinor)
	}
	want := "build controller-gen from a separate tools module"
	var fix *Fix
	if ok {
		tk, _ := target.Kube()
		want = fmt.Sprintf("require controller-tools %s (Kubernetes 1.%d) or %s", target.Version, tk, want)
		fix = setVersion(ct, target.Version, fmt.Sprintf("Kubernetes 1.%d", tk))
	}
	c.add(ct.line, fmt.Sprintf(
		"controller-tools %s requires %s (Kubernetes 1.%d), newer than the 1.%d controller-runtime %s is built against: minimal version selection raises this module's k8s.io modules to 1.%d and controller-runtime stops compiling; %s",
		ct.version, what, t, crMinor, cr.version, t, want), fix)
}

// legacyClientGo reports an obsolete pre-module k8s.io/client-go tag
// (case 3), unless controller-runtime itself requires one (v0.1 to v0.4).
func (c *checker) legacyClientGo(s *selected, staging []kmod, k int, kOK bool, crRel versiontable.Release) {
	if s == nil {
		return
	}
	m, ok := versiontable.LegacyClientGo(s.version)
	if !ok || module.IsPseudoVersion(s.version) {
		return // a pseudo-version on a legacy branch: not a tag
	}
	if req := crRel.Requirement(versiontable.ClientGoPath); req != "" && isLegacy(req) {
		return // controller-runtime v0.1 to v0.4 require one themselves
	}
	target := ""
	if kOK {
		target = refVersion(staging, k)
	}
	want := fmt.Sprintf("require k8s.io/client-go %s, the release of the other k8s.io modules here", target)
	if target == "" {
		want = "require the k8s.io/client-go v0.x release of your Kubernetes minor (v0.15.x and newer exist)"
		if m >= 15 {
			want = fmt.Sprintf("require k8s.io/client-go v0.%d.x", m)
		}
	}
	c.add(s.line, fmt.Sprintf(
		"k8s.io/client-go %s is an obsolete pre-module tag (Kubernetes 1.%d) whose packages do not match the v0.x k8s.io modules, so the build fails or misbehaves; %s",
		s.version, m, want),
		setVersion(s, target, "the release of the other k8s.io modules"))
}

// goDirective reports a go directive older than the selected client-go's
// (case 5).
func (c *checker) goDirective(f *modfile.File, cg *selected) {
	if f.Go == nil || f.Go.Syntax == nil || cg == nil || cg.version == "" {
		return
	}
	need, ok := versiontable.ClientGoGo(cg.version)
	if !ok || need == "" || !version.IsValid("go"+f.Go.Version) || !version.IsValid("go"+need) {
		return
	}
	if version.Compare("go"+f.Go.Version, "go"+need) >= 0 {
		return
	}
	var fix *Fix
	line := f.Go.Syntax
	if s, e := c.versionSpan(line, f.Go.Version); e > 0 {
		fix = &Fix{
			Message: fmt.Sprintf("Set the go directive to %s (what k8s.io/client-go %s requires)", need, cg.version),
			Edits:   []Edit{{Start: s, End: e, New: need}},
		}
	}
	c.add(line, fmt.Sprintf(
		"go %s is older than go %s, which k8s.io/client-go %s requires: the go command refuses to build the module (\"updates to go.mod needed\"); write go %s",
		f.Go.Version, need, cg.version, need), fix)
}
