package lsp_test

// Protocol tests: a client drives the server through the protocol, on
// small modules without dependencies under testdata/ (copied to a
// temporary directory: the tests edit them).

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/integration"
	"github.com/opvet/opvet/internal/lsp"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/passes/gomod"
)

func TestMain(m *testing.M) {
	code := m.Run()
	integration.CleanupOpvet()
	os.Exit(code)
}

// TestFixThenSave: initialize, open a file, get its package's diagnostics
// (test files included), take the quick fix, apply its edit, save: the
// finding is gone and the other stays.
func TestFixThenSave(t *testing.T) {
	dir := fixtureModule(t, "fixmod")
	types := filepath.Join(dir, "api", "types.go")
	test := filepath.Join(dir, "api", "types_test.go")
	c := startServer(t, lsp.Options{Env: offlineEnv()})
	res := c.initialize(dir, nil)
	if res.ServerInfo == nil || res.ServerInfo.Name != "opvet" {
		t.Errorf("serverInfo %+v, want opvet", res.ServerInfo)
	}

	mark := c.mark()
	c.open(types)
	diags := c.diagnostics(mark, types)
	testDiags := c.diagnostics(mark, test)
	if got := summary(diags); !slices.Equal(got, []string{"7:markers"}) {
		t.Fatalf("diagnostics of types.go: %v, want 7:markers", got)
	}
	if got := summary(testDiags); !slices.Equal(got, []string{"13:setfinalizer"}) {
		t.Errorf("diagnostics of the test file, published with its package: %v, want 13:setfinalizer", got)
	}
	d := diags[0]
	if d.Source != "opvet" || d.Severity != protocol.DiagnosticSeverityWarning ||
		d.CodeDescription == nil || string(d.CodeDescription.Href) != report.DocURL("markers") ||
		strings.HasPrefix(d.Message, "markers:") || !strings.Contains(d.Message, "Minimun") {
		t.Errorf("diagnostic %+v: want source opvet, a warning, the check's documentation and its message without the prefix", d)
	}
	if d.Range.Start.Character == 0 || d.Range.End == d.Range.Start {
		t.Errorf("range %v: want the marker's", d.Range)
	}

	actions := c.codeActions(types, protocol.Range{Start: d.Range.Start, End: d.Range.Start})
	fix := action(t, actions, "Write +kubebuilder:validation:Minimum=0")
	if fix.Kind != protocol.QuickFix || !fix.IsPreferred || len(fix.Diagnostics) != 1 || fix.Diagnostics[0].Code != "markers" {
		t.Errorf("fix %+v: want a preferred quickfix for the markers diagnostic", fix)
	}
	suppress := action(t, actions, "Suppress with //opvet:ignore markers")
	if suppress.Kind != protocol.QuickFix {
		t.Errorf("suppress action's kind %q", suppress.Kind)
	}
	if others := c.codeActions(types, protocol.Range{Start: protocol.Position{Line: 0}, End: protocol.Position{Line: 0}}); len(others) != 0 {
		t.Errorf("code actions on line 1, which has no finding: %v", others)
	}

	fixed := applyEdit(t, fix.Edit, types)
	if !strings.Contains(fixed, "// +kubebuilder:validation:Minimum=0\n") || strings.Contains(fixed, "Minimun") {
		t.Fatalf("the fix gave\n%s", fixed)
	}
	mark = c.mark()
	c.save(types, fixed)
	diags = c.diagnostics(mark, types)
	testDiags = c.diagnostics(mark, test)
	if len(diags) != 0 || len(testDiags) != 1 {
		t.Errorf("after the fix and save: %v and %v, want none and the test file's", summary(diags), summary(testDiags))
	}

	// The suppress action, taken on the test file's finding, inserts the
	// directive with a reason to write; saved, the finding goes.
	td := find(t, testDiags, "setfinalizer")
	suppressed := applyEdit(t, action(t, c.codeActions(test, td.Range), "Suppress").Edit, test)
	want := "\t" + report.IgnorePrefix + " setfinalizer TODO: say why this finding is wrong or accepted\n\truntime.SetFinalizer("
	if !strings.Contains(suppressed, want) {
		t.Fatalf("the suppress action gave\n%s\nwant it to contain\n%s", suppressed, want)
	}
	mark = c.mark()
	c.save(test, suppressed)
	if testDiags = c.diagnostics(mark, test); len(testDiags) != 0 {
		t.Errorf("after suppressing: %v", summary(testDiags))
	}
}

// TestStaleActions: once the document changes after the analysis, its
// finding offers no code action (the edits would land in the wrong place).
func TestStaleActions(t *testing.T) {
	dir := fixtureModule(t, "fixmod")
	types := filepath.Join(dir, "api", "types.go")
	c := startServer(t, lsp.Options{Env: offlineEnv()})
	c.initialize(dir, nil)
	mark := c.mark()
	c.open(types)
	diags := c.diagnostics(mark, types)
	d := find(t, diags, "markers")
	if len(c.codeActions(types, d.Range)) == 0 {
		t.Fatal("no code action before the change")
	}
	c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri.File(types)}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: "// A new first line.\n" + readFile(t, types)}},
	})
	if actions := c.codeActions(types, d.Range); len(actions) != 0 {
		t.Errorf("code actions after the document changed: %v", actions)
	}
}

