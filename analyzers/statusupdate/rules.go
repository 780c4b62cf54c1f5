package statusupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/objflow"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/passes/statussubresource"
)

// checkObject applies rules 1 (status changes sent with a plain write)
// and 2 (spec or metadata changes sent with a status write) to one
// object.
func (c *checker) checkObject(f *objflow.Func, o *object) {
	var plain, status []*objflow.WriteSite
	for _, w := range o.writes {
		switch {
		case w.Write.IsMain():
			plain = append(plain, w)
		case w.Write.IsStatus() && w.Write.Op != k8s.OpCreate:
			status = append(status, w)
		default:
			return // create, apply, CreateOrUpdate, other or unknown subresource
		}
		if w.Facts(o.id).Has(leaves) && !o.partial {
			return
		}
	}
	if !anyPending(o) {
		return // nothing to lose: skip the status subresource lookup
	}
	kind := o.writes[0].Kind(c.pass.TypesInfo)
	if v := f.Value(o.id); v != nil && k8s.IsConcreteObject(v.Type) {
		kind = v.Type
	}
	info := c.kind.Of(kind)
	if info.Status != statussubresource.Yes {
		return
	}
	c.statusDropped(f, o, plain, status, info)
	c.specDropped(f, o, status, plain, info)
}

// writtenElsewhere says where the first change of facts that match
// accepts was made when that is outside f, as " (at file.go:12)": a
// callback that f's callers bind, run where f calls it.
func (c *checker) writtenElsewhere(f *objflow.Func, w *objflow.WriteSite, facts *objflow.Facts, match func(fieldClass) bool) string {
	if facts == nil || !f.Contains(w.Call.Pos()) {
		return "" // a write of a bound callback: said as the callback's own analysis says it
	}
	first := token.NoPos
	for _, ch := range facts.Changes {
		if cl := classify(ch.Path); cl == 0 || !match(cl) || f.Contains(ch.Pos) {
			continue
		}
		if !first.IsValid() || ch.Pos < first {
			first = ch.Pos
		}
	}
	if !first.IsValid() {
		return ""
	}
	return " (at " + astx.ShortPos(c.pass.Fset, first) + ")"
}

// anyPending reports whether some write of o finds a change pending.
func anyPending(o *object) bool {
	for _, w := range o.writes {
		if f := w.Facts(o.id); f != nil && len(f.Changes) > 0 {
			return true
		}
	}
	return false
}

// statusDropped is rule 1: status changed and not yet sent with a status
// write when the object is sent with a plain Update or Patch, which
// persists everything but the status and (controller-runtime) replaces
// the object with what the server stored: the status change is lost,
// unless the status was saved, or changed again before a later status
// write.
func (c *checker) statusDropped(f *objflow.Func, o *object, plain, status []*objflow.WriteSite, info statussubresource.Info) {
	reported := map[token.Pos]bool{} // the status changes already reported lost
	for _, w := range plain {
		facts := w.Facts(o.id)
		if facts.Has(objflow.StatusCopied) || !o.judged(w) {
			continue
		}
		name := objectName(w)
		inner := c.methodWrite(w)
		if inner != nil {
			name = types.ExprString(astx.StripStar(inner.object))
		}
		// A helper's own status changes count where its write finds them
		// pending, not where it makes them after the write or on a path
		// without it.
		pending := withoutReorders(triedAndSent(w.PendingFacts(o.id)))
		if inner != nil {
			// The method's own changes, pending at its write, are
			// judged in the method (rule 1 there): the caller loses
			// only what it set before the call.
			pending = dropChanges(pending, func(ch objflow.Change) bool { return ch.At() >= w.Call.Pos() })
		}
		lost := changed(c.withoutCleared(pending, "Status"), name, isStatusClass)
		if len(lost) == 0 || resent(f, o, status, w, name, lost, isStatusClass) || !decoded(w) && (keptForCaller(f, o, w) || !losesNew(pending, reported)) {
			continue
		}
		if inner != nil {
			c.reportMethodWrite(w, inner, name, lost, info)
			continue
		}
		after := following(o, status, w)
		exit := f.ExitFacts(o.id)
		onlyStatus := !after && !exit.Has(objflow.UnknownChange|objflow.DecodedBits) &&
			len(changed(facts, name, func(cl fieldClass) bool { return cl != classStatus })) == 0
		msg := fmt.Sprintf("%s %s written%s but %s is sent only with %s, which drops status changes "+
			"because %s has the status subresource: write status with %s",
			listFields(lost), verb(lost), c.writtenElsewhere(f, w, facts, isStatusClass), name, callName(w), info.Name, statusCallName(w.Write))
		if after {
			msg = fmt.Sprintf("%s %s written before %s is sent with %s, which drops status changes because %s "+
				"has the status subresource and replaces %s with what the server stored, so the status write "+
				"after it sends the old status: change the status after %s, or save it before and restore it",
				listFields(lost), verb(lost), name, callName(w), info.Name, name, w.Write.CallName())
		}
		d := analysis.Diagnostic{Pos: w.Call.Pos(), End: w.Call.End(), Message: msg}
		if onlyStatus && w.Via == nil {
			d.SuggestedFixes = c.toStatusFix(w.Write)
		}
		c.rep.Report(d)
	}
}

