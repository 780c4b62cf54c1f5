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
