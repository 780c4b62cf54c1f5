package objflow

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// Summary is what a function of the package does with the objects it is
// given and what it returns, for its callers.
type Summary struct {
	// Recv and Params are the effects on the receiver's and each
	// parameter's objects (nil: none, or not an object).
	Recv   *Effect
	Params []*Effect
	// Results tell where each result's objects come from.
	Results []Result
	// Patches are the patches the function sends for a parameter's
	// object with a patch that another parameter gives it.
	Patches []PatchSend
	// QuietIfFalse are the indices of bool results that, where they are
	// false, say the function did nothing to the objects it was given
	// (outcome.go).
	QuietIfFalse []int
	// QuietKeep are the field-path heads (Labels, OwnerReferences) the
	// function may change even where those results are false: their
	// changes stand (a merge helper that sets the labels on every path
	// and says whether anything differed).
	QuietKeep []string
	// QuietIfNil are the indices of error results that, where they are
	// nil, say the function did nothing to the objects it was given: it
	// changes them only on paths that return an error (quietnil.go).
	QuietIfNil []int
	// Snapshots are the patch-helper snapshots the function takes of
	// the objects it is given (snapshot.go).
	Snapshots []Snapshot
}

// PatchSend is a controller-runtime Patch that a function sends for the
// object of parameter Obj with the patch of parameter Patch (a helper
// that takes a client.Patch): a base that is the caller's object itself
// makes the patch empty when the function changes the object first.
type PatchSend struct {
	Obj, Patch int
	// Change names the function's first seen change of the object
	// before the send ("obj.SetFinalizers"); "" when it makes none.
	Change string
	// Filled: the function reads the object from the API server before
	// the send, so a base copied by the caller before the call is stale.
	Filled bool
}

// writes reports whether the function writes an object it is given.
func (s *Summary) writes() bool {
	if s == nil {
		return false
	}
	if s.Recv != nil && len(s.Recv.Writes) > 0 {
		return true
	}
	for _, e := range s.Params {
		if e != nil && len(e.Writes) > 0 {
			return true
		}
	}
	return false
}

// Effect is what a function may do to an object it is given.
type Effect struct {
	Bits    Bits
	Changes []Change
	// Settled are the seen changes the function made to the object that
	// a later write or read of it settled: no longer pending for the
	// caller, but made to its memory (a cached object's, for
	// cachemutation); in-package only, they are not exported.
	Settled []Change
	// Writes are the client writes of the object (a helper that
	// updates it, a client wrapper), and Before the facts the function
	// itself gave the object before each write (a wrapper that fetches
	// before it updates).
	Writes []k8s.Write
	Before []Bits
	// Later are, for each write, the indices of Changes that were not
	// pending at that write in the function: made after it, or only on
	// paths that do not reach it (a status set on the branch that does
	// not update the object). In-package only, they are not exported.
	Later [][]int
	// CopyWrites are the client writes of a deep copy of the object
	// that the function makes (desired := obj.DeepCopyObject(), then
	// Create(ctx, desired)): the copy has the object's Go type, so the
	// write sends the object's kind, but not the object itself (its
	// changes after the copy, its resourceVersion, stay the caller's).
	CopyWrites []k8s.Write
	// At are, for each write, the call in the function that leads to it
	// (the client call, or the call of a helper given the object), or,
	// for a write a method makes of the object in a field of a holder it
	// is called on, that method's own call; nil when imported.
	At []*ast.CallExpr
	// Fields are, for a receiver or parameter that holds objects in its
	// fields (a per-request struct, a scope: holders.go), the effects on
	// the objects of each field, sorted by name; in-package only, they
	// are not exported.
	Fields []FieldEffect
	// Reassigns: the function assigns a field of that holder, so its
	// caller no longer knows which objects the fields hold.
	Reassigns bool
}

// FieldEffect is what a function does to the objects in one field of a
// holder it is given.
type FieldEffect struct {
	Name   string
	Type   types.Type
	Effect *Effect
}

// ResultKind tells where a function's result comes from.
type ResultKind uint8