// triedAndSent returns facts without the status changes pending only
// because a status write of them failed (Change.Tried), when a status
// write reached the write on another path: where it succeeded it stored
// them, and where it failed (its error logged, the code going on) the
// plain write loses nothing that the failed write did not. A plain write
// reached only where the status write failed (a fallback after a
// conflict) keeps them.
func triedAndSent(facts *objflow.Facts) *objflow.Facts {
	if facts == nil || !slices.ContainsFunc(facts.Sends, func(s objflow.Send) bool { return s.Subresource == k8s.SubStatus }) {
		return facts
	}
	return facts.WithoutChanges(func(c objflow.Change) bool { return c.Tried })
}

// innerWrite is a plain write that a method of the package makes of the
// object in a field of the struct it is called on: the call in the method
// and how it names the object and the write.
type innerWrite struct {
	call   *ast.CallExpr
	object ast.Expr
	write  string
}

// methodWrite returns the method's own write when w is one that a method
// of the package makes of the object in a field of its receiver or
// argument (v.process() updating v.obj, a per-request struct): the status
// set before the call is the method's to save and restore around its
// write, which is where the finding goes; nil for other writes.
func (c *checker) methodWrite(w *objflow.WriteSite) *innerWrite {
	at := w.At // in the package: summaries of other packages carry no syntax
	if w.Field == "" || at == nil {
		return nil
	}
	if at == w.Write.Call {
		if w.Write.Object == nil {
			return nil
		}
		obj, _ := astx.StripAddr(w.Write.Object)
		return &innerWrite{call: at, object: obj, write: w.Write.CallName()}
	}
	for _, arg := range at.Args {
		obj, _ := astx.StripAddr(arg)
		if sel, ok := ast.Unparen(obj).(*ast.SelectorExpr); ok && sel.Sel.Name == w.Field {
			return &innerWrite{call: at, object: obj,
				write: fmt.Sprintf("%s (which calls %s)", types.ExprString(at.Fun), w.Write.CallName())}
		}
	}
	return nil
}

// reportMethodWrite reports, once, the method's own write that drops the
// status its caller set.
func (c *checker) reportMethodWrite(w *objflow.WriteSite, inner *innerWrite, name string, lost []string, info statussubresource.Info) {
	if c.inner[inner.call.Pos()] {
		return
	}
	c.inner[inner.call.Pos()] = true
	msg := fmt.Sprintf("%s %s written before the call of %s at %s, which sends %s here with %s, so the "+
		"status change is lost: %s has the status subresource, and the write replaces %s with what the server "+
		"stored; save the status before %s and restore it after, or write the status first",
		listFields(lost), verb(lost), types.ExprString(w.Call.Fun), astx.ShortPos(c.pass.Fset, w.Call.Pos()),
		name, inner.write, info.Name, name, inner.write)
	c.rep.Report(analysis.Diagnostic{Pos: inner.call.Pos(), End: inner.call.End(), Message: msg})
}

// decoded reports whether the write replaces the object in memory with
// what the server stored (controller-runtime): the changes it drops are
// no longer pending after it, so another plain write that finds them
// pending is reached on another path, a site of its own.
func decoded(w *objflow.WriteSite) bool {
	return w.Write.API == k8s.APIControllerRuntime || w.Write.API == k8s.APIControllerutil
}