// TestBrokenPackage: a package that stops type-checking keeps its
// diagnostics (nothing is published for its files) and the server says
// why in one log message.
func TestBrokenPackage(t *testing.T) {
	dir := fixtureModule(t, "fixmod")
	types := filepath.Join(dir, "api", "types.go")
	c := startServer(t, lsp.Options{Env: offlineEnv()})
	c.initialize(dir, nil)
	mark := c.mark()
	c.open(types)
	if diags := c.diagnostics(mark, types); len(diags) != 1 {
		t.Fatalf("diagnostics %v before the break", summary(diags))
	}
	c.diagnostics(mark, filepath.Join(dir, "api", "types_test.go")) // the last of the package's

	mark = c.mark()
	c.save(types, readFile(t, types)+"\nvar broken int = \"\"\n")
	msg, _ := c.logged(mark, "example.com/fixmod/api does not type-check")
	if !strings.Contains(msg, "types.go:11") {
		t.Errorf("log message %q: want the type error's position", msg)
	}
	// Another package of the module, analysed after the broken one, marks
	// the end of its analysis.
	other := filepath.Join(dir, "other", "other.go")
	c.open(other)
	c.diagnostics(mark, other)
	if got := c.published(mark); !slices.Equal(got, []string{other}) {
		t.Errorf("published %v after the break, want only %s", got, other)
	}
	logs := 0
	for _, raw := range c.since(mark, protocol.MethodWindowLogMessage) {
		if strings.Contains(string(raw), "example.com/fixmod/api") {
			logs++
		}
	}
	if logs != 1 {
		t.Errorf("%d log messages name the broken package, want 1:\n%s", logs, c.dump())
	}
}

// TestCancel: a save of the package being analysed cancels the analysis,
// which runs again with the saved file; only that run publishes; a module
// never has two analyses at once, and packages asked for meanwhile are
// analysed after.
func TestCancel(t *testing.T) {
	dir := fixtureModule(t, "fixmod")
	types := filepath.Join(dir, "api", "types.go")
	other := filepath.Join(dir, "other", "other.go")
	var (
		mu        sync.Mutex
		runs      [][]string
		inFlight  int
		most      int
		cancelled = make(chan bool, 1)
		started   = make(chan struct{})
	)
	hook := func(ctx context.Context, dirs []string) {
		mu.Lock()
		runs = append(runs, dirs)
		first := len(runs) == 1
		inFlight++
		most = max(most, inFlight)
		mu.Unlock()
		if first { // hold the first run until a save cancels it
			close(started)
			select {
			case <-ctx.Done():
				cancelled <- true
			case <-time.After(20 * time.Second):
				cancelled <- false
			}
		}
		time.Sleep(50 * time.Millisecond) // long enough for an overlap to show
		mu.Lock()
		inFlight--
		mu.Unlock()
	}
	c := startServer(t, lsp.WithBeforeRun(lsp.Options{Env: offlineEnv()}, hook))
	c.initialize(dir, nil)
	mark := c.mark()
	c.open(types)
	<-started
	c.open(other) // waits: the module's analysis runs
	c.save(types, strings.Replace(readFile(t, types), "Minimun", "Minimum", 1))
	if !<-cancelled {
		t.Fatal("the save did not cancel the running analysis")
	}
	diags := c.diagnostics(mark, types)
	if len(diags) != 0 {
		t.Errorf("diagnostics %v: want those of the saved file (none)", summary(diags))
	}
	c.diagnostics(mark, other)
	mu.Lock()
	defer mu.Unlock()
	if most != 1 {
		t.Errorf("%d analyses of the module at once, want 1", most)
	}
	if len(runs) < 2 || !slices.Contains(runs[len(runs)-1], filepath.Dir(other)) {
		t.Errorf("runs %v: want the cancelled one, then one with both packages", runs)
	}
	if n := strings.Count(strings.Join(c.published(mark), "\n"), types); n != 1 {
		t.Errorf("types.go published %d times, want once (by the run after the cancelled one)", n)
	}
}

