package statusupdate

import (
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
	"github.com/opvet/opvet/passes/statussubresource"
)

// callerStatusLost is rule 4: an object the function received is sent
// with a plain write that replaces it with what the server stored
// (controller-runtime), then with a status write, and its status is not
// changed in between. The status write can only send the stored status
// back: whatever status the caller set is lost, whether or not the
// function sees that change (the caller may be code opvet cannot see, or
// one of many reconcilers behind an interface). An object the function
// read itself holds no status change before the plain write unless one
// is seen (rule 1), so only parameters are judged here; the write then
// merely repeats the stored status, which changes nothing.
func (c *checker) callerStatusLost(f *objflow.Func, o *object) {
	if v := f.Value(o.id); v == nil || v.Kind != objflow.Param {
		return
	}
	for _, ws := range o.writes {
		if !ws.Write.IsStatus() || ws.Write.Op == k8s.OpCreate {
			continue
		}
		facts := ws.Facts(o.id)
		if facts.Has(leaves) || len(changed(facts, "", isStatusClass)) > 0 {
			continue // status changed again (or restored) after the plain write
		}
		if c.helperSetsStatus(ws, o.id) {
			continue // the helper that writes the status sets it first
		}
		if w := replacingWrite(o, ws, facts); w != nil {
			c.reportReplaced(w, ws)
			return
		}
	}
}

// helperSetsStatus reports whether ws is the status write of a helper of
// the package (updateStatus(ctx, c, obj)) that changes the status of the
// object id itself, on some path, before it sends it: that write sends
// the status the helper set, not the stored one.
func (c *checker) helperSetsStatus(ws *objflow.WriteSite, id int32) bool {
	if ws.Via == nil {
		return false
	}
	s := c.flow.SummaryOf(ws.Via)
	if s == nil {
		return false
	}
	if s.Recv != nil && ws.Recv.Has(id) && setsStatus(s.Recv) {
		return true
	}
	for i, args := range ws.Args {
		if i < len(s.Params) && s.Params[i] != nil && args.Has(id) && setsStatus(s.Params[i]) {
			return true
		}
	}
	return false
}

// setsStatus reports whether e changes the status of its object, whether
// a write of the function sends that change or it is left to the caller.
func setsStatus(e *objflow.Effect) bool {
	for _, ch := range slices.Concat(e.Changes, e.Settled) {
		if classify(ch.Path) == classStatus {
			return true
		}
	}
	return false
}

// isStatusClass selects the changes of the status.
func isStatusClass(cl fieldClass) bool { return cl == classStatus }

// replacingWrite returns the plain write of o that may precede the status
// write ws on a path, replaces o with what the server stored, and finds
// o as its caller gave it: not read, not left to other code, its status
// not changed in the function (rule 1 reports a status change it sees).
func replacingWrite(o *object, ws *objflow.WriteSite, facts *objflow.Facts) *objflow.WriteSite {
	for _, send := range facts.Sends {
		if send.Subresource != k8s.SubMain || send.Pos >= ws.Call.Pos() {
			continue
		}
		for _, w := range o.writes {
			if w.Call.Pos() != send.Pos || !w.Write.IsMain() || !decoded(w) {
				continue
			}
			before := w.Facts(o.id)
			if before.Has(objflow.Filled|leaves) || len(changed(before, "", isStatusClass)) > 0 {
				continue
			}
			return w
		}
	}
	return nil
}

// reportReplaced reports the plain write w that makes the status write ws
// send the stored status, unless the kind is known to have no status
// subresource (rule 3 reports ws). A kind that is not known (client.Object)
// is judged: the function writes its status, so it has one, or that
// write fails.
func (c *checker) reportReplaced(w, ws *objflow.WriteSite) {
	info := c.kind.Of(w.Kind(c.pass.TypesInfo))
	if info.Status == statussubresource.No {
		return
	}
	name := objectName(w)
	c.rep.Report(analysis.Diagnostic{
		Pos: w.Call.Pos(), End: w.Call.End(),
		Message: fmt.Sprintf("%[1]s is sent with %[2]s, which replaces %[1]s with what the server stored, before "+
			"%[3]s at line %[4]d with no status change between: that write sends the stored status back, so the "+
			"status changes the caller made to %[1]s are lost (without any, the status write does nothing); %[5]s",
			name, callName(w), ws.Write.CallName(), c.line(ws.Call.Pos()), replacedFix(w, name)),
	})
}

// replacedFix says how to keep the caller's status across w: a merge
// patch needs no resourceVersion, so a deep copy can be sent; an Update
// must carry the new resourceVersion to the status write, so the status
// is saved and restored.
func replacedFix(w *objflow.WriteSite, name string) string {
	if w.Write.Op == k8s.OpPatch {
		return fmt.Sprintf("send a deep copy of %s with %s, or save the status before it and restore it after", name, w.Write.CallName())
	}
	fix := fmt.Sprintf("save the status before %s and restore it after", w.Write.CallName())
	if t := w.Write.Kind; t != nil && k8s.IsConcreteObject(t) {
		fix += fmt.Sprintf(" (status := %s.Status.DeepCopy() ... %s.Status = *status)", name, name)
	}
	return fix
}

func (c *checker) line(pos token.Pos) int { return c.pass.Fset.Position(pos).Line }
