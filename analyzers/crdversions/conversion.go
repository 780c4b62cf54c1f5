package crdversions

import (
	"go/ast"
	"strings"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/passes/crdkinds"
)

// convState is what a kind version declares for controller-runtime's
// Hub/Convertible conversion.
type convState struct {
	hub          bool
	to, from     bool   // ConvertTo / ConvertFrom present (any signature)
	toOK, fromOK bool   // ... with the signature of conversion.Convertible
	problem      string // why a present method does not fit, for messages
	// own: ConvertTo and ConvertFrom of a protocol of the module's own
	// (shipwright's ConvertTo(ctx, *unstructured.Unstructured), called by
	// its own ConversionReview handler): the same parameters in both,
	// none of them a conversion.Hub or an object of the kind, so no
	// misspelt conversion.Convertible.
	own bool
}

// convertible reports whether the version implements conversion.Convertible.
func (c convState) convertible() bool { return c.toOK && c.fromOK }

// partial reports whether the version declares conversion methods that do
// not make it conversion.Convertible.
func (c convState) partial() bool { return (c.to || c.from) && !c.convertible() }

// conversionOf inspects the methods of kv's type.
func conversionOf(kv *crdkinds.Kind) convState {
	var c convState
	var params [2]string // ConvertTo's and ConvertFrom's parameter types
	for _, fd := range kv.Pkg.Methods[kv.Name] {
		switch fd.Name.Name {
		case "Hub":
			if fd.Type.Params.NumFields() == 0 && fd.Type.Results.NumFields() == 0 {
				c.hub = true
			}
		case "ConvertTo":
			c.to = true
			params[0] = ownParams(kv, fd)
			if why := convertSig(kv.Pkg, fd, "dst", false); why != "" {
				c.problem = firstNonEmpty(c.problem, "ConvertTo "+why)
			} else {
				c.toOK = true
			}
		case "ConvertFrom":
			c.from = true
			params[1] = ownParams(kv, fd)
			if why := convertSig(kv.Pkg, fd, "src", true); why != "" {
				c.problem = firstNonEmpty(c.problem, "ConvertFrom "+why)
			} else {
				c.fromOK = true
			}
		}
	}
	if c.to && c.from && !c.toOK && !c.fromOK && params[0] != "" && params[0] == params[1] {
		return convState{hub: c.hub, to: true, from: true, own: true}
	}
	if c.problem == "" {
		switch {
		case c.to && !c.from:
			c.problem = "has ConvertTo but no ConvertFrom"
		case c.from && !c.to:
			c.problem = "has ConvertFrom but no ConvertTo"
		}
	}
	return c
}

// convertSig checks `func (*T) ConvertX(x conversion.Hub) error`; it
// returns what is wrong, or "". ConvertFrom must have a pointer receiver
// or its result is lost.
func convertSig(p *crdkinds.Package, fd *ast.FuncDecl, param string, needPtr bool) string {
	if _, ptr := crdkinds.RecvBase(fd); needPtr && !ptr {
		return "has a value receiver, so the converted object is discarded"
	}
	ps, rs := fd.Type.Params, fd.Type.Results
	if ps.NumFields() != 1 || rs.NumFields() != 1 {
		return "must have the signature (" + param + " conversion.Hub) error"
	}
	f := fileOf(p, fd)
	if ip, name := crdkinds.Qualified(f, ps.List[0].Type); ip != k8s.Conversion || name != "Hub" || isPointer(ps.List[0].Type) {
		return "takes " + typeText(ps.List[0].Type) + " instead of conversion.Hub"
	}
	if id, ok := rs.List[0].Type.(*ast.Ident); !ok || id.Name != "error" {
		return "must return error"
	}
	return ""
}

// ownParams returns the parameter types of fd, a ConvertTo or
// ConvertFrom of kv, when none is a conversion.Hub or an object of kv's
// kind (what a misspelt conversion.Convertible takes), and "" otherwise.
func ownParams(kv *crdkinds.Kind, fd *ast.FuncDecl) string {
	f := fileOf(kv.Pkg, fd)
	var types []string
	for _, field := range fd.Type.Params.List {
		if ip, name := crdkinds.Qualified(f, field.Type); ip == k8s.Conversion && name == "Hub" {
			return ""
		}
		t := typeText(field.Type)
		if base := strings.TrimLeft(t, "*"); base == kv.Name || strings.HasSuffix(base, "."+kv.Name) {
			return ""
		}
		for range max(len(field.Names), 1) {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		return ""
	}
	return strings.Join(types, ", ")
}

func isPointer(e ast.Expr) bool {
	_, ok := e.(*ast.StarExpr)
	return ok
}

// fileOf returns the file of p that holds n.
func fileOf(p *crdkinds.Package, n ast.Node) *ast.File {
	for _, f := range p.Files {
		if f.FileStart <= n.Pos() && n.Pos() <= f.FileEnd {
			return f
		}
	}
	return nil
}

// hasConvertFuncs reports whether p declares conversion-gen style
// functions for kind (Convert_v1_Foo_To_v2_Foo).
func hasConvertFuncs(p *crdkinds.Package, kind string) bool {
	for _, fn := range p.Funcs {
		if strings.HasPrefix(fn, "Convert_") && strings.Contains(fn, "_"+kind+"_To_") {
			return true
		}
	}
	return false
}