// The result kinds.
const (
	ResultUnknown ResultKind = iota
	// ResultFresh: an object the function builds (a constructor).
	ResultFresh
	// ResultParam: the object of parameter Index (-1: the receiver).
	ResultParam
	// ResultLoad: the object in field Field of parameter Index (an
	// accessor: x.Obj() returns the same pointer every time).
	ResultLoad
	// ResultTimestamp: the deletion timestamp of parameter Index's
	// object (timestamps.go); not an object.
	ResultTimestamp
	// ResultCopy: a deep copy of the object of parameter Index (-1: the
	// receiver), made in the function (a project's DeepCopyObject
	// wrapper): the caller's copy keeps the object's facts and kind.
	ResultCopy
)

// Result describes one result of a function.
type Result struct {
	Kind  ResultKind
	Index int
	Field string
	// Bits are facts of a fresh result (DecodedBits), or of an unknown
	// one that some return takes from a shared cache (Cached,
	// SharesCache).
	Bits Bits
	// Owned: every object the function returns here it made itself (a
	// literal, a constructor's, a decoded or a deep copy), whatever it
	// holds (a deep copy keeps the resourceVersion): the caller's own,
	// shared with no cache or field.
	Owned bool
	// Read: some return gives an object read from the API server or a
	// cache, and the function writes nothing (a lookup helper:
	// getExisting(lister, desired)); a caller records the call as a read
	// of the object it returns.
	Read bool
	// Fields are, for a result that is a struct grouping objects in its
	// fields (a holder), the facts of a shared cache (Cached,
	// SharesCache) that some return gives the objects of each field, by
	// field name (a sorted list: facts must encode deterministically).
	Fields []FieldBits
}

// FieldBits are facts of the objects in one field of a holder result.
type FieldBits struct {
	Name string
	Bits Bits
	// From are the fields of holder parameters whose objects the field
	// may hold (a function that regroups what it is given: out.Old =
	// append(out.Old, x) for x in groups.Creating).
	From []FieldFrom
}

// FieldFrom names the objects of field Field of parameter Param (-1: the
// receiver), a holder.
type FieldFrom struct {
	Param int
	Field string
}

// FieldFacts returns the facts of field name of a holder result.
func (r *Result) FieldFacts(name string) Bits {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Bits
		}
	}
	return 0
}

