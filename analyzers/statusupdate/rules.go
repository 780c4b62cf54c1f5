package statusupdate

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/opvet/opvet/internal/astx"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/passes/statussubresource"
)

// checkObject applies rules 1 (status sent with a plain write) and 2
// (spec or metadata sent with a status write only) to one local object.
func (c *checker) checkObject(o *object) {
	var plain, status []k8s.Write
	for _, w := range o.writes {
		switch {
		case w.IsMain():
			plain = append(plain, w)
		case w.IsStatus() && w.Op != k8s.OpCreate:
			status = append(status, w)
		default:
			return // create, apply, CreateOrUpdate, other or unknown subresource
		}
	}
	if len(o.writes) == 0 {
		return
	}
	info := c.kind.Of(o.writes[0].Kind)
	if info.Status != statussubresource.Yes {
		return
	}
	switch {
	case len(status) == 0 && !o.statusCopied:
		c.statusDropped(o, plain, info)
	case len(plain) == 0:
		c.specDropped(o, status, info)
	}
}

// statusDropped is rule 1: status changed, object sent only with Update
// or Patch of the main resource.
func (c *checker) statusDropped(o *object, plain []k8s.Write, info statussubresource.Info) {
	for _, w := range plain {
		lost := o.changedBefore(w.Call.Pos(), func(cl fieldClass) bool { return cl == classStatus })
		if len(lost) == 0 {
			continue
		}
		onlyStatus := !o.unknownChange && len(o.changedBefore(token.NoPos, func(cl fieldClass) bool {
			return cl != classStatus
		})) == 0
		d := analysis.Diagnostic{
			Pos: w.Call.Pos(), End: w.Call.End(),
			Message: fmt.Sprintf("%s %s written but %s is sent only with %s, which drops status changes "+
				"because %s has the status subresource: write status with %s",
				listFields(lost), verb(lost), types.ExprString(o.expr), w.CallName(), info.Name, statusCallName(w)),
		}
		if onlyStatus {
			d.SuggestedFixes = c.toStatusFix(w)
		}
		c.rep.Report(d)
		return
	}
}

// specDropped is rule 2: spec or metadata changed, object sent only with
// status writes.
func (c *checker) specDropped(o *object, status []k8s.Write, info statussubresource.Info) {
	dropped := func(cl fieldClass) bool {
		if info.Origin == statussubresource.OriginCRD {
			return cl != classStatus
		}
		// Built-in status strategies reset the spec; some keep
		// metadata changes (pods/status keeps labels).
		return cl == classSpec
	}
	for _, w := range status {
		lost := o.changedBefore(w.Call.Pos(), dropped)
		if len(lost) == 0 {
			continue
		}
		c.rep.Report(analysis.Diagnostic{
			Pos: w.Call.Pos(), End: w.Call.End(),
			Message: fmt.Sprintf("%s %s written but %s is sent only with %s, which persists nothing but "+
				"status because %s has the status subresource: send those changes with Update or Patch as well",
				listFields(lost), verb(lost), types.ExprString(o.expr), w.CallName(), info.Name),
		})
		return
	}
}

// changedBefore lists the distinct labels of changes before pos (any
// position when pos is NoPos) whose class matches.
func (o *object) changedBefore(pos token.Pos, match func(fieldClass) bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, ch := range o.changes {
		if (pos.IsValid() && ch.pos >= pos) || !match(ch.class) || seen[ch.label] {
			continue
		}
		seen[ch.label] = true
		out = append(out, ch.label)
	}
	return out
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
