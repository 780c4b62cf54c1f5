package mergefrom

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
	"github.com/opvet/opvet/internal/report"
	objflowpass "github.com/opvet/opvet/passes/objflow"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "mergefrom"

// Config is the check's configuration.
type Config struct {
	// ReportUnchanged also reports a merge patch whose base is the patched
	// object itself when no change of the object is seen between
	// MergeFrom and Patch (the patch is empty either way; the change was
	// made before MergeFrom or where opvet cannot see it).
	ReportUnchanged bool `json:"report-unchanged" help:"also report a merge patch whose base is the patched object when no change between MergeFrom and Patch is seen"`
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{ReportUnchanged: true} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Autofix:  true,
	Requires: []*analysis.Analyzer{inspect.Analyzer, objflowpass.Analyzer},
	Run: func(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
		run(pass, rep, cfg)
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// checker holds what one pass needs; nothing outlives the pass.
type checker struct {
	pass     *analysis.Pass
	info     *types.Info
	cfg      Config
	rep      *report.Reporter
	flow     *objflow.Package
	findings map[*ast.CallExpr]*finding // by MergeFrom call
	helpers  map[*types.Func][]helperSend
	// snapped are the changes reported as made before a patch-helper
	// snapshot (a function and the literals it runs are analysed alike).
	snapped map[token.Pos]bool
}

// A finding is a MergeFrom call whose base is the object later patched,
// or (swapped) a changed copy of the object patched.
type finding struct {
	rec    *record
	patch  *ast.CallExpr // the Patch (or Data) call that sends it
	change *change       // a change of the object in between, if seen
	inline bool          // Patch(ctx, x, MergeFrom(x))
	// copyName names a copy of the base that holds the changes and is
	// never sent (the change was made on the wrong object).
	copyName string
	// swapped: the base is a changed copy of the object sent, which is
	// unchanged: the patch reverts the changes.
	swapped bool
	// copiedAfter is the copy of the object sent, taken after the change
	// (and none since), that is the base: the patch is empty.
	copiedAfter ast.Node
	// helper is the function of the package that changes the object and
	// sends the patch it is given (the change is its first one).
	helper *types.Func
	// partial names the object sent, built with only the metadata of
	// the base, which was read whole (partial.go).
	partial string
}

// A record is one MergeFrom call.
type record struct {
	call *ast.CallExpr
	arg  ast.Expr // the base argument as written
}

// A change is the first change of a base object seen after MergeFrom.
type change struct {
	pos  token.Pos
	what string // "controllerutil.RemoveFinalizer at line 40"
}

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) {
	c := &checker{
		pass:     pass,
		info:     pass.TypesInfo,
		cfg:      cfg,
		rep:      rep,
		flow:     pass.ResultOf[objflowpass.Analyzer].(*objflow.Package),
		findings: map[*ast.CallExpr]*finding{},
		helpers:  map[*types.Func][]helperSend{},
		snapped:  map[token.Pos]bool{},
	}
	if !slices.ContainsFunc(pass.Files, importsClient) {
		return
	}
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	// Every finding starts at a MergeFrom call: skip functions without
	// one before any flow analysis.
	astx.Funcs(in, func(fn ast.Node) {
		if c.flow.MakesPatch(fn) {
			c.function(fn)
		}
		if c.flow.MakesSnapshot(fn) {
			c.snapshots(fn)
		}
	})
	c.flush()
}

func importsClient(f *ast.File) bool {
	for _, imp := range f.Imports {
		if k8s.TrimVendor(strings.Trim(imp.Path.Value, "\"`")) == k8s.Client {
			return true
		}
	}
	return false
}

// function checks every call of fn that sends a patch: the patch's base
// must not be the object sent.
func (c *checker) function(fn ast.Node) {
	f := c.flow.Func(fn)
	var defers map[*ast.FuncLit]*ast.CallExpr // made at the first literal met
	ast.Inspect(fn, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && lit != fn {
			if defers == nil {
				defers = deferredLits(fn)
			}
			return f.Deferred(defers[lit]) // deferred literals run inline
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		site := f.Call(call)
		if site == nil {
			return true
		}
		obj, patch, ok := c.patchArgs(site)
		if !ok {
			c.helperCall(f, site)
			return true
		}
		for _, p := range patch {
			c.patchSent(f, site, p, obj)
		}
		return true
	})
}

// deferredLits maps the function literals that a defer statement of fn
// calls (defer func() { ... }()) to that call.
func deferredLits(fn ast.Node) map[*ast.FuncLit]*ast.CallExpr {
	out := map[*ast.FuncLit]*ast.CallExpr{}
	ast.Inspect(fn, func(n ast.Node) bool {
		if d, ok := n.(*ast.DeferStmt); ok {
			if lit, ok := ast.Unparen(d.Call.Fun).(*ast.FuncLit); ok {
				out[lit] = d.Call
			}
		}
		return true
	})
	return out
}

// patchSent checks a patch sent for the objects obj.
func (c *checker) patchSent(f *objflow.Func, site *objflow.CallSite, pid int32, obj objflow.Set) {
	p, facts := patchAt(f, site, pid)
	if p == nil {
		return
	}
	if !facts.Base.Intersects(obj) {
		if c.partialTarget(f, site, p, facts, obj) {
			return
		}
		c.swapped(f, site, p, facts, obj)
		return
	}
	if baseCaptured(site, facts, obj) {
		return
	}
	changed := facts.Has(objflow.BaseChanged) && len(facts.Changes) > 0
	if !changed && !obj.SubsetOf(facts.Base) {
		return // may be another object: no claim that the patch is empty
	}
	fd := newFinding(p, site)
	if fd == nil {
		return
	}
	if !changed && fd.inline && emptyAndUnchanged(f, site, obj) {
		return // Patch(ctx, &T{}, MergeFrom(...)) of nothing: no content to lose (a routing test)
	}
	if changed {
		fd.change = c.describe(first(facts.Changes))
	} else {
		fd.copyName = c.changedCopy(f, site, facts.Base)
	}
	c.note(fd)
}

// emptyAndUnchanged reports whether every object of obj was made empty
// in f (&T{}, new(T)) and holds no change and nothing read at site: a
// patch of it has nothing to send, whatever its base.
func emptyAndUnchanged(f *objflow.Func, site *objflow.CallSite, obj objflow.Set) bool {
	for _, id := range obj {
		v := f.Value(id)
		if v == nil || v.Kind != objflow.Alloc || !emptyConstruction(v.Node) {
			return false
		}
		if facts := site.Facts(id); facts != nil && (len(facts.Changes) > 0 || facts.Has(objflow.Filled)) {
			return false
		}
	}
	return len(obj) > 0
}

// emptyConstruction reports whether n makes a zero value: &T{}, T{} or
// new(T).
func emptyConstruction(n ast.Node) bool {
	e, ok := n.(ast.Expr)
	if !ok {
		return false
	}
	lit, built := astx.Construction(e)
	return built && (lit == nil || len(lit.Elts) == 0)
}

// patchAt returns the patch object pid and its facts before site, or nil
// when pid is not a patch.
func patchAt(f *objflow.Func, site *objflow.CallSite, pid int32) (*objflow.Value, *objflow.Facts) {
	p := f.Value(pid)
	if p == nil || p.Kind != objflow.Patch {
		return nil, nil
	}
	facts := site.Facts(pid)
	if facts == nil {
		return nil, nil
	}
	return p, facts
}

// baseCaptured reports whether a base object of the patch among obj is
// captured by a closure, which may re-bind or copy it.
func baseCaptured(site *objflow.CallSite, facts *objflow.Facts, obj objflow.Set) bool {
	for _, id := range facts.Base {
		if obj.Has(id) && site.Facts(id).Has(objflow.Captured) {
			return true
		}
	}
	return false
}

// newFinding starts the finding for the MergeFrom call that made p, sent
// by site; nil when p was not made by a call with a base argument.
func newFinding(p *objflow.Value, site *objflow.CallSite) *finding {
	mf, ok := p.Node.(*ast.CallExpr)
	if !ok || len(mf.Args) == 0 {
		return nil
	}
	fd := &finding{rec: &record{call: mf, arg: mf.Args[0]}, patch: site.Call}
	for _, arg := range site.Call.Args {
		if ast.Unparen(arg) == mf {
			fd.inline = true
		}
	}
	if sel, ok := ast.Unparen(site.Call.Fun).(*ast.SelectorExpr); ok && ast.Unparen(sel.X) == mf {
		fd.inline = true // client.MergeFrom(x).Data(x)
	}
	return fd
}

func (c *checker) describe(ch objflow.Change) *change {
	return &change{pos: ch.Pos, what: fmt.Sprintf("%s at line %d", ch.What, c.pass.Fset.Position(ch.Pos).Line)}
}

// changedCopy returns the name of a copy of the base objects that was
// changed and is never sent, or "": the change meant for the patch was
// made on it.
func (c *checker) changedCopy(f *objflow.Func, site *objflow.CallSite, base objflow.Set) string {
	name := ""
	site.Each(func(id int32, facts *objflow.Facts) {
		v := f.Value(id)
		if name != "" || v.Kind != objflow.Copy || !facts.Sources.Intersects(base) || len(facts.Changes) == 0 ||
			facts.Has(objflow.SentMain|objflow.SentStatus|objflow.SentOther|objflow.Created|objflow.Escaped|objflow.Returned) {
			return
		}
		name = c.holderName(f, id)
	})
	return name
}

// holderName names the variable that the call making the object id is
// assigned to, or "" when there is none. It is not limited to the text
// before the patch call: a deferred patch runs after the copy is made.
func (c *checker) holderName(f *objflow.Func, id int32) string {
	name := ""
	ast.Inspect(f.Node, func(n ast.Node) bool {
		if name != "" {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, lhs := range as.Lhs {
			if len(as.Rhs) != len(as.Lhs) {
				continue
			}
			if rhs, ok := ast.Unparen(as.Rhs[i]).(*ast.CallExpr); ok && f.Value(id).Node == rhs {
				name = types.ExprString(lhs)
			}
		}
		return true
	})
	return name
}

// swapped checks a patch whose base is not the object sent: when the base
// is a copy of that object, changed after it was copied, and the object
// sent is not, the patch goes from the changed copy to the old object and
// reverts the change.
func (c *checker) swapped(f *objflow.Func, site *objflow.CallSite, p *objflow.Value, facts *objflow.Facts, obj objflow.Set) {
	mf, ok := p.Node.(*ast.CallExpr)
	if !ok || len(mf.Args) == 0 || len(facts.Base) != 1 {
		return
	}
	b := f.Value(facts.Base[0])
	bf := site.Facts(b.ID)
	if b.Kind != objflow.Copy || bf == nil || !bf.Sources.Intersects(obj) {
		return
	}
	var before, after []objflow.Change // changes of the object sent, around the copy
	for _, id := range obj {
		for _, ch := range site.Facts(id).Changes {
			switch {
			case ch.At() > b.Pos():
				after = append(after, ch)
			case !ch.Presumed:
				// Only a change seen is known to be lost: code opvet
				// cannot see may have only read the object.
				before = append(before, ch)
			}
		}
	}
	copyChanges := seenChanges(bf.Changes)
	rec := &record{call: mf, arg: mf.Args[0]}
	switch {
	case len(after) > 0:
		return // changed after the copy: the patch carries that change
	case len(copyChanges) > 0:
		c.note(&finding{rec: rec, patch: site.Call, change: c.describe(first(copyChanges)), swapped: true})
	case len(before) > 0:
		// The change nearest the copy: an earlier one may have been sent
		// already, by a write between them.
		c.note(&finding{rec: rec, patch: site.Call, change: c.describe(last(before)), copiedAfter: b.Node})
	}
}

// seenChanges returns the changes that are not presumed.
func seenChanges(changes []objflow.Change) []objflow.Change {
	var out []objflow.Change
	for _, ch := range changes {
		if !ch.Presumed {
			out = append(out, ch)
		}
	}
	return out
}

// patchTarget is the object argument of a Patch or Data call.
func patchTarget(call *ast.CallExpr) ast.Expr {
	if len(call.Args) >= 3 {
		return call.Args[1]
	}
	return call.Args[0]
}

// first is the change made first, in source order.
func first(changes []objflow.Change) objflow.Change {
	out := changes[0]
	for _, ch := range changes[1:] {
		if ch.At() < out.At() {
			out = ch
		}
	}
	return out
}

// last is the change made last, in source order.
func last(changes []objflow.Change) objflow.Change {
	out := changes[0]
	for _, ch := range changes[1:] {
		if ch.At() > out.At() {
			out = ch
		}
	}
	return out
}

// patchArgs returns the objects sent and the patches of a call that sends
// a patch: a controller-runtime Patch as k8s.ClassifyWrite knows it
// (client.Writer, the old client.StatusWriter, client.SubResourceWriter),
// any other method Patch(ctx, obj, patch client.Patch, ...) (concrete
// implementations of client.Client), and client.Patch.Data(obj), which
// computes the patch.
func (c *checker) patchArgs(site *objflow.CallSite) (obj, patch objflow.Set, ok bool) {
	call, fn := site.Call, site.Callee
	if fn == nil {
		return nil, nil, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return nil, nil, false
	}
	switch fn.Name() {
	case "Patch":
		if len(call.Args) < 3 {
			return nil, nil, false
		}
		if wr, ok := k8s.ClassifyWrite(c.info, call); ok {
			return site.Args[1], site.Args[2], wr.API == k8s.APIControllerRuntime && wr.Op == k8s.OpPatch && wr.Object != nil
		}
		if sig.Params().Len() < 3 || !isPatchType(sig.Params().At(2).Type()) {
			return nil, nil, false
		}
		return site.Args[1], site.Args[2], true
	case "Data":
		sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !isSel || len(call.Args) != 1 || !isPatchType(c.info.TypeOf(sel.X)) {
			return nil, nil, false
		}
		return site.Args[0], site.Recv, true
	}
	return nil, nil, false
}

func isPatchType(t types.Type) bool {
	return t != nil && k8s.IsNamed(t, k8s.Client, "Patch") && types.IsInterface(t)
}

// note records a finding, keeping the most informative one per MergeFrom
// call (a change seen beats none).
func (c *checker) note(f *finding) {
	old := c.findings[f.rec.call]
	if old == nil || (old.change == nil && f.change != nil) {
		c.findings[f.rec.call] = f
	}
}

// flush reports the findings in source order.
func (c *checker) flush() {
	var calls []*ast.CallExpr
	for call := range c.findings {
		calls = append(calls, call)
	}
	slices.SortFunc(calls, func(a, b *ast.CallExpr) int { return int(a.Pos() - b.Pos()) })
	for _, call := range calls {
		f := c.findings[call]
		if f.change == nil && !f.inline && !c.cfg.ReportUnchanged {
			continue
		}
		c.report(f)
	}
}

func (c *checker) report(f *finding) {
	rec := f.rec
	obj, _ := astx.StripAddr(rec.arg)
	x := types.ExprString(obj)
	mf := c.mergeFromString(rec)
	copied, fixable := c.copyExpr(rec)
	send := types.ExprString(f.patch.Fun)
	line := c.pass.Fset.Position(f.patch.Pos()).Line
	d := analysis.Diagnostic{Pos: rec.call.Pos(), End: rec.call.End()}
	switch {
	case f.partial != "":
		d.Message = fmt.Sprintf("%s is the base of the patch that %s at line %d computes for %s, which holds only the "+
			"metadata of %s: a merge patch from the whole object to it clears every field %s leaves empty (the spec "+
			"and the other content); patch a changed deep copy instead: modified := %s, then %s(ctx, modified, %s)",
			mf, send, line, f.partial, x, f.partial, copied, send, mf)
	case f.helper != nil:
		d.Message = fmt.Sprintf("%s takes %s itself as the base of the patch that %s sends for the same object "+
			"after %s changes it, so the patch is empty and the change is lost; take the base from a copy made in %s "+
			"before the change", mf, x, f.helper.Name(), f.change.what, f.helper.Name())
	case f.swapped:
		target := types.ExprString(patchTarget(f.patch))
		d.Message = fmt.Sprintf("%s takes %s, a copy changed by %s, as the base of the patch that %s at line %d "+
			"sends for the unchanged %s, so the patch reverts the change; patch the copy against the original: %s(ctx, %s, %s)",
			mf, x, f.change.what, send, line, target, send, x, c.withBase(rec, target))
	case f.copiedAfter != nil:
		d.Message = fmt.Sprintf("%s takes %s, a copy taken at line %d after %s changed %s, as the base of the patch "+
			"that %s at line %d sends, so the patch is empty and the change is lost; take the copy before changing %s",
			mf, x, c.pass.Fset.Position(f.copiedAfter.Pos()).Line, f.change.what,
			types.ExprString(patchTarget(f.patch)), send, line, types.ExprString(patchTarget(f.patch)))
	case f.copyName != "":
		d.Message = fmt.Sprintf("%s takes %s itself as the base of the patch that %s at line %d sends for the same "+
			"object, so the patch is always empty, and the change is made on the copy %s, which is never sent; "+
			"patch the copy against the original: %s(ctx, %s, %s)",
			mf, x, send, line, f.copyName, send, f.copyName, mf)
	case f.inline:
		d.Message = fmt.Sprintf("%s sends %s with %s as its base, the same object, so the patch is always empty "+
			"and the change is lost; copy the object before changing it (base := %s) and patch with %s",
			send, x, mf, copied, c.withBase(rec, "base"))
	case f.change != nil:
		d.Message = fmt.Sprintf("%s takes %s itself as the patch base, and %s changes it before %s at line %d, "+
			"so the patch is empty and the change is lost; copy the base: %s",
			mf, x, f.change.what, send, line, c.withBase(rec, copied))
		if fixable {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Take the patch base from a copy: " + c.withBase(rec, copied),
				TextEdits: []analysis.TextEdit{{Pos: rec.arg.Pos(), End: rec.arg.End(), NewText: []byte(copied)}},
			}}
		}
	default:
		d.Message = fmt.Sprintf("%s takes %s itself as the base of the patch that %s at line %d sends for the same "+
			"object, so the patch is always empty; take the base from a copy made before %s is changed: %s",
			mf, x, send, line, x, c.withBase(rec, copied))
	}
	d.Related = related(f, send)
	c.rep.Report(d)
}