// SummaryOf returns the summary of fn: a function of the package that
// takes or returns objects (computed on first use), or an exported
// function of another package of the main module (from its facts); nil
// otherwise. It is safe for concurrent use.
func (p *Package) SummaryOf(fn *types.Func) *Summary {
	fn = p.resolve(fn)
	if fn == nil {
		return nil
	}
	if fn.Pkg() != p.types {
		return p.imported[fn]
	}
	fd := p.decls[fn]
	if fd == nil || !p.isSummarizable(fn) {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.summarize(fn, fd)
}

// CopyWritesParam returns the client writes that fn makes of deep copies
// of the objects of its parameter i (-1: the receiver), from its
// summary.
func (s *Summary) CopyWritesParam(i int) []k8s.Write {
	if e := s.param(i); e != nil {
		return e.CopyWrites
	}
	return nil
}

// WritesParam returns the client writes that fn makes of the objects of
// its parameter i (-1: the receiver), from its summary.
func (s *Summary) WritesParam(i int) []k8s.Write {
	if e := s.param(i); e != nil {
		return e.Writes
	}
	return nil
}

// param returns the effect on parameter i's objects (-1: the receiver),
// nil when there is none.
func (s *Summary) param(i int) *Effect {
	switch {
	case s == nil:
		return nil
	case i == -1:
		return s.Recv
	case i < 0 || i >= len(s.Params):
		return nil
	}
	return s.Params[i]
}

// summaryOf returns the summary of fn, a function of the package with
// objects among its parameters or results; nil otherwise, and for a
// function being summarised (recursion).
func (p *Package) summaryOf(fn *types.Func, caller *analysis) *Summary {
	fn = p.resolve(fn)
	if fn == nil {
		return nil
	}
	if fn.Pkg() != p.types {
		return p.imported[fn]
	}
	fd := p.decls[fn]
	if fd == nil || !p.isSummarizable(fn) {
		return nil
	}
	if caller.summarizing {
		return p.summarize(fn, fd)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.summarize(fn, fd)
}

// summarize computes fn's summary; p.mu is held.
func (p *Package) summarize(fn *types.Func, fd *ast.FuncDecl) *Summary {
	if s, ok := p.summaries[fn]; ok {
		return s
	}
	if p.inProgress[fn] {
		return nil
	}
	p.inProgress[fn] = true
	f := p.analyzeForSummary(fd)
	if p.summarized == nil {
		p.summarized = map[ast.Node]*Func{}
	}
	p.summarized[fd] = f
	s := summaryFrom(f, fn, p.info)
	if p.handlers[fd] {
		s.forgetCachedEntry()
	}
	p.reassignedHolders(s, fn, fd)
	s.Snapshots = p.snapshotsOf(fn, fd)
	delete(p.inProgress, fn)
	p.summaries[fn] = s
	return s
}

// forgetCachedEntry drops Cached from the effects on the parameters and
// receiver of an event handler or predicate: it assumes its arguments are
// the informer cache's (entryState), which is not something it does to
// the objects of a caller that calls it directly (kubeblocks' Reconcile
// calls its predicate's filter on the object it read with Get).
func (s *Summary) forgetCachedEntry() {
	for _, e := range append([]*Effect{s.Recv}, s.Params...) {
		if e != nil {
			e.Bits &^= Cached
		}
	}
}

// isSummarizable reports whether fn takes or returns objects, or takes a
// holder of objects (a method of a per-request struct whose fields hold
// the objects it reconciles).
func (p *Package) isSummarizable(fn *types.Func) bool {
	return p.takesObjects(fn) || p.takesHolder(fn)
}

// takesHolder reports whether fn's receiver or a parameter is a pointer
// to a holder of objects (holders.go).
func (p *Package) takesHolder(fn *types.Func) bool {
	if v, ok := p.holderMethods.Load(fn); ok {
		return v.(bool)
	}
	v := p.holderParams(fn)
	p.holderMethods.Store(fn, v)
	return v
}

// holderParams computes takesHolder.
func (p *Package) holderParams(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return false
	}
	holderPtr := func(t types.Type) bool {
		_, ptr := types.Unalias(t).(*types.Pointer)
		return ptr && isHolderType(t, p.cache.isTrackable)
	}
	if sig.Recv() != nil && holderPtr(sig.Recv().Type()) {
		return true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		// A holder parameter by value too: the objects its fields point
		// to are the caller's.
		if isHolderType(sig.Params().At(i).Type(), p.cache.isTrackable) {
			return true
		}
	}
	return false
}

// takesObjects reports whether fn takes or returns objects (or returns a
// holder of them): the functions whose summaries other packages may use.
func (p *Package) takesObjects(fn *types.Func) bool {
	if v, ok := p.summarizable.Load(fn); ok {
		return v.(bool)
	}
	v := false
	if sig, _ := fn.Type().(*types.Signature); sig != nil {
		v = sig.Recv() != nil && p.cache.isTrackable(sig.Recv().Type())
		for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
			for i := 0; i < tup.Len() && !v; i++ {
				v = p.cache.isTrackable(tup.At(i).Type())
			}
		}
		// A function returning a holder of objects (holders.go).
		for i := 0; i < sig.Results().Len() && !v; i++ {
			v = isHolderType(sig.Results().At(i).Type(), p.cache.isTrackable)
		}
	}
	p.summarizable.Store(fn, v)
	return v
}

// summaryFrom reads a summary off the analysis of fn.
func summaryFrom(f *Func, fn *types.Func, info *types.Info) *Summary {
	sig := fn.Type().(*types.Signature)
	s := &Summary{Params: make([]*Effect, sig.Params().Len()), Results: make([]Result, sig.Results().Len())}
	params := map[int32]int{} // Param object -> index
	for _, v := range f.Values() {
		if v.Kind != Param {
			continue
		}
		idx := astx.ParamIndex(sig, v.Var)
		params[v.ID] = idx
		e := effectOf(f, v)
		if fields := fieldEffects(f, v); len(fields) > 0 {
			if e == nil {
				e = &Effect{}
			}
			e.Fields = fields
		}
		if idx == -1 {
			s.Recv = e
		} else if idx >= 0 {
			s.Params[idx] = e
		}
	}
	for i := range s.Results {
		s.Results[i] = resultOf(f, i, params)
		if idx, ok := timestampResult(f, i, sig, info); ok {
			s.Results[i] = Result{Kind: ResultTimestamp, Index: idx}
		}
		// A lookup helper reads and sends nothing: the object that a
		// write returns (the response to an Update or an apply) is no
		// sign of a read of the current object.
		s.Results[i].Read = s.Results[i].Read && len(f.Writes) == 0
	}
	s.Patches = patchSends(f, params)
	s.QuietIfFalse, s.QuietKeep, s.QuietIfNil = f.quietIfFalse, f.quietKeep, f.quietIfNil
	return s
}