// keptForCaller reports whether o is an object the function was given
// (a parameter or its receiver, or an object in a field of one) and the
// function makes no status write
// after w: a write that does not replace the object in memory (client-go)
// leaves its status changes in the caller's object, which the caller may
// still send with a status write, as it would had the function made no
// write at all (knative's generated reconcilers update the status of
// ReconcileKind's object after it returns). A function that writes a
// status itself after w (w, err = c.Update(ctx, w); c.UpdateStatus(ctx,
// w)) meant to send it and is judged.
func keptForCaller(f *objflow.Func, o *object, w *objflow.WriteSite) bool {
	if !givenByCaller(f, o.id) {
		return false
	}
	return !slices.ContainsFunc(f.Writes, func(other *objflow.WriteSite) bool {
		return other.Write.IsStatus() && other.Call.Pos() > w.Call.Pos()
	})
}

// givenByCaller reports whether the object id is a parameter's (or the
// receiver's), or one read from a field of it (rctx.obj of a per-request
// struct): the caller holds it too.
func givenByCaller(f *objflow.Func, id int32) bool {
	v := f.Value(id)
	for depth := 0; v != nil && v.Kind == objflow.Load && depth < 8; depth++ {
		if !token.IsIdentifier(v.Field) || assignsField(f.Node, v.Field) {
			return false // the field may now hold another object, for the caller too
		}
		v = f.Value(v.Base)
	}
	return v != nil && v.Kind == objflow.Param
}

// assignsField reports whether node assigns a field named name of some
// struct (x.name = ..., x.name, err = ...).
func assignsField(node ast.Node, name string) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range as.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && sel.Sel.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// losesNew reports whether facts hold a pending status change that no
// earlier finding reported lost, and records them all: a write that does
// not replace the object (client-go) leaves its changes pending, so a
// later plain write that drops the same changes is not reported again.
func losesNew(facts *objflow.Facts, reported map[token.Pos]bool) bool {
	lostNew := false
	for _, ch := range facts.Changes {
		if classify(ch.Path) == classStatus && !reported[ch.Pos] {
			reported[ch.Pos] = true
			lostNew = true
		}
	}
	return lostNew
}

// specDropped is rule 2: spec or metadata changed and not yet sent with a
// plain write when the object is sent with a status write, which persists
// nothing but the status and replaces the rest with what the server
// stored.
func (c *checker) specDropped(f *objflow.Func, o *object, status, plain []*objflow.WriteSite, info statussubresource.Info) {
	dropped := func(cl fieldClass) bool {
		if info.Origin == statussubresource.OriginCRD {
			return cl != classStatus
		}
		// Built-in status strategies reset the spec; some keep
		// metadata changes (pods/status keeps labels).
		return cl == classSpec
	}
	for _, w := range status {
		name := objectName(w)
		lost := changed(c.withoutCleared(seenOnly(w.PendingFacts(o.id)), "Spec"), name, dropped)
		if len(lost) == 0 || !o.judged(w) || resent(f, o, plain, w, name, lost, dropped) {
			continue
		}
		msg := fmt.Sprintf("%s %s written but %s is sent only with %s, which persists nothing but "+
			"status because %s has the status subresource: send those changes with Update or Patch as well",
			listFields(lost), verb(lost), name, callName(w), info.Name)
		if following(o, plain, w) {
			msg = fmt.Sprintf("%s %s written before %s is sent with %s, which persists nothing but status "+
				"because %s has the status subresource and replaces %s with what the server stored, so the "+
				"write after it sends the old values: send those changes with Update or Patch before %s",
				listFields(lost), verb(lost), name, callName(w), info.Name, name, w.Write.CallName())
		}
		c.rep.Report(analysis.Diagnostic{Pos: w.Call.Pos(), End: w.Call.End(), Message: msg})
		return
	}
}

// withoutCleared leaves out of facts the changes that set the whole field
// (Spec or Status) to its zero value: they trim the payload of the write
// that ignores that field (tenantCopy.Spec = TenantSpec{} before
// UpdateStatus, minio's operator; hco.Status = HyperConvergedStatus{}
// before Update, kubevirt's HCO tests), and no write of the other kind is
// meant to store an empty spec or status, so nothing is lost. A field
// cleared and then set again keeps its later changes.
func (c *checker) withoutCleared(facts *objflow.Facts, field string) *objflow.Facts {
	return dropChanges(facts, func(ch objflow.Change) bool { return c.clears(ch, field) })
}