// TestWorkspace: two modules, one nested in the other, each file analysed
// in its own module with its own settings: the inner module's .golangci.yml
// and, for the outer one, the client's initializationOptions, then its
// workspace/didChangeConfiguration settings; bad settings are shown.
func TestWorkspace(t *testing.T) {
	dir := fixtureModule(t, "workspace")
	p := filepath.Join(dir, "p", "p.go")
	q := filepath.Join(dir, "sub", "q", "q.go")
	c := startServer(t, lsp.Options{Env: offlineEnv()})
	c.initialize(dir, map[string]any{"opvet": map[string]any{"disable": []string{"markers"}}})
	mark := c.mark()
	c.open(p)
	c.open(q)
	pd := c.diagnostics(mark, p)
	qd := c.diagnostics(mark, q)
	if got := summary(pd); !slices.Equal(got, []string{"17:setfinalizer"}) {
		t.Errorf("outer module, markers disabled by initializationOptions: %v", got)
	}
	if got := summary(qd); !slices.Equal(got, []string{"9:markers"}) {
		t.Errorf("inner module, setfinalizer disabled by its .golangci.yml: %v", got)
	}

	mark = c.mark()
	c.notify(protocol.MethodWorkspaceDidChangeConfiguration, &protocol.DidChangeConfigurationParams{Settings: map[string]any{"opvet": map[string]any{}}})
	pd = c.diagnostics(mark, p)
	qd = c.diagnostics(mark, q)
	if got := summary(pd); !slices.Equal(got, []string{"17:setfinalizer", "9:markers"}) {
		t.Errorf("outer module, default settings: %v", got)
	}
	if got := summary(qd); !slices.Equal(got, []string{"9:markers"}) {
		t.Errorf("inner module, still its .golangci.yml: %v", got)
	}

	mark = c.mark()
	c.notify(protocol.MethodWorkspaceDidChangeConfiguration, &protocol.DidChangeConfigurationParams{Settings: map[string]any{"opvet": map[string]any{"nosuch": 1}}})
	var shown protocol.ShowMessageParams
	c.await(mark, protocol.MethodWindowShowMessage, func(raw json.RawMessage) bool {
		return json.Unmarshal(raw, &shown) == nil
	})
	if shown.Type != protocol.MessageTypeError || !strings.Contains(shown.Message, `unknown setting "nosuch"`) {
		t.Errorf("bad settings shown as %+v", shown)
	}
}

// modVersion reports go.mod's go directive with a fix that raises it: a
// stand-in for versionskew, whose findings need real modules.
var modVersion = &analysis.Analyzer{
	Name:     "modversion",
	Doc:      "report the go directive of go.mod",
	Requires: []*analysis.Analyzer{gomod.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		mod, _ := pass.ResultOf[gomod.Analyzer].(*gomod.Module)
		if mod == nil || !mod.Reporter || mod.File == nil || mod.File.Go == nil {
			return nil, nil
		}
		start, end := mod.File.Go.Syntax.Start.Byte, mod.File.Go.Syntax.End.Byte
		pass.Report(analysis.Diagnostic{
			Pos: mod.Tok.Pos(start), End: mod.Tok.Pos(end), Message: "modversion: old go directive",
			SuggestedFixes: []analysis.SuggestedFix{{Message: "Raise it", TextEdits: []analysis.TextEdit{{
				Pos: mod.Tok.Pos(start), End: mod.Tok.Pos(end), NewText: []byte("go 1.23"),
			}}}},
		})
		return nil, nil
	},
}

// TestGoMod: opening go.mod analyses the package that reports its
// findings; a fix edits go.mod; saving it analyses again.
func TestGoMod(t *testing.T) {
	dir := fixtureModule(t, "fixmod")
	mod := filepath.Join(dir, "go.mod")
	c := startServer(t, lsp.WithChecks(lsp.Options{Env: offlineEnv()}, []*analysis.Analyzer{modVersion}))
	c.initialize(dir, nil)
	mark := c.mark()
	c.open(mod)
	diags := c.diagnostics(mark, mod)
	if got := summary(diags); !slices.Equal(got, []string{"3:modversion"}) {
		t.Fatalf("go.mod diagnostics %v", got)
	}
	fixed := applyEdit(t, action(t, c.codeActions(mod, diags[0].Range), "Raise it").Edit, mod)
	if !strings.Contains(fixed, "\ngo 1.23\n") {
		t.Fatalf("the fix gave\n%s", fixed)
	}
	suppressed := applyEdit(t, action(t, c.codeActions(mod, diags[0].Range), "Suppress").Edit, mod)
	if !strings.Contains(suppressed, "\n//opvet:ignore modversion TODO: say why this finding is wrong or accepted\ngo 1.22\n") {
		t.Errorf("the suppress action gave\n%s", suppressed)
	}
	mark = c.mark()
	c.save(mod, fixed)
	if diags = c.diagnostics(mark, mod); len(summary(diags)) != 1 {
		t.Errorf("after the save: %v, want the finding (the stand-in reports any go directive)", summary(diags))
	}
}

// TestLifeCycle: requests before initialize are refused; exit without
// shutdown ends the server with an error (the process exits 1).
func TestLifeCycle(t *testing.T) {
	c := startServer(t, lsp.Options{Env: offlineEnv()})
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	var actions []protocol.CodeAction
	_, err := c.conn.Call(ctx, protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{}, &actions)
	if err == nil || !strings.Contains(err.Error(), "before initialize") {
		t.Errorf("codeAction before initialize: %v", err)
	}
	c.initialize(t.TempDir(), nil)
	c.exited = true
	c.notify(protocol.MethodExit, nil)
	select {
	case err := <-c.ended:
		if !errors.Is(err, lsp.ErrExitWithoutShutdown) {
			t.Errorf("exit without shutdown: Serve returned %v", err)
		}
	case <-ctx.Done():
		t.Fatal("the server did not end on exit")
	}
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