// patchSends returns the controller-runtime patches that f sends for a
// parameter's object with a parameter's patch, neither re-bound before
// the send.
func patchSends(f *Func, params map[int32]int) []PatchSend {
	var out []PatchSend
	for _, w := range f.Writes {
		if w.Via != nil || w.Write.API != k8s.APIControllerRuntime || w.Write.Op != k8s.OpPatch || len(w.Object) != 1 {
			continue
		}
		// The patch follows the object: Patch(ctx, obj, patch, opts...).
		i := argIndex(w.Call, w.Write.Object) + 1
		if i <= 0 || i >= len(w.Args) || len(w.Args[i]) != 1 {
			continue
		}
		obj, okObj := params[w.Object[0]]
		patch, okPatch := params[w.Args[i][0]]
		if !okObj || !okPatch || obj < 0 || patch < 0 {
			continue
		}
		facts := w.Facts(w.Object[0])
		ps := PatchSend{Obj: obj, Patch: patch, Filled: facts.Has(Filled)}
		if ch, ok := firstSeenChange(facts.Changes); ok {
			ps.Change = ch.What
		}
		out = append(out, ps)
	}
	return out
}

// firstSeenChange returns the change made first in the source among the
// seen ones (not presumed).
func firstSeenChange(changes []Change) (Change, bool) {
	var out Change
	found := false
	for _, ch := range changes {
		if !ch.Presumed && (!found || ch.Pos < out.Pos) {
			out, found = ch, true
		}
	}
	return out, found
}

// effectOf is what happened to a parameter's object by the time the
// function returns. A function that never returns does nothing for its
// callers.
func effectOf(f *Func, v *Value) *Effect {
	facts := f.ExitFacts(v.ID)
	if facts == nil {
		return nil
	}
	e := &Effect{
		Bits:    facts.Bits &^ (Foreign | MaybeDeleting | Deleting | Returned | pathOnly),
		Changes: madeChanges(f, v, facts.Changes),
		Settled: madeChanges(f, v, settledChanges(f, v, facts.Changes)),
	}
	for _, w := range f.Writes {
		if w.Object.Has(v.ID) {
			e.Writes = append(e.Writes, w.Write)
			e.Before = append(e.Before, w.Facts(v.ID).All()&^(Foreign|MaybeDeleting|Deleting|pathOnly))
			e.Later = append(e.Later, notPendingAt(w.Facts(v.ID), facts.Changes))
			at := w.Call
			if w.Field != "" && w.At != nil {
				at = w.At
			}
			e.At = append(e.At, at)
		}
	}
	e.CopyWrites = copyWrites(f, v)
	if e.Bits == 0 && len(e.Changes) == 0 && len(e.Writes) == 0 && len(e.Settled) == 0 && len(e.CopyWrites) == 0 {
		return nil
	}
	return e
}

// notPendingAt returns the indices of the seen changes among changes (an
// object's at the exits) that the facts at a write do not hold.
func notPendingAt(at *Facts, changes []Change) []int {
	var out []int
	for i, c := range changes {
		if c.Presumed {
			continue
		}
		if at == nil || !slices.ContainsFunc(at.Changes, func(x Change) bool { return sameChange(x, c) }) {
			out = append(out, i)
		}
	}
	return out
}