// clears reports whether ch assigns a zero value to the whole field.
func (c *checker) clears(ch objflow.Change, field string) bool {
	if len(ch.Path) != 1 || ch.Path[0] != field || ch.Presumed || ch.Made != nil {
		return false
	}
	if c.cleared == nil {
		c.cleared = clearedFields(c.pass)
	}
	return c.cleared[ch.Pos]
}

// clearedFields finds, in the package's files, the targets of
// assignments of a zero value to a field: x.F = T{} or x.F = nil.
func clearedFields(pass *analysis.Pass) map[token.Pos]bool {
	out := map[token.Pos]bool{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
				return true
			}
			for i, lhs := range as.Lhs {
				if _, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && isZeroValue(pass.TypesInfo, as.Rhs[i]) {
					out[lhs.Pos()] = true
				}
			}
			return true
		})
	}
	return out
}

// isZeroValue reports whether e is a composite literal without elements
// of a struct type, or nil.
func isZeroValue(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if lit, ok := e.(*ast.CompositeLit); ok {
		_, isStruct := info.TypeOf(lit).Underlying().(*types.Struct)
		return isStruct && len(lit.Elts) == 0
	}
	return astx.IsNil(info, e)
}

// following reports whether one of others may come after w on a path
// through it. Two writes that one helper call makes follow each other as
// the helper orders them: the later one finds the earlier one's send in
// what the helper gave the object before it (a status write on the
// branch that does not update the object follows nothing).
func following(o *object, others []*objflow.WriteSite, w *objflow.WriteSite) bool {
	return slices.ContainsFunc(others, func(other *objflow.WriteSite) bool {
		if other == w {
			return false
		}
		if sameHelperCall(other, w) {
			return other.Before&objflow.SendBit(w.Write.Op, w.Write.Subresource) != 0
		}
		return other.Facts(o.id).MayFollow(w.Call.Pos())
	})
}

// sameHelperCall reports whether a and b are two writes that one call of
// a helper of the package makes of the object it is given.
func sameHelperCall(a, b *objflow.WriteSite) bool {
	return a.Via != nil && a.Via == b.Via && a.Call == b.Call && a.Field == "" && b.Field == ""
}

// resent reports whether a write of the other kind after w still holds
// every lost change: the change was kept in memory (client-go typed
// clients return the stored object instead of replacing the one sent) or
// made again, and that write sends it. When w replaces the object with
// what the server stored (controller-runtime), the changes it finds
// pending are gone after it: a later write that holds one of them was
// reached on a path that skipped w (w in an if), and does not resend it
// (unless it is made after w in the text, again on the next turn of a
// loop). A write that no path through w reaches (w returns, or sits in
// the other branch) resends nothing of w's, whatever it holds; a write of
// a deferred function runs when f returns, after every write of f's
// own, and after the writes below its defer statement when it is itself
// deferred, which are judged by the text alone (a status write
// that failed left its change pending at the deferred write, and the
// error path that skips it is not modelled).
func resent(f *objflow.Func, o *object, others []*objflow.WriteSite, w *objflow.WriteSite, name string, lost []string, match func(fieldClass) bool) bool {
	atExit := f.InDeferred(w.Call.Pos())
	var gone map[token.Pos]bool
	if decoded(w) {
		gone = map[token.Pos]bool{}
		for _, ch := range w.Facts(o.id).Changes {
			if ch.Pos < w.Call.Pos() { // not one a loop makes again after w
				gone[ch.Pos] = true
			}
		}
	}
	for _, other := range others {
		// A write of a deferred function runs when f returns: after w
		// unless w runs then too.
		before := other.Call.Pos() <= w.Call.Pos() && (atExit || !f.InDeferred(other.Call.Pos()))
		if sameHelperCall(other, w) {
			// Ordered as the helper orders them (see following); after
			// a write that replaced the object, the helper's changes
			// that it found pending are gone, and which of them the
			// helper made again the summary does not say.
			before = decoded(w) || other.Before&objflow.SendBit(w.Write.Op, w.Write.Subresource) == 0
		}
		if before || !atExit && !other.Facts(o.id).MayFollow(w.Call.Pos()) {
			continue // before w, or on no path through it: it cannot resend what w dropped
		}
		have := changed(without(other.Facts(o.id), gone), name, match)
		if len(have) > 0 && containsAll(have, lost) {
			return true
		}
	}
	return false
}

