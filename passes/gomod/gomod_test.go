package gomod

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReportingDir(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		ignored []string
		want    string // relative to the root; "-" for none
	}{
		{"root first", map[string]string{"main.go": "package main", "api/v1/t.go": "package v1"}, nil, "."},
		{"kubebuilder v4 layout", map[string]string{
			"api/v1/t.go": "package v1", "cmd/main.go": "package main", "internal/controller/c.go": "package controller",
		}, nil, "api/v1"},
		{"skipped dirs", map[string]string{
			".hidden/h.go": "package h", "_old/o.go": "package o", "testdata/x/x.go": "package x",
			"vendor/v/v.go": "package v", "zz/z.go": "package z",
		}, nil, "zz"},
		{"nested module", map[string]string{"a/go.mod": "module a", "a/a.go": "package a", "b/b.go": "package b"}, nil, "b"},
		{"test files and tagged files only", map[string]string{
			"a/a_test.go": "package a", "b/tools.go": "//go:build tools\n\npackage b", "c/c.go": "package c",
		}, nil, "c"},
		{"ignore directive", map[string]string{"a/a.go": "package a", "b/b.go": "package b"}, []string{"./a"}, "b"},
		{"no packages", map[string]string{"README.md": "x"}, nil, "-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for name, content := range tc.files {
				path := filepath.Join(root, filepath.FromSlash(name))
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(content+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, ok := ReportingDir(root, tc.ignored)
			rel := "-"
			if ok {
				rel, _ = filepath.Rel(root, got)
				rel = filepath.ToSlash(rel)
			}
			if rel != tc.want {
				t.Errorf("ReportingDir = %s, want %s", rel, tc.want)
			}
		})
	}
}

func TestFindGoMod(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := findGoMod(sub); got != filepath.Join(root, "go.mod") {
		t.Errorf("findGoMod = %q", got)
	}
}

// TestReadRequirementsAt: the versions selected for the paths read from
// the kept lines are those of the whole go.mod.
func TestReadRequirementsAt(t *testing.T) {
	dir := t.TempDir()
	const text = `module example.com/m // the module

go 1.22

toolchain go1.22.4

require (
	github.com/other/mod v1.0.0
	k8s.io/api v0.30.1 // indirect
	k8s.io/apiserver v0.30.1
	sigs.k8s.io/controller-runtime v0.18.4
)

require k8s.io/client-go v0.30.1

require "k8s.io/apimachinery" v0.30.1

exclude ( // broken releases
	github.com/other/mod v0.9.0
)

replace (
	github.com/other/mod => ../other
	k8s.io/client-go => k8s.io/client-go v0.29.9
)

replace k8s.io/api v0.30.1 => ./api

retract v0.1.0 // published by mistake
`
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	paths := []string{"sigs.k8s.io/controller-runtime", "k8s.io/api", "k8s.io/client-go", "k8s.io/apimachinery"}
	whole, part := ReadAt(dir), ReadRequirementsAt(dir, paths...)
	if whole == nil || part == nil {
		t.Fatalf("ReadAt = %v, ReadRequirementsAt = %v", whole, part)
	}
	for _, p := range paths {
		if w, g := Selected(whole, p), Selected(part, p); w != g {
			t.Errorf("Selected(%s) = %q from the kept lines, %q from the whole file", p, g, w)
		}
	}
	if got := Selected(part, "k8s.io/client-go"); got != "v0.29.9" {
		t.Errorf("client-go = %q, want the replacement v0.29.9", got)
	}
	if len(part.Require) != 4 {
		t.Errorf("kept %d requirements, want 4 (api, controller-runtime, client-go, the quoted apimachinery; not apiserver, whose path only starts with api's)", len(part.Require))
	}
	if ReadRequirementsAt("", paths...) != nil || ReadRequirementsAt(t.TempDir(), paths...) != nil {
		t.Errorf("no go.mod: not nil")
	}
}