// copyWrites returns the client writes that f makes of deep copies of
// object v: a write of a copy made in f, or a call that hands such a
// copy, or v itself, to a function that writes a copy of it.
func copyWrites(f *Func, v *Value) []k8s.Write {
	var out []k8s.Write
	add := func(w k8s.Write) {
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	for _, w := range f.Writes {
		if w.Object.Has(v.ID) {
			continue
		}
		for _, id := range w.Object {
			if copySource(f, id, w.Facts(id)) == v.ID {
				add(w.Write)
			}
		}
	}
	for _, cw := range f.copyWrites {
		for _, id := range cw.objects {
			if id == v.ID || copySource(f, id, cw.facts[id]) == v.ID {
				for _, w := range cw.writes {
					add(w)
				}
			}
		}
	}
	return out
}

// factsOf returns the facts of the objects of set.
func (a *analysis) factsOf(set Set) map[int32]*Facts {
	out := make(map[int32]*Facts, len(set))
	for _, id := range set {
		out[id] = a.facts(id)
	}
	return out
}

// copySource returns the object that value id, with facts, is a deep copy
// of (a call's result), or -1.
func copySource(f *Func, id int32, facts *Facts) int32 {
	if c := f.Value(id); c == nil || !isDeepCopy(c) || facts == nil || len(facts.Sources) != 1 {
		return -1
	}
	return facts.Sources[0]
}

// settledChanges returns the seen changes f made to object v that are
// no longer pending at its exit (pending, those of the exit facts).
func settledChanges(f *Func, v *Value, pending []Change) []Change {
	var out []Change
	for _, cs := range f.Changes {
		if cs.Presumed || !cs.Objects.Has(v.ID) || slices.ContainsFunc(pending, func(c Change) bool { return sameChange(c, cs.Change) }) {
			continue
		}
		out = addChange(out, cs.Change)
	}
	return out
}

// madeChanges returns the changes of parameter object v, each seen
// change that f writes the object after marked Made here: f is where
// the object is changed and written, so a copy made there spares its
// callers' objects. A change already Made in a callee keeps it: the
// innermost function that writes after the change is where it is made.
// It never modifies changes.
func madeChanges(f *Func, v *Value, changes []Change) []Change {
	var out []Change
	for i, c := range changes {
		if c.Made != nil || c.Presumed || !c.Pos.IsValid() || !writtenAfter(f, v.ID, c) {
			continue
		}
		site := f.changeSite(c)
		if site == nil {
			continue
		}
		if out == nil {
			out = slices.Clone(changes)
		}
		out[i].Made = &Made{Pos: c.Pos, What: c.What, Object: site.Object}
	}
	if out == nil {
		return changes
	}
	return out
}

// writtenAfter reports whether f writes object id at a point where its
// change c is already made.
func writtenAfter(f *Func, id int32, c Change) bool {
	for _, w := range f.Writes {
		if !w.Object.Has(id) {
			continue
		}
		// A change the write tried and failed to send is Tried after it
		// (on the path where it failed): the same change.
		if facts := w.Facts(id); facts != nil && slices.ContainsFunc(facts.Changes, func(x Change) bool {
			c.Tried = x.Tried
			return sameChange(x, c)
		}) {
			return true
		}
	}
	return false
}

// fieldEffects are the effects on the objects loaded from the fields of
// a holder parameter's object v (x.obj where x is the receiver), by field
// name.
func fieldEffects(f *Func, v *Value) []FieldEffect {
	if _, st := structOf(v.Type); st == nil {
		return nil
	}
	var out []FieldEffect
	for _, l := range f.Values() {
		if l.Kind != Load || l.Base != v.ID || strings.HasPrefix(l.Field, "[") {
			continue
		}
		if e := effectOf(f, l); e != nil {
			out = append(out, FieldEffect{Name: l.Field, Type: l.Type, Effect: e})
		}
	}
	slices.SortFunc(out, func(a, b FieldEffect) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// reassignedHolders marks the effects of the holder parameters whose
// fields fd assigns (x.obj = other): its callers no longer know what the
// fields hold.
func (p *Package) reassignedHolders(s *Summary, fn *types.Func, fd *ast.FuncDecl) {
	if s == nil || fd.Body == nil || !p.takesHolder(fn) {
		return
	}
	sig := fn.Type().(*types.Signature)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for _, lhs := range as.Lhs {
			lhs = ast.Unparen(lhs)
			if ix, ok := lhs.(*ast.IndexExpr); ok {
				lhs = ast.Unparen(ix.X) // x.items[i] = y: x.items's elements
			}
			sel, ok := lhs.(*ast.SelectorExpr)
			if !ok {
				continue
			}
			id, ok := ast.Unparen(sel.X).(*ast.Ident)
			if !ok {
				continue
			}
			v, _ := p.info.Uses[id].(*types.Var)
			if v == nil || !p.cache.isTrackable(p.info.TypeOf(sel)) {
				continue
			}
			switch idx := astx.ParamIndex(sig, v); {
			case idx == -1:
				s.Recv = reassigned(s.Recv)
			case idx >= 0 && idx < len(s.Params):
				s.Params[idx] = reassigned(s.Params[idx])
			}
		}
		return true
	})
}

func reassigned(e *Effect) *Effect {
	if e == nil {
		e = &Effect{}
	}
	e.Reassigns = true
	return e
}

// resultOf tells where result i comes from on every return that yields an
// object.
func resultOf(f *Func, i int, params map[int32]int) Result {
	var out Result
	seen, unknown := false, false
	var cached Bits
	owned, any, read := true, false, false
	for _, r := range f.Returns {
		if i >= len(r.Results) {
			return Result{}
		}
		set := r.Results[i]
		if len(set) == 0 {
			continue // nil, or not an object
		}
		any = true
		for _, id := range set {
			cached |= r.Facts(id).All() & (Cached | SharesCache)
			read = read || r.Facts(id).Has(Filled|Cached|SharesCache)
			owned = owned && ownedValue(f.Value(id), r.Facts(id))
		}
		res := classifyResult(f, r, set, params)
		switch {
		case unknown:
		case res.Kind == ResultUnknown:
			unknown = true
		case !seen:
			out, seen = res, true
		case res.Kind != out.Kind || res.Index != out.Index || res.Field != out.Field:
			unknown = true
		default:
			out.Bits |= res.Bits
		}
	}
	if unknown {
		out = Result{Bits: cached}
	}
	out.Owned = owned && any && cached == 0
	out.Read = read
	out.Fields = holderResultFields(f, i, params)
	return out
}

// holderResultFields returns the cache facts of the objects in each field
// of result i, a holder, over every return.
func holderResultFields(f *Func, i int, params map[int32]int) []FieldBits {
	var byName map[string]*FieldBits
	for _, r := range f.Returns {
		for field, set := range r.Fields[i] {
			var bits Bits
			for _, id := range set {
				bits |= r.Facts(id).All() & (Cached | SharesCache)
			}
			from := paramFields(f, set, params)
			if bits == 0 && len(from) == 0 {
				continue
			}
			if byName == nil {
				byName = map[string]*FieldBits{}
			}
			fb := byName[field]
			if fb == nil {
				fb = &FieldBits{Name: field}
				byName[field] = fb
			}
			fb.Bits |= bits
			for _, ff := range from {
				if !slices.Contains(fb.From, ff) {
					fb.From = append(fb.From, ff)
				}
			}
		}
	}
	var out []FieldBits
	for _, name := range slices.Sorted(maps.Keys(byName)) {
		out = append(out, *byName[name])
	}
	return out
}

// paramFields returns the fields of holder parameters that the objects
// of set were loaded from (x in range groups.Creating).
func paramFields(f *Func, set Set, params map[int32]int) []FieldFrom {
	var out []FieldFrom
	for _, id := range set {
		v := f.Value(id)
		if v == nil || v.Kind != Load {
			continue
		}
		idx, ok := params[v.Base]
		if !ok || strings.HasPrefix(v.Field, "[") {
			continue
		}
		ff := FieldFrom{Param: idx, Field: strings.TrimSuffix(v.Field, "[]")}
		if !slices.Contains(out, ff) {
			out = append(out, ff)
		}
	}
	return out
}

// ownedValue reports whether v, with facts at a return, is an object the
// function made itself: a literal, a constructor's or decoder's result,
// or a deep copy (a DeepCopy call; a struct value copy shares what its
// source references).
func ownedValue(v *Value, facts *Facts) bool {
	if v == nil || facts.Has(Cached|SharesCache) {
		return false
	}
	switch v.Kind {
	case Alloc, Fresh, Decoded:
		return true
	case Copy:
		return isDeepCopy(v)
	}
	return false
}

// isDeepCopy reports whether v, a copy, is a call's deep copy (a
// DeepCopy call; a struct value copy shares what its source references).
func isDeepCopy(v *Value) bool {
	_, call := v.Node.(*ast.CallExpr)
	return v.Kind == Copy && call
}

func classifyResult(f *Func, r *ReturnSite, set Set, params map[int32]int) Result {
	if len(set) == 1 {
		v := f.Value(set[0])
		if idx, ok := params[v.ID]; ok {
			return Result{Kind: ResultParam, Index: idx}
		}
		if idx, ok := params[copySource(f, v.ID, r.Facts(v.ID))]; ok {
			return Result{Kind: ResultCopy, Index: idx}
		}
		if v.Kind == Load {
			if idx, ok := params[v.Base]; ok {
				return Result{Kind: ResultLoad, Index: idx, Field: v.Field}
			}
		}
	}
	var bits Bits
	for _, id := range set {
		facts := r.Facts(id)
		if facts.Has(Foreign | Filled | Escaped | Captured | Cached | SharesCache) {
			return Result{}
		}
		bits |= facts.Bits & DecodedBits
	}
	return Result{Kind: ResultFresh, Bits: bits}
}

// writesMain reports whether one of writes is an Update or Patch of the
// main resource (the writes that set SentMain).
func writesMain(writes []k8s.Write) bool {
	return slices.ContainsFunc(writes, k8s.Write.IsMain)
}

// applySummary applies what fn does to the objects of a call's receiver
// and arguments, and returns its results.
func (a *analysis) applySummary(site *CallSite, fn *types.Func, s *Summary) []Set {
	name := types.ExprString(site.Call.Fun)
	var before map[int32]*Facts
	if len(s.QuietIfFalse) > 0 || len(s.QuietIfNil) > 0 {
		before = a.argFacts(site)
	}
	var apply func(set Set, e *Effect, expr ast.Expr, field string)
	apply = func(set Set, e *Effect, expr ast.Expr, field string) {
		if e == nil {
			return
		}
		if h := a.holderOf(expr); h != nil && field == "" {
			a.applyToHolder(site, h, e, expr, apply)
			return
		}
		if len(set) == 0 {
			return
		}
		a.addBits(set, e.Bits&^(SentMain|SentStatus|SentOther|Created|Filled|StatusCopied))
		for _, c := range e.Changes {
			a.change(set, Change{Pos: site.Call.Pos(), Path: c.Path, What: name, Presumed: c.Presumed, Indirect: c.Indirect, Made: c.Made, Tried: c.Tried, Reorders: c.Reorders}, expr)
		}
		if e.Bits&StatusCopied != 0 {
			// Copied at the callee's exit, after the changes it made.
			a.addBits(set, StatusCopied)
		}
		for _, c := range e.Settled {
			// Made to the memory, not pending: a change site, no fact.
			a.changeSite(set, Change{Pos: site.Call.Pos(), Path: c.Path, What: name, Indirect: c.Indirect, Made: c.Made}, expr)
		}
		first := 0
		if len(e.Writes) > 0 {
			first, _ = writeIndex(s, e)
		}
		for i, w := range e.Writes {
			var at *ast.CallExpr
			if field != "" && i < len(e.At) {
				at = e.At[i]
			}
			var later [][]string
			if i < len(e.Later) {
				for _, j := range e.Later[i] {
					later = append(later, e.Changes[j].Path)
				}
			}
			a.writeVia(site, w, fn, set, e.Before[i], later, first+i, field, at, expr)
		}
		if len(e.CopyWrites) > 0 && a.recording {
			a.out.noteCopyWrites(site.Call, set, e.CopyWrites, a.factsOf(set))
		}
		if e.Bits&SentMain != 0 && !writesMain(e.Writes) {
			a.patchedByHelper(set, site.Call.Pos()) // sent with no write site: the patch helper
		}
		if e.Bits&Filled != 0 {
			a.addBits(set, Filled)
		}
		for _, fe := range e.Fields {
			apply(a.loads(set, fe.Name, site.Call, fe.Type), fe.Effect, fieldOf(expr, fe.Name), fe.Name)
		}
		if e.Reassigns || e.Bits&(Escaped|Captured) != 0 {
			a.touchHolders(set) // s.reload(): the fields may hold other objects
		}
	}
	apply(site.Recv, s.Recv, recvExpr(site.Call), "")
	for i, e := range s.Params {
		if i < len(site.Args) {
			apply(site.Args[i], e, site.Call.Args[i], "")
		}
	}
	out := a.results(site.Call, 0)
	for i, r := range s.Results {
		if i >= len(out) || out[i] == nil {
			continue
		}
		arg := func(idx int) Set {
			if idx == -1 {
				return site.Recv
			}
			if idx >= 0 && idx < len(site.Args) {
				return site.Args[idx]
			}
			return nil
		}
		switch r.Kind {
		case ResultUnknown:
			a.addBits(out[i], r.Bits) // a cached object of the callee
		case ResultFresh:
			val := a.newValue(Fresh, site.Call, nil, i, a.vals.all[out[i][0]].Type, r.Bits)
			val.Via = fn
			out[i] = Set{val.ID}
		case ResultParam:
			if s := arg(r.Index); s != nil {
				out[i] = s
			}
		case ResultCopy:
			if s := arg(r.Index); s != nil {
				out[i] = a.copyOf(s, site.Call, a.vals.all[out[i][0]].Type, false)
			}
		case ResultLoad:
			if s := arg(r.Index); s != nil {
				out[i] = a.loads(s, r.Field, site.Call, a.vals.all[out[i][0]].Type)
			}
		}
	}
	a.recordHelperReads(site, s, out)
	a.quietOutcome(site, s, before)
	return out
}

// recordHelperReads records the call of a lookup helper, whose summary
// says that a result may be an object read from the API server or a
// cache, as a read of the objects that result returns.
func (a *analysis) recordHelperReads(site *CallSite, s *Summary, out []Set) {
	if !a.recording {
		return
	}
	var into Set
	for i, r := range s.Results {
		if r.Read && i < len(out) {
			into = union(into, out[i])
		}
	}
	if len(into) > 0 {
		a.out.addRead(&ReadSite{CallSite: site, Into: into})
	}
}

// writeIndex numbers the writes of a summary's effects apart (those of
// the receiver, its fields, then each parameter and its fields), so that
// the writes of one call through two objects get distinct keys: it
// returns the number of writes before e's, and whether e is in s.
func writeIndex(s *Summary, e *Effect) (int, bool) {
	n, found := writesBefore(s.Recv, e)
	for i := 0; i < len(s.Params) && !found; i++ {
		var k int
		k, found = writesBefore(s.Params[i], e)
		n += k
	}
	return n, found
}

// writesBefore counts the writes of top and its fields met before e, and
// reports whether e was met.
func writesBefore(top, e *Effect) (int, bool) {
	if top == nil {
		return 0, false
	}
	if top == e {
		return 0, true
	}
	n := len(top.Writes)
	for _, fe := range top.Fields {
		k, found := writesBefore(fe.Effect, e)
		n += k
		if found {
			return n, true
		}
	}
	return n, false
}

// applyToHolder applies e, the effect of a method of the package on a
// local holder h it is called on (v.process() where v := T{obj: ...}),
// to the objects in h's fields; when the method assigns h's fields or
// lets h escape, they hold unknown objects after the call.
func (a *analysis) applyToHolder(site *CallSite, h *types.Var, e *Effect, expr ast.Expr, apply func(Set, *Effect, ast.Expr, string)) {
	for _, fe := range e.Fields {
		// "pending[]": the elements of a slice field ranged over.
		if f := fieldVar(h.Type(), strings.TrimSuffix(fe.Name, "[]")); f != nil && a.trackable(f.Type()) {
			apply(a.slotObjects(a.slot(h, f), site.Call), fe.Effect, fieldOf(expr, fe.Name), fe.Name)
		}
	}
	if e.Reassigns || e.Bits&(Escaped|Captured) != 0 {
		a.resetHolder(h, site.Call)
	}
}

// fieldOf is the expression x.name for the holder expression x of a
// call, naming the object in its field for messages (nil without x). The
// selector is made here: it has no type information and no position of
// its own.
func fieldOf(x ast.Expr, name string) ast.Expr {
	if x == nil {
		return nil
	}
	x, _ = astx.StripAddr(x)
	if star, ok := ast.Unparen(x).(*ast.StarExpr); ok {
		x = star.X // (*groups).pending reads groups.pending
	}
	elems := strings.HasSuffix(name, "[]")
	var out ast.Expr = &ast.SelectorExpr{X: x, Sel: &ast.Ident{NamePos: x.End(), Name: strings.TrimSuffix(name, "[]")}}
	if elems {
		// The elements of a slice field: groups.pending[i].
		out = &ast.IndexExpr{X: out, Index: &ast.Ident{NamePos: x.End(), Name: "i"}}
	}
	return out
}

// analyzeForSummary analyses a function while summaries are computed
// (p.mu held): callees are summarised in the same critical section.
func (p *Package) analyzeForSummary(fd *ast.FuncDecl) *Func {
	return p.analyzeWith(fd, true)
}