func containsAll(have, want []string) bool {
	for _, x := range want {
		if !slices.Contains(have, x) {
			return false
		}
	}
	return true
}

// seenOnly returns facts without the presumed changes: a spec handed by
// address to code opvet cannot see (a hash, a database record, a
// validation) is read far more often than changed, and rule 2 reports
// only spec changes that were made. Nor does it report a slice sorted in
// place (sort.Strings(obj.Spec.Tags) to compare it): the write loses an
// order, not a value, and code that sorts a list treats its order as
// meaningless.
func seenOnly(facts *objflow.Facts) *objflow.Facts {
	return dropChanges(facts, func(ch objflow.Change) bool { return ch.Presumed || ch.Reorders })
}

// withoutReorders returns facts without the changes that only sort a
// slice in place: a write that drops one loses an order, not a value
// (seenOnly).
func withoutReorders(facts *objflow.Facts) *objflow.Facts {
	return dropChanges(facts, func(ch objflow.Change) bool { return ch.Reorders })
}

// without returns facts without the changes made at the positions in
// gone.
func without(facts *objflow.Facts, gone map[token.Pos]bool) *objflow.Facts {
	return dropChanges(facts, func(ch objflow.Change) bool { return gone[ch.Pos] })
}

// dropChanges returns facts without the changes that drop selects: facts
// itself when there are none, a copy otherwise.
func dropChanges(facts *objflow.Facts, drop func(objflow.Change) bool) *objflow.Facts {
	if facts == nil || !slices.ContainsFunc(facts.Changes, drop) {
		return facts
	}
	out := *facts
	out.Changes = slices.DeleteFunc(slices.Clone(facts.Changes), drop)
	return &out
}

// changed lists the distinct labels ("obj.Status.Phase") of the changes
// in facts whose class matches, in source order.
func changed(facts *objflow.Facts, name string, match func(fieldClass) bool) []string {
	if facts == nil {
		return nil
	}
	changes := slices.Clone(facts.Changes)
	sort.SliceStable(changes, func(i, j int) bool { return changes[i].Pos < changes[j].Pos })
	var out []string
	seen := map[string]bool{}
	for _, ch := range changes {
		// Class 0: metadata that no write drops (name, managed fields, ...).
		if cl := classify(ch.Path); cl == 0 || !match(cl) {
			continue
		}
		label := name
		for i, f := range ch.Path {
			if i == 2 {
				break
			}
			label += "." + f
		}
		if seen[label] {
			continue
		}
		seen[label] = true
		out = append(out, label)
	}
	return out
}

// objectName is the written object as the call spells it, without &.
func objectName(w *objflow.WriteSite) string {
	e := w.ObjectExpr()
	if e == nil {
		return "the object"
	}
	e, _ = astx.StripAddr(e)
	return types.ExprString(astx.StripStar(e))
}

// callName names the write for messages: "Update", "Status().Update", and
// for a write made by a function of the package, "r.save (which calls
// Update)".
func callName(w *objflow.WriteSite) string {
	if w.Via == nil {
		return w.Write.CallName()
	}
	return fmt.Sprintf("%s (which calls %s)", types.ExprString(w.Call.Fun), w.Write.CallName())
}

func listFields(labels []string) string {
	const maxListed = 3
	if len(labels) > maxListed {
		return strings.Join(labels[:maxListed], ", ") + fmt.Sprintf(" and %d more", len(labels)-maxListed)
	}
	if len(labels) > 1 {
		return strings.Join(labels[:len(labels)-1], ", ") + " and " + labels[len(labels)-1]
	}
	return labels[0]
}

func verb(labels []string) string {
	if len(labels) > 1 {
		return "are"
	}
	return "is"
}

