package lsp_test

// A language client for the tests: it drives the server in this process
// (over a pipe) or the opvet binary (over its stdin and stdout), records
// what the server sends and waits for it.

import (
	"cmp"
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/opvet/opvet/internal/integration"
	"github.com/opvet/opvet/internal/lsp"
)

// waitLimit bounds every wait for the server: generous, since a cold
// build cache makes the first load of a module slow.
const waitLimit = 3 * time.Minute

// note is a notification from the server.
type note struct {
	method string
	params json.RawMessage
}

type client struct {
	t       testing.TB
	conn    jsonrpc2.Conn
	mu      sync.Mutex
	notes   []note
	arrived chan struct{} // signalled when a note arrives
	ended   chan error    // the server's end
	exited  bool
}

// offlineEnv is the go command's environment for the fixture modules,
// which have no dependencies.
func offlineEnv() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
}

// startServer runs lsp.Serve in this process and connects a client.
func startServer(t testing.TB, opts lsp.Options) *client {
	t.Helper()
	server, conn := net.Pipe()
	c := newClient(t, conn)
	go func() { c.ended <- lsp.Serve(context.Background(), server, opts) }()
	t.Cleanup(c.stop)
	return c
}

// startBinary runs `opvet lsp` from the built binary in dir and connects a
// client to its stdin and stdout.
func startBinary(t testing.TB, dir string, env []string) *client {
	t.Helper()
	cmd := exec.Command(integration.Opvet(t), "lsp")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, pipes{stdout, stdin})
	go func() { c.ended <- cmd.Wait() }()
	t.Cleanup(c.stop)
	return c
}

// pipes joins a process's stdout and stdin into one stream.
type pipes struct {
	io.ReadCloser
	w io.WriteCloser
}

func (p pipes) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p pipes) Close() error                { _ = p.w.Close(); return p.ReadCloser.Close() }

func newClient(t testing.TB, stream io.ReadWriteCloser) *client {
	c := &client{t: t, arrived: make(chan struct{}, 1), ended: make(chan error, 1)}
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(stream))
	c.conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		c.mu.Lock()
		c.notes = append(c.notes, note{req.Method(), req.Params()})
		c.mu.Unlock()
		select {
		case c.arrived <- struct{}{}:
		default:
		}
		return reply(ctx, nil, nil)
	})
	return c
}

// stop shuts the server down, as a client does, unless it did already.
func (c *client) stop() {
	if !c.exited {
		if err := c.shutdown(); err != nil {
			c.t.Errorf("the server ended with %v after shutdown and exit", err)
		}
	}
	_ = c.conn.Close()
}

// shutdown sends shutdown and exit and waits for the server's end.
func (c *client) shutdown() error {
	c.exited = true
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if _, err := c.conn.Call(ctx, protocol.MethodShutdown, nil, nil); err != nil {
		c.t.Errorf("shutdown: %v", err)
	}
	if err := c.conn.Notify(ctx, protocol.MethodExit, nil); err != nil {
		c.t.Errorf("exit: %v", err)
	}
	select {
	case err := <-c.ended:
		return err
	case <-ctx.Done():
		c.t.Errorf("the server did not end after exit")
		return ctx.Err()
	}
}

// call sends a request and decodes its result into result.
func (c *client) call(method string, params, result any) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), waitLimit)
	defer cancel()
	if _, err := c.conn.Call(ctx, method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// notify sends a notification.
func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// initialize sends initialize and initialized.
func (c *client) initialize(root string, options any) protocol.InitializeResult {
	c.t.Helper()
	var res protocol.InitializeResult
	c.call(protocol.MethodInitialize, &protocol.InitializeParams{
		WorkspaceFolders:      []protocol.WorkspaceFolder{{URI: string(uri.File(root)), Name: filepath.Base(root)}},
		InitializationOptions: options,
	}, &res)
	c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
	return res
}

// open sends didOpen for the file at path with its content on disk.
func (c *client) open(path string) {
	c.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		c.t.Fatal(err)
	}
	lang := protocol.LanguageIdentifier("go")
	if filepath.Base(path) == "go.mod" {
		lang = "go.mod"
	}
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: uri.File(path), LanguageID: lang, Version: 1, Text: string(data)},
	})
}

// save writes text to path and sends didChange and didSave, as an editor
// does when the user saves an edited buffer.
func (c *client) save(path, text string) {
	c.t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		c.t.Fatal(err)
	}
	c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: uri.File(path)}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: text}},
	})
	c.notify(protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(path)},
	})
}

// codeActions asks for the code actions at rng of the file at path.
func (c *client) codeActions(path string, rng protocol.Range) []protocol.CodeAction {
	c.t.Helper()
	var actions []protocol.CodeAction
	c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(path)},
		Range:        rng,
	}, &actions)
	return actions
}

// mark is the number of notes received so far: waits look at the ones
// after it.
func (c *client) mark() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.notes)
}

// forget drops the notes received so far (marks start again at 0).
func (c *client) forget() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.notes = nil
}

// since returns the notes of method received after mark.
func (c *client) since(mark int, method string) []json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []json.RawMessage
	for _, n := range c.notes[mark:] {
		if n.method == method {
			out = append(out, n.params)
		}
	}
	return out
}

