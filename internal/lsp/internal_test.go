package lsp

import (
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func TestToPosition(t *testing.T) {
	text := []byte("package a\n// é😀x\n")
	x := strings.Index(string(text), "x")
	for _, tc := range []struct {
		offset     int
		line, char uint32
	}{
		{0, 0, 0},
		{8, 0, 8},
		{10, 1, 0},
		{x, 1, 6}, // "// " 3, é 1, 😀 2 (a surrogate pair)
		{len(text), 2, 0},
	} {
		got := toPosition(text, token.Position{Offset: tc.offset})
		if got.Line != tc.line || got.Character != tc.char {
			t.Errorf("offset %d: %v, want %d:%d", tc.offset, got, tc.line, tc.char)
		}
	}
	// Without the text, line and column stand in.
	if got := toPosition(nil, token.Position{Line: 3, Column: 5, Offset: 40}); got != (protocol.Position{Line: 2, Character: 4}) {
		t.Errorf("without the text: %v", got)
	}
}

func TestDirectiveChecksEnd(t *testing.T) {
	for line, want := range map[string]int{
		"\t//opvet:ignore mergefrom because":     len("\t//opvet:ignore mergefrom"),
		"//opvet:ignore a,b reason":              len("//opvet:ignore a,b"),
		"\t// opvet:ignore versionskew pinned":   len("\t// opvet:ignore versionskew"),
		"//opvet:ignore mergefrom":               len("//opvet:ignore mergefrom"),
		"//opvet:ignored mergefrom x":            -1,
		"//opvet:ignore":                         -1,
		"x := 1 //opvet:ignore mergefrom reason": -1,
		"// a comment":                           -1,
	} {
		got, ok := directiveChecksEnd([]byte(line))
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("%q: %d, want %d", line, got, want)
		}
	}
}

// TestSuppressAction: the directive goes above the finding, indented as
// its line, or joins the directive that stands there.
func TestSuppressAction(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"func f() {\n\tx()\n}\n", "func f() {\n\t//opvet:ignore c TODO: say why this finding is wrong or accepted\n\tx()\n}\n"},
		{"func f() {\n\t//opvet:ignore b reason\n\tx()\n}\n", "func f() {\n\t//opvet:ignore b,c reason\n\tx()\n}\n"},
		{"x()\n", "//opvet:ignore c TODO: say why this finding is wrong or accepted\nx()\n"},
	} {
		off := strings.Index(tc.src, "x()")
		f := entry{texts: map[string][]byte{"a.go": []byte(tc.src)}}
		f.finding.Check = "c"
		f.finding.Pos = token.Position{Filename: "a.go", Offset: off}
		a, ok := suppressAction(f)
		if !ok {
			t.Fatalf("%q: no action", tc.src)
		}
		var edits []protocol.TextEdit
		for _, es := range a.Edit.Changes {
			edits = es
		}
		if len(edits) != 1 {
			t.Fatalf("%q: edits %v", tc.src, edits)
		}
		e := edits[0]
		lines := strings.SplitAfter(tc.src, "\n")
		start := len(strings.Join(lines[:e.Range.Start.Line], "")) + int(e.Range.Start.Character)
		if got := tc.src[:start] + e.NewText + tc.src[start:]; got != tc.want {
			t.Errorf("%q: got\n%s\nwant\n%s", tc.src, got, tc.want)
		}
	}
}

func TestClientSettings(t *testing.T) {
	inner := map[string]any{"disable": []any{"markers"}}
	for _, tc := range []struct{ in, want any }{
		{nil, nil},
		{map[string]any{}, nil},
		{map[string]any{"opvet": inner}, inner},
		{map[string]any{"Opvet": inner}, inner},
		{inner, inner},
	} {
		if got := clientSettings(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("clientSettings(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestGolangciSettings(t *testing.T) {
	dir := t.TempDir()
	mod := filepath.Join(dir, "mod")
	if err := os.MkdirAll(mod, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if s, source, err := golangciSettings(mod); s != nil || source != "" || err != nil {
		t.Errorf("no configuration: %v, %q, %v", s, source, err)
	}
	// A parent's configuration counts, as for golangci-lint.
	write(filepath.Join(dir, ".golangci.yml"), "linters:\n  settings:\n    custom:\n      opvet:\n        settings:\n          versionskew:\n            allowed-minor-skew: 2\n")
	s, source, err := golangciSettings(mod)
	want := map[string]any{"versionskew": map[string]any{"allowed-minor-skew": 2}}
	if err != nil || !reflect.DeepEqual(s, want) || !strings.Contains(source, ".golangci.yml") {
		t.Errorf("parent's configuration: %v, %q, %v", s, source, err)
	}
	// The closest configuration wins, even without opvet settings: then
	// the client's settings apply.
	write(filepath.Join(mod, ".golangci.yaml"), "linters:\n  enable: [govet]\n")
	if s, source, err := golangciSettings(mod); s != nil || source != "" || err != nil {
		t.Errorf("configuration without opvet settings: %v, %q, %v", s, source, err)
	}
	write(filepath.Join(mod, ".golangci.yaml"), "linters: [\n")
	if _, _, err := golangciSettings(mod); err == nil || !strings.Contains(err.Error(), ".golangci.yaml") {
		t.Errorf("malformed configuration: %v, want an error naming the file", err)
	}
}

func TestWantsQuickFix(t *testing.T) {
	for only, want := range map[string]bool{"": true, "quickfix": true, "refactor": false, "source.organizeImports": false} {
		var kinds []protocol.CodeActionKind
		if only != "" {
			kinds = []protocol.CodeActionKind{protocol.CodeActionKind(only)}
		}
		if got := wantsQuickFix(kinds); got != want {
			t.Errorf("only %q: %v, want %v", only, got, want)
		}
	}
}