// statusCallName is the status write to use instead of w.
func statusCallName(w k8s.Write) string {
	switch {
	case w.API == k8s.APITyped && w.Method == "Update", w.API == k8s.APIDynamic && w.Method == "Update":
		return "UpdateStatus"
	case w.API == k8s.APITyped || w.API == k8s.APIDynamic:
		return `Patch(..., "status")`
	}
	return "Status()." + w.Method
}

// checkNoSubresource is rule 3: a status write of a kind without the
// status subresource fails with 404.
func (c *checker) checkNoSubresource(w k8s.Write) {
	if !c.cfg.NoStatusSubresource || !w.IsStatus() || w.Kind == nil || !k8s.IsConcreteObject(w.Kind) {
		return
	}
	info := c.kind.Of(w.Kind)
	if info.Status != statussubresource.No {
		return
	}
	d := analysis.Diagnostic{
		Pos: w.Call.Pos(), End: w.Call.End(),
		Message: fmt.Sprintf("%s of %s fails with 404 \"the server could not find the requested resource\" "+
			"because %s has no status subresource: use %s", w.CallName(), info.Name, info.Name, plainName(w)),
	}
	d.SuggestedFixes = c.toPlainFix(w)
	c.rep.Report(d)
}

func plainName(w k8s.Write) string {
	if w.Method == "UpdateStatus" {
		return "Update"
	}
	return w.Method
}

// optionsFit reports whether w's options (if any) can be passed to the
// write of the other resource: controller-runtime's SubResourceWriter
// takes SubResource*Option, Writer takes *Option.
func optionsFit(info *types.Info, w k8s.Write) bool {
	if len(w.Call.Args) <= w.NumFixed || w.API != k8s.APIControllerRuntime {
		return true
	}
	fn := k8s.Callee(info, w.Call)
	recv := k8s.RecvNamed(fn)
	return recv != nil && recv.Obj().Name() == "StatusWriter" // before v0.15 both take *Option
}

// toStatusFix turns a plain write into the status write: r.Update(ctx,
// obj) -> r.Status().Update(ctx, obj); typed Update -> UpdateStatus.
func (c *checker) toStatusFix(w k8s.Write) []analysis.SuggestedFix {
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(w.Call.Fun).(*ast.SelectorExpr)
	if !ok || w.Recv == nil {
		return nil
	}
	switch w.API {
	case k8s.APIControllerRuntime:
		if len(w.Call.Args) > w.NumFixed || !hasMethod(info.TypeOf(w.Recv), "Status") {
			return nil
		}
		return []analysis.SuggestedFix{{
			Message:   "Write the status with Status()." + w.Method,
			TextEdits: []analysis.TextEdit{{Pos: w.Recv.End(), End: w.Recv.End(), NewText: []byte(".Status()")}},
		}}
	case k8s.APITyped:
		if w.Method != "Update" || !hasMethod(info.TypeOf(w.Recv), "UpdateStatus") {
			return nil
		}
		return []analysis.SuggestedFix{{
			Message:   "Write the status with UpdateStatus",
			TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("UpdateStatus")}},
		}}
	}
	return nil
}

// toPlainFix turns a status write into the plain write:
// r.Status().Update(ctx, obj) -> r.Update(ctx, obj); UpdateStatus ->
// Update.
func (c *checker) toPlainFix(w k8s.Write) []analysis.SuggestedFix {
	sel, ok := ast.Unparen(w.Call.Fun).(*ast.SelectorExpr)
	if !ok || w.Recv == nil {
		return nil
	}
	switch {
	case w.API == k8s.APIControllerRuntime:
		inner, ok := ast.Unparen(w.Recv).(*ast.CallExpr)
		if !ok || !optionsFit(c.pass.TypesInfo, w) {
			return nil
		}
		innerSel, ok := ast.Unparen(inner.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		return []analysis.SuggestedFix{{
			Message:   "Write the object with " + w.Method,
			TextEdits: []analysis.TextEdit{{Pos: innerSel.X.End(), End: inner.End(), NewText: nil}},
		}}
	case w.Method == "UpdateStatus" && hasMethod(c.pass.TypesInfo.TypeOf(w.Recv), "Update"):
		return []analysis.SuggestedFix{{
			Message:   "Write the object with Update",
			TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Update")}},
		}}
	}
	return nil
}

func hasMethod(t types.Type, name string) bool {
	return astx.Method(t, nil, name) != nil
}