// await waits for a note of method after mark that match accepts, and
// returns the mark after it.
func (c *client) await(mark int, method string, match func(json.RawMessage) bool) int {
	c.t.Helper()
	deadline := time.After(waitLimit)
	for {
		c.mu.Lock()
		for i := mark; i < len(c.notes); i++ {
			if n := c.notes[i]; n.method == method && match(n.params) {
				c.mu.Unlock()
				return i + 1
			}
		}
		c.mu.Unlock()
		select {
		case <-c.arrived:
		case err := <-c.ended:
			c.t.Fatalf("the server ended (%v) before sending the awaited %s", err, method)
		case <-deadline:
			c.t.Fatalf("no %s within %s; received:\n%s", method, waitLimit, c.dump())
		}
	}
}

// diagnostics waits for the next publication, after mark, of the
// diagnostics of the file at path.
func (c *client) diagnostics(mark int, path string) []protocol.Diagnostic {
	c.t.Helper()
	var params protocol.PublishDiagnosticsParams
	c.await(mark, protocol.MethodTextDocumentPublishDiagnostics, func(raw json.RawMessage) bool {
		params = protocol.PublishDiagnosticsParams{}
		return json.Unmarshal(raw, &params) == nil && params.URI == uri.File(path)
	})
	if params.Diagnostics == nil {
		c.t.Errorf("%s: diagnostics is null, not a list", path)
	}
	return params.Diagnostics
}

// logged waits for a window/logMessage after mark that contains text.
func (c *client) logged(mark int, text string) (string, int) {
	c.t.Helper()
	var msg protocol.LogMessageParams
	next := c.await(mark, protocol.MethodWindowLogMessage, func(raw json.RawMessage) bool {
		return json.Unmarshal(raw, &msg) == nil && strings.Contains(msg.Message, text)
	})
	return msg.Message, next
}

// published lists the files whose diagnostics were published after mark.
func (c *client) published(mark int) []string {
	var out []string
	for _, raw := range c.since(mark, protocol.MethodTextDocumentPublishDiagnostics) {
		var p protocol.PublishDiagnosticsParams
		if json.Unmarshal(raw, &p) == nil {
			out = append(out, p.URI.Filename())
		}
	}
	return out
}

func (c *client) dump() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var b strings.Builder
	for _, n := range c.notes {
		b.WriteString(n.method + " " + string(n.params) + "\n")
	}
	return b.String()
}

// fixtureModule copies testdata/<name> to a temporary directory without
// symbolic links in its path, and returns it.
func fixtureModule(t testing.TB, name string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	integration.CopyDir(t, filepath.Join("testdata", name), dir)
	return dir
}

// summary is "line:check" for each diagnostic (lines 1-based), sorted.
func summary(diags []protocol.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		code, _ := d.Code.(string)
		out = append(out, strings.Join([]string{strconv.Itoa(int(d.Range.Start.Line) + 1), code}, ":"))
	}
	slices.Sort(out)
	return out
}

// find returns the diagnostic of check, failing the test without one.
func find(t testing.TB, diags []protocol.Diagnostic, check string) protocol.Diagnostic {
	t.Helper()
	for _, d := range diags {
		if d.Code == check {
			return d
		}
	}
	t.Fatalf("no %s diagnostic in %v", check, summary(diags))
	return protocol.Diagnostic{}
}

// action returns the code action whose title starts with prefix.
func action(t testing.TB, actions []protocol.CodeAction, prefix string) protocol.CodeAction {
	t.Helper()
	var titles []string
	for _, a := range actions {
		if strings.HasPrefix(a.Title, prefix) {
			return a
		}
		titles = append(titles, a.Title)
	}
	t.Fatalf("no code action %q in %q", prefix, titles)
	return protocol.CodeAction{}
}

// applyEdit applies the edits of a workspace edit to the file at path,
// which must be the only file it changes, and returns the new text.
func applyEdit(t testing.TB, edit *protocol.WorkspaceEdit, path string) string {
	t.Helper()
	if edit == nil || len(edit.Changes) != 1 || edit.Changes[uri.File(path)] == nil {
		t.Fatalf("edit %+v: want edits of %s only", edit, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	edits := slices.Clone(edit.Changes[uri.File(path)])
	slices.SortFunc(edits, func(a, b protocol.TextEdit) int {
		return cmp.Or(cmp.Compare(b.Range.Start.Line, a.Range.Start.Line), cmp.Compare(b.Range.Start.Character, a.Range.Start.Character))
	})
	for _, e := range edits {
		start, end := offset(t, text, e.Range.Start), offset(t, text, e.Range.End)
		text = text[:start] + e.NewText + text[end:]
	}
	return text
}

// offset converts an LSP position (UTF-16 columns) to a byte offset.
func offset(t testing.TB, text string, p protocol.Position) int {
	t.Helper()
	lines := strings.SplitAfter(text, "\n")
	switch {
	case int(p.Line) == len(lines) && p.Character == 0:
		return len(text)
	case int(p.Line) >= len(lines):
		t.Fatalf("position %v beyond the text's %d lines", p, len(lines))
	}
	off := 0
	for _, l := range lines[:p.Line] {
		off += len(l)
	}
	units := 0
	for i, r := range lines[p.Line] {
		if units >= int(p.Character) {
			return off + i
		}
		units += len(utf16.Encode([]rune{r}))
	}
	return off + len(strings.TrimSuffix(lines[p.Line], "\n"))
}
