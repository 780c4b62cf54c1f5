package docs

import (
	"strings"
	"testing"
)

const sample = `// Package x does things.
//
// # Analyzer x
//
// x: report things
//
// Long text.
//
// # Other
//
// ignored
package x
`

func TestExtract(t *testing.T) {
	got, err := Extract(sample, "x")
	if err != nil {
		t.Fatal(err)
	}
	if got != "report things\n\nLong text." {
		t.Fatalf("got %q", got)
	}
	if _, err := Extract(sample, "y"); err == nil || !strings.Contains(err.Error(), "# Analyzer y") {
		t.Fatalf("missing heading: %v", err)
	}
	if _, err := Extract("package x\n", "x"); err == nil {
		t.Fatal("no package comment accepted")
	}
}

func TestCodeLanguage(t *testing.T) {
	for code, want := range map[string]string{
		"type T struct{}\n":            "go",
		"require (\n\tx v1\n)\n":       "",
		"spec:\n  properties: {}\n":    "yaml",
		"apiVersion: v1\nkind: List\n": "yaml",
	} {
		if got := codeLanguage(code); got != want {
			t.Errorf("codeLanguage(%q) = %q, want %q", code, got, want)
		}
	}
}
