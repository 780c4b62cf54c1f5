package webhookconfig

import (
	"fmt"
	"go/ast"
	"go/token"
	"path"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/markersyntax"
)

// crdV1beta1Gone is how Kubernetes 1.22 and later answer a v1beta1 CRD.
const crdV1beta1Gone = `no matches for kind "CustomResourceDefinition" in version "apiextensions.k8s.io/v1beta1"`

// word is one word of a //go:generate line and its offset in the comment.
type word struct {
	text string
	off  int
}

// words splits a //go:generate command line as go generate does: at
// spaces, with double-quoted words (kept with their quotes).
func words(s string, base int) []word {
	var out []word
	i := 0
	for i < len(s) {
		for i < len(s) && unicode.IsSpace(rune(s[i])) {
			i++
		}
		if i >= len(s) {
			break
		}
		start := i
		if s[i] == '"' {
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				}
			}
			i++
		} else {
			for i < len(s) && !unicode.IsSpace(rune(s[i])) {
				i++
			}
		}
		out = append(out, word{s[start:min(i, len(s))], base + start})
	}
	return out
}

// directives checks the controller-gen invocations of f's //go:generate
// directives.
func (c *checker) directives(f *ast.File) {
	for _, cg := range f.Comments {
		for _, cm := range cg.List {
			cmd, ok := strings.CutPrefix(cm.Text, "//go:generate ")
			if !ok || !strings.Contains(cmd, "controller-gen") {
				continue
			}
			ws := words(cmd, len("//go:generate "))
			for i, w := range ws {
				if path.Base(strings.Trim(w.text, `"`)) != "controller-gen" {
					continue
				}
				for _, opt := range ws[i+1:] {
					c.generatorOption(cm, opt)
				}
				break
			}
		}
	}
}

// generatorOption checks one controller-gen option: the crd generator's
// arguments (crd:trivialVersions=true,crdVersions=v1beta1).
func (c *checker) generatorOption(cm *ast.Comment, w word) {
	text := strings.Trim(w.text, `"`)
	quote := 0
	if text != w.text {
		quote = 1
	}
	argText, ok := strings.CutPrefix(text, "crd:")
	if !ok {
		return
	}
	args, ok := markersyntax.SplitArgs(argText)
	if !ok {
		return
	}
	start := cm.Pos() + token.Pos(w.off+quote+len("crd:"))
	g := &webhookMarker{text: argText, args: args, start: start}
	for i, a := range args {
		pos, end := g.span(i)
		switch a.Key {
		case "trivialVersions", "preserveUnknownFields":
			fix := analysis.SuggestedFix{Message: "Drop " + a.Key, TextEdits: []analysis.TextEdit{g.deleteArg(i)}}
			if len(args) == 1 {
				// crd:trivialVersions=true -> crd
				fix.TextEdits = []analysis.TextEdit{{Pos: start - token.Pos(len(":")), End: end}}
			}
			c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, SuggestedFixes: []analysis.SuggestedFix{fix}, Message: fmt.Sprintf(
				"controller-gen's crd option %s only applies to apiextensions.k8s.io/v1beta1 CRDs, which Kubernetes 1.22 removed (%s), "+
					"and controller-gen fails on it since controller-tools %s (unknown argument %q); drop it",
				a.Key, crdV1beta1Gone, rejectsV1beta1, a.Key)})
		case "crdVersions":
			if !contains(markersyntax.List(a.Value), "v1beta1") {
				continue
			}
			vpos := pos + token.Pos(len(a.Key)+1)
			fix := analysis.SuggestedFix{Message: "Generate v1 CRDs", TextEdits: []analysis.TextEdit{{Pos: vpos, End: end, NewText: []byte("v1")}}}
			c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, SuggestedFixes: []analysis.SuggestedFix{fix}, Message: fmt.Sprintf(
				"crdVersions=%s generates apiextensions.k8s.io/v1beta1 CRDs, which Kubernetes 1.22 removed (%s), "+
					"and controller-gen refuses it since controller-tools %s (apiVersion \"apiextensions.k8s.io/v1beta1\" is not supported); use crdVersions=v1",
				a.Value, crdV1beta1Gone, rejectsV1beta1)})
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
