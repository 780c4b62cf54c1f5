package opvet_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

const module = "github.com/opvet/opvet"

// layer is one floor of opvet's design (DEVELOPERS.md, docs/design.md).
// A package may import packages of its own layer or of lower ones, with
// the exceptions below; test support is imported by tests only.
type layer int

const (
	libraries layer = iota
	framework
	passes
	checks
	registry
	server
	commands
	testSupport
)

var layerNames = map[layer]string{
	libraries: "libraries", framework: "framework", passes: "helper passes", checks: "checks",
	registry: "registry", server: "language server", commands: "commands", testSupport: "test support",
}

// layerOf places an import path of the module.
func layerOf(path string) layer {
	rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
	switch {
	case rel == "" || strings.HasPrefix(rel, "cmd/"):
		return commands
	case rel == "analyzers":
		return registry
	case rel == "internal/lsp" || strings.HasPrefix(rel, "internal/lsp/"):
		return server
	case strings.HasPrefix(rel, "analyzers/"):
		return checks
	case strings.HasPrefix(rel, "passes/"):
		return passes
	case rel == "internal/check" || rel == "internal/report":
		return framework
	case rel == "internal/testroot" || rel == "internal/checktest" || strings.HasPrefix(rel, "internal/integration"):
		return testSupport
	}
	return libraries
}

// checkOf is the check a package of the checks layer belongs to.
func checkOf(path string) string {
	rel := strings.TrimPrefix(path, module+"/analyzers/")
	name, _, _ := strings.Cut(rel, "/")
	return name
}

// TestLayers fails when a package imports one of a higher layer, a check
// imports another check, a helper pass imports the framework, or
// production code imports test support. Tests may import anything but
// commands, from packages of any layer.
func TestLayers(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedImports, Tests: true}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, p := range pkgs {
		if !strings.HasPrefix(p.PkgPath, module) || strings.HasSuffix(p.PkgPath, ".test") {
			continue // other modules, and the generated test mains
		}
		seen++
		isTest := strings.HasSuffix(p.ID, ".test]") || strings.HasSuffix(p.PkgPath, "_test") || strings.HasSuffix(p.ID, ".test")
		from := layerOf(strings.TrimSuffix(p.PkgPath, "_test"))
		for imp := range p.Imports {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			if problem := importProblem(p.PkgPath, from, imp, isTest); problem != "" {
				t.Errorf("%s imports %s: %s", p.PkgPath, imp, problem)
			}
		}
	}
	if seen < 20 {
		t.Fatalf("only %d packages of the module loaded", seen)
	}
}

func importProblem(from string, fromLayer layer, imp string, isTest bool) string {
	to := layerOf(imp)
	switch {
	case isTest:
		if to == commands && fromLayer != commands && strings.TrimSuffix(from, "_test") != imp {
			return "a test imports a command"
		}
		return ""
	case to == testSupport && fromLayer != testSupport:
		return "production code imports test support"
	case fromLayer == testSupport:
		return ""
	case to > fromLayer:
		return "a " + layerNames[fromLayer] + " package imports the higher layer " + layerNames[to]
	case fromLayer == passes && to == framework:
		return "a helper pass imports the framework (passes never report)"
	case fromLayer == checks && to == checks && checkOf(from) != checkOf(imp):
		return "a check imports another check (share code through a library or a helper pass)"
	}
	return ""
}

// TestLayerRules: the rules catch what they must (a test can fail).
func TestLayerRules(t *testing.T) {
	bad := [][2]string{
		{module + "/internal/k8s", module + "/analyzers"},
		{module + "/passes/gomod", module + "/internal/report"},
		{module + "/analyzers/mergefrom", module + "/analyzers/statusupdate"},
		{module + "/internal/report", module + "/passes/gomod"},
		{module + "/analyzers", module + "/internal/testroot"},
		{module + "/analyzers", module + "/internal/lsp"},
		{module + "/internal/lsp", module + "/cmd/opvet"},
	}
	for _, b := range bad {
		if importProblem(b[0], layerOf(b[0]), b[1], false) == "" {
			t.Errorf("%s -> %s allowed", b[0], b[1])
		}
	}
	good := [][2]string{
		{module + "/cmd/opvet", module + "/analyzers"},
		{module + "/analyzers/mergefrom", module + "/internal/report"},
		{module + "/analyzers/versionskew", module + "/analyzers/versionskew/internal/x"},
		{module + "/passes/statussubresource", module + "/internal/k8s"},
		{module + "/cmd/opvet", module + "/internal/lsp"},
		{module + "/internal/lsp", module + "/analyzers"},
		{module + "/internal/lsp", module + "/internal/driver"},
	}
	for _, g := range good {
		if p := importProblem(g[0], layerOf(g[0]), g[1], false); p != "" {
			t.Errorf("%s -> %s refused: %s", g[0], g[1], p)
		}
	}
}
