package mergefrom

import (
	"go/ast"
	"go/types"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/objflow"
)

// helperSend is a patch that a function of the module sends: the object
// of parameter obj with the patch of parameter patch, which the function
// never re-binds.
type helperSend struct {
	obj, patch int
	// change is the function's first change of the object before the
	// send, nil when it makes none.
	change *change
	// fills: the function reads the object from the API server before
	// the send, so a base copied by the caller is stale.
	fills bool
}

// helperCall checks a call of a function of the module that sends a
// patch it is given for an object it is given: a base that is that object
// itself makes the patch empty when the object changes in between, in
// the caller or in the function (intel/trusted-certificate-issuer#28).
func (c *checker) helperCall(f *objflow.Func, site *objflow.CallSite) {
	if site.Callee == nil {
		return
	}
	for _, h := range c.helperSends(site.Callee) {
		if h.obj >= len(site.Args) || h.patch >= len(site.Args) {
			continue
		}
		obj := site.Args[h.obj]
		for _, pid := range site.Args[h.patch] {
			c.helperPatch(f, site, h, pid, obj)
		}
	}
}

func (c *checker) helperPatch(f *objflow.Func, site *objflow.CallSite, h helperSend, pid int32, obj objflow.Set) {
	p, facts := patchAt(f, site, pid)
	if p == nil || len(obj) == 0 || !obj.SubsetOf(facts.Base) || baseCaptured(site, facts, obj) {
		return
	}
	fd := newFinding(p, site)
	if fd == nil {
		return
	}
	switch {
	case facts.Has(objflow.BaseChanged) && len(facts.Changes) > 0 && !h.fills:
		fd.change = c.describe(first(facts.Changes)) // the caller's change
	case h.change != nil:
		fd.change, fd.helper = h.change, site.Callee
	default:
		return
	}
	c.note(fd)
}

// helperSends returns the patches that fn, a function of the module,
// sends for a parameter's object with a parameter's patch.
func (c *checker) helperSends(fn *types.Func) []helperSend {
	if out, ok := c.helpers[fn]; ok {
		return out
	}
	c.helpers[fn] = nil // recursion
	var out []helperSend
	decl := c.flow.Decl(fn)
	if decl == nil {
		// A function of another package of the module: its summary.
		out = importedSends(c.flow.SummaryOf(fn))
	}
	sig, _ := fn.Type().(*types.Signature)
	if decl != nil && decl.Body != nil && sig != nil {
		f := c.flow.Func(decl)
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			if _, ok := n.(*ast.FuncLit); ok {
				return false
			}
			if call, ok := n.(*ast.CallExpr); ok {
				if h, ok := c.helperSendAt(f, decl, sig, call); ok {
					out = append(out, h)
				}
			}
			return true
		})
	}
	c.helpers[fn] = out
	return out
}

// importedSends returns the patches that a function of another package
// of the module sends, from its summary (which holds no positions: the
// change is named by what makes it).
func importedSends(s *objflow.Summary) []helperSend {
	if s == nil {
		return nil
	}
	var out []helperSend
	for _, p := range s.Patches {
		h := helperSend{obj: p.Obj, patch: p.Patch, fills: p.Filled}
		if p.Change != "" {
			h.change = &change{what: p.Change}
		}
		out = append(out, h)
	}
	return out
}

// helperSendAt reads a helperSend off a Patch call of a function's body.
func (c *checker) helperSendAt(f *objflow.Func, decl *ast.FuncDecl, sig *types.Signature, call *ast.CallExpr) (helperSend, bool) {
	site := f.Call(call)
	if site == nil || site.Callee == nil || site.Callee.Name() != "Patch" {
		return helperSend{}, false
	}
	obj, _, ok := c.patchArgs(site)
	if !ok || len(obj) != 1 {
		return helperSend{}, false
	}
	v := f.Value(obj[0])
	id, _ := ast.Unparen(call.Args[2]).(*ast.Ident)
	if v == nil || v.Kind != objflow.Param || id == nil {
		return helperSend{}, false
	}
	pv, _ := c.info.Uses[id].(*types.Var)
	h := helperSend{obj: astx.ParamIndex(sig, v.Var), patch: astx.ParamIndex(sig, pv)}
	if h.obj < 0 || h.patch < 0 || astx.AssignsOrAddresses(c.info, decl.Body, pv) {
		return helperSend{}, false
	}
	facts := site.Facts(v.ID)
	h.fills = facts.Has(objflow.Filled)
	if len(facts.Changes) > 0 {
		ch := first(facts.Changes)
		h.change = &change{pos: ch.Pos, what: ch.What + " at " + astx.ShortPos(c.pass.Fset, ch.Pos)}
	}
	return h, true
}