// related points at the places that the message names by line, for
// drivers that show them (an editor's related information): the change
// of the base, the copy taken after it, and the call that sends the patch.
func related(f *finding, send string) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	if f.change != nil && f.change.pos.IsValid() {
		out = append(out, analysis.RelatedInformation{Pos: f.change.pos, Message: f.change.what + " changes the base"})
	}
	if f.copiedAfter != nil {
		out = append(out, analysis.RelatedInformation{Pos: f.copiedAfter.Pos(), End: f.copiedAfter.End(), Message: "the copy taken after the change"})
	}
	return append(out, analysis.RelatedInformation{Pos: f.patch.Pos(), End: f.patch.End(), Message: send + " sends the patch"})
}

// mergeFromString spells the MergeFrom call as written, options elided.
func (c *checker) mergeFromString(rec *record) string {
	return c.withBase(rec, types.ExprString(rec.arg))
}

func (c *checker) withBase(rec *record, base string) string {
	fun := types.ExprString(rec.call.Fun)
	if len(rec.call.Args) > 1 {
		return fun + "(" + base + ", ...)"
	}
	return fun + "(" + base + ")"
}

// copyExpr returns the expression that copies the base, and whether it is
// x.DeepCopy() of the same type as the base argument (a mechanical fix).
func (c *checker) copyExpr(rec *record) (string, bool) {
	obj, _ := astx.StripAddr(rec.arg)
	x := types.ExprString(obj)
	if !isPrimary(obj) {
		x = "(" + x + ")"
	}
	argType := c.info.TypeOf(rec.arg)
	if argType != nil {
		if m := astx.Method(argType, c.pass.Pkg, "DeepCopy"); m != nil {
			sig := m.Type().(*types.Signature)
			if sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), argType) {
				return x + ".DeepCopy()", true
			}
		}
		if astx.Method(argType, c.pass.Pkg, "DeepCopyObject") != nil {
			return x + ".DeepCopyObject().(" + k8s.TypeString(argType, c.pass.Pkg) + ")", false
		}
	}
	return "a deep copy of " + x, false
}

func isPrimary(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr, *ast.CallExpr, *ast.ParenExpr:
		return true
	}
	return false
}
