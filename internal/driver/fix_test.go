package driver

import (
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// edit replaces old, the first occurrence in the file at path, by repl.
func edit(t *testing.T, path, src, old, repl string) Edit {
	t.Helper()
	i := strings.Index(src, old)
	if i < 0 {
		t.Fatalf("%q not in %s", old, path)
	}
	return Edit{
		Start: token.Position{Filename: path, Offset: i},
		End:   token.Position{Filename: path, Offset: i + len(old)},
		New:   repl,
		Size:  len(src),
	}
}

func fixed(edits ...Edit) Finding {
	return Finding{Check: "x", Fixes: []Fix{{Message: "fix", Edits: edits}}}
}

func TestApplyFixes(t *testing.T) {
	dir := t.TempDir()
	goFile := filepath.Join(dir, "a.go")
	goSrc := "package a\n\nvar   X = 1\nvar Y = 2\n"
	modFile := filepath.Join(dir, "go.mod")
	modSrc := "module m\n\nrequire k8s.io/api v0.30.1\n"
	for path, src := range map[string]string{goFile: goSrc, modFile: modSrc} {
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	x := edit(t, goFile, goSrc, "X = 1", "X = 10")
	findings := []Finding{
		fixed(x),
		fixed(x), // the same fix from a test variant: applied once
		fixed(edit(t, goFile, goSrc, "= 1", "= 5")), // overlaps the first: left for the next run
		fixed(edit(t, modFile, modSrc, "v0.30.1", "v0.31.0")),
		{Check: "y"}, // no fix
	}
	res, err := ApplyFixes(findings, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Fixed) != 3 || !res.Fixed[0] || !res.Fixed[1] || !res.Fixed[3] || res.Conflicts != 1 {
		t.Errorf("fixed %v, %d conflicts; want 0, 1 and 3 fixed and 1 conflict", res.Fixed, res.Conflicts)
	}
	got, _ := os.ReadFile(goFile)
	if want := "package a\n\nvar X = 10\nvar Y = 2\n"; string(got) != want { // gofmt-ed
		t.Errorf("a.go:\n%s\nwant\n%s", got, want)
	}
	got, _ = os.ReadFile(modFile)
	if want := "module m\n\nrequire k8s.io/api v0.31.0\n"; string(got) != want {
		t.Errorf("go.mod:\n%s\nwant\n%s", got, want)
	}
	// The files changed since: the fixes no longer apply.
	if _, err := ApplyFixes(findings[:1], false, nil); err == nil || !strings.Contains(err.Error(), "changed since") {
		t.Errorf("a fix to a file that changed since the analysis: %v", err)
	}
}

func TestApplyFixesDiff(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "go.mod")
	src := "module m\n\ngo 1.24\n\nrequire (\n\ta v1.0.0\n\tb v1.0.0\n\tc v1.0.0\n\td v1.0.0\n\te v1.0.0\n)\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	_, err := ApplyFixes([]Finding{fixed(edit(t, path, src, "c v1.0.0", "c v1.2.0"))}, true, &out)
	if err != nil {
		t.Fatal(err)
	}
	name := RelPath(path)
	want := "--- " + name + " (old)\n+++ " + name + " (new)\n@@ -5,7 +5,7 @@\n require (\n \ta v1.0.0\n \tb v1.0.0\n-\tc v1.0.0\n+\tc v1.2.0\n \td v1.0.0\n \te v1.0.0\n )\n"
	if out.String() != want {
		t.Errorf("diff:\n%s\nwant\n%s", out.String(), want)
	}
	if got, _ := os.ReadFile(path); string(got) != src {
		t.Error("-diff changed the file")
	}
}

func TestUnified(t *testing.T) {
	tests := []struct{ before, after, want string }{
		{"a\nb\n", "a\nb\n", ""},
		{"", "x\n", "@@ -0,0 +1 @@\n+x\n"},
		{"x\n", "", "@@ -1 +0,0 @@\n-x\n"},
		{"a\nb", "a\nc", "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		// GNU diff -u's output for the same texts: changes 6 lines apart
		// share a hunk, 8 lines apart do not.
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "1\nx\n3\n4\n5\n6\n7\n8\ny\n10\n",
			"@@ -1,10 +1,10 @@\n 1\n-2\n+x\n 3\n 4\n 5\n 6\n 7\n 8\n-9\n+y\n 10\n"},
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\nx\n3\n4\n5\n6\n7\n8\n9\n10\ny\n12\n",
			"@@ -1,5 +1,5 @@\n 1\n-2\n+x\n 3\n 4\n 5\n@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n+y\n 12\n"},
	}
	for _, tt := range tests {
		var b strings.Builder
		Unified(&b, "f", tt.before, tt.after)
		got := strings.TrimPrefix(b.String(), "--- f (old)\n+++ f (new)\n")
		if got != tt.want {
			t.Errorf("Unified(%q, %q) =\n%s\nwant\n%s", tt.before, tt.after, got, tt.want)
		}
	}
}
