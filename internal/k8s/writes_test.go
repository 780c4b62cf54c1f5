package k8s_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/testroot"
)

// classify reports every write that k8s.ClassifyWrite recognizes.
var classify = &analysis.Analyzer{
	Name: "classifywrite",
	Doc:  "test analyzer: report k8s.ClassifyWrite's answer for every call",
	Run: func(pass *analysis.Pass) (any, error) {
		apis := map[k8s.WriteAPI]string{k8s.APIControllerRuntime: "cr", k8s.APITyped: "typed",
			k8s.APIDynamic: "dynamic", k8s.APIControllerutil: "controllerutil"}
		ops := map[k8s.WriteOp]string{k8s.OpUpdate: "Update", k8s.OpPatch: "Patch", k8s.OpCreate: "Create",
			k8s.OpApply: "Apply", k8s.OpCreateOrUpdate: "CreateOrUpdate"}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				w, ok := k8s.ClassifyWrite(pass.TypesInfo, call)
				if !ok {
					return true
				}
				sub := w.Subresource
				if sub == k8s.SubMain {
					sub = "main"
				}
				obj := "<nil>"
				if w.Object != nil {
					obj = types.ExprString(w.Object)
				}
				kind := "<nil>"
				if w.Kind != nil {
					kind = w.Kind.String()
				}
				pass.Reportf(call.Pos(), "%s %s %s obj=%s kind=%s", apis[w.API], ops[w.Op], sub, obj, kind)
				return true
			})
		}
		return nil, nil
	},
}

func TestClassifyWrite(t *testing.T) {
	analysistest.Run(t, testroot.GOPATH(t), classify, "writes/a")
}

func TestWriteHelpers(t *testing.T) {
	w := k8s.Write{API: k8s.APIControllerRuntime, Op: k8s.OpUpdate, Subresource: k8s.SubMain, Method: "Update"}
	if !w.IsMain() || w.IsStatus() || w.CallName() != "Update" {
		t.Errorf("plain Update: IsMain=%v IsStatus=%v CallName=%q", w.IsMain(), w.IsStatus(), w.CallName())
	}
	w = k8s.Write{API: k8s.APITyped, Op: k8s.OpPatch, Subresource: k8s.SubStatus, Method: "Patch"}
	if w.IsMain() || !w.IsStatus() || w.CallName() != `Patch(..., "status")` {
		t.Errorf("typed status Patch: IsMain=%v IsStatus=%v CallName=%q", w.IsMain(), w.IsStatus(), w.CallName())
	}
	if fmt.Sprint(k8s.IsInertCall(nil)) != "false" {
		t.Error("IsInertCall(nil) = true")
	}
}
