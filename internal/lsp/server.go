// Package lsp is opvet's language server (`opvet lsp`): it speaks the
// Language Server Protocol over one stream (the command's stdin and
// stdout), beside gopls, and shows opvet's findings in the editor with
// their suggested fixes as code actions.
//
// On open and on save of a .go file it analyses the file's package with
// its test variants, as the command line does (internal/driver), in the
// file's own module, and publishes diagnostics for every file of the
// package, clearing those that no longer have findings. Saving go.mod or a
// YAML file (the CRD manifests that crdmanifests reads, .golangci.yml)
// analyses again the packages of the module that are open, and the package
// that reports the module's go.mod findings (passes/gomod). Findings in
// go.mod are published for go.mod.
//
// Each module has one queue: at most one analysis runs per module, the
// packages asked for meanwhile wait and are analysed together, and a save
// of a package that the running analysis covers cancels it (it is run
// again with the newer files). A package that does not load or type-check
// keeps the diagnostics it had, and the server says why in one
// window/logMessage.
//
// The checks and their options are those of the golangci-lint plugin:
// linters.settings.custom.opvet.settings of the .golangci.yml that
// golangci-lint would read for the module (in its root or a parent
// directory), else the client's initializationOptions or
// workspace/didChangeConfiguration settings (the same map, or one with the
// map under "opvet").
//
// Protocol types and JSON-RPC come from go.lsp.dev/protocol and
// go.lsp.dev/jsonrpc2 (docs/design.md says why). The server reads the
// documents from disk, as the go command does: the text the client sends
// only tells whether a code action's edits still fit the document.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"golang.org/x/tools/go/analysis"
)

// Options configure a server.
type Options struct {
	// Env is the environment of the go command; nil is the server's own.
	Env []string
	// Version is the server's version, told to the client.
	Version string

	// beforeRun, if set (by tests), is called before each analysis with
	// its context and the package directories it covers.
	beforeRun func(ctx context.Context, dirs []string)
	// checks, if set (by tests), are run instead of the configured checks.
	checks []*analysis.Analyzer
}

// ErrExitWithoutShutdown is Serve's error when the client sent exit
// without shutdown first; the server's process then exits with 1.
var ErrExitWithoutShutdown = errors.New("the client sent exit without shutdown")

// Serve runs the server on stream until the client sends exit or closes
// the stream, or ctx is done.
func Serve(ctx context.Context, stream io.ReadWriteCloser, opts Options) error {
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(stream))
	ctx, cancel := context.WithCancel(ctx)
	s := newServer(ctx, conn, opts)
	conn.Go(ctx, s.handle)
	select {
	case <-conn.Done():
	case <-s.exit:
	case <-ctx.Done():
	}
	cancel() // stops the analyses
	s.wait()
	_ = conn.Close()
	select { // the read loop ends when the stream's Close ends its read
	case <-conn.Done():
	case <-time.After(time.Second):
	}
	if s.exitCode() != 0 {
		return ErrExitWithoutShutdown
	}
	return nil
}

// server is the state of one connection.
type server struct {
	ctx  context.Context // cancelled when the connection ends
	conn jsonrpc2.Conn
	opts Options
	exit chan struct{} // closed on the exit notification

	mu          sync.Mutex
	initialized bool
	shutdown    bool
	exited      bool
	settings    any                  // the client's settings
	docs        map[string]*document // open documents, by file name
	modules     map[string]*module   // by module root as the client names it
	running     sync.WaitGroup       // analyses in progress
}

// document is an open document.
type document struct {
	text []byte // as the client last sent it
	root string // its module's root; "" outside a module
}

func newServer(ctx context.Context, conn jsonrpc2.Conn, opts Options) *server {
	return &server{
		ctx:     ctx,
		conn:    conn,
		opts:    opts,
		exit:    make(chan struct{}),
		docs:    map[string]*document{},
		modules: map[string]*module{},
	}
}

// wait waits for the analyses in progress to end.
func (s *server) wait() { s.running.Wait() }

func (s *server) exitCode() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.exited && !s.shutdown {
		return 1
	}
	return 0
}

// handle answers one message. It runs in the connection's read loop, so
// it never waits for an analysis: those run in their own goroutines. Its
// error would close the connection, so it returns only the reply's.
func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	method := req.Method()
	if err := s.state(method); err != nil {
		if _, isCall := req.(*jsonrpc2.Call); !isCall {
			return nil // notifications get no answer
		}
		return reply(ctx, nil, err)
	}
	result, err := s.dispatch(method, req.Params())
	if _, isCall := req.(*jsonrpc2.Call); !isCall {
		if err != nil {
			s.log(protocol.MessageTypeError, "opvet: %s: %v", method, err)
		}
		return nil
	}
	return reply(ctx, result, err)
}

// state refuses what the protocol's life cycle forbids: anything but
// initialize before it, anything but exit after shutdown.
func (s *server) state(method string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case method == protocol.MethodExit:
		return nil
	case s.shutdown:
		return jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "%s after shutdown", method)
	case !s.initialized && method != protocol.MethodInitialize:
		return jsonrpc2.Errorf(jsonrpc2.ServerNotInitialized, "%s before initialize", method)
	case s.initialized && method == protocol.MethodInitialize:
		return jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "initialize sent twice")
	}
	return nil
}

// dispatch runs the method and returns its result.
func (s *server) dispatch(method string, params json.RawMessage) (any, error) {
	switch method {
	case protocol.MethodInitialize:
		return s.initialize(params)
	case protocol.MethodShutdown:
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	case protocol.MethodExit:
		s.mu.Lock()
		if !s.exited {
			s.exited = true
			close(s.exit)
		}
		s.mu.Unlock()
		return nil, nil
	case protocol.MethodTextDocumentDidOpen:
		return nil, s.didOpen(params)
	case protocol.MethodTextDocumentDidChange:
		return nil, s.didChange(params)
	case protocol.MethodTextDocumentDidSave:
		return nil, s.didSave(params)
	case protocol.MethodTextDocumentDidClose:
		return nil, s.didClose(params)
	case protocol.MethodTextDocumentCodeAction:
		return s.codeAction(params)
	case protocol.MethodWorkspaceDidChangeConfiguration:
		return nil, s.didChangeConfiguration(params)
	case protocol.MethodInitialized, protocol.MethodCancelRequest, protocol.MethodSetTrace:
		return nil, nil // requests are answered at once: nothing to cancel
	}
	return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "opvet does not implement %s", method)
}

// initializeParams are the fields of protocol.InitializeParams that the
// server reads; decoding only these keeps a client's newer capabilities
// from failing the decoding.
type initializeParams struct {
	InitializationOptions any `json:"initializationOptions,omitempty"`
}

func (s *server) initialize(raw json.RawMessage) (any, error) {
	var params initializeParams
	if err := json.Unmarshal(raw, &params); err != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "initialize: %v", err)
	}
	s.mu.Lock()
	s.initialized = true
	s.settings = clientSettings(params.InitializationOptions)
	s.mu.Unlock()
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindFull,
				Save:      &protocol.SaveOptions{},
			},
			CodeActionProvider: protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix},
			},
		},
		ServerInfo: &protocol.ServerInfo{Name: "opvet", Version: s.opts.Version},
	}, nil
}

func (s *server) didOpen(raw json.RawMessage) error {
	var params protocol.DidOpenTextDocumentParams
	if err := json.Unmarshal(raw, &params); err != nil {
		return err
	}
	name, ok := fileName(params.TextDocument.URI)
	if !ok {
		return nil
	}
	s.mu.Lock()
	s.docs[name] = &document{text: []byte(params.TextDocument.Text)}
	s.mu.Unlock()
	s.fileEvent(name, false)
	return nil
}

func (s *server) didChange(raw json.RawMessage) error {
	var params protocol.DidChangeTextDocumentParams
	if err := json.Unmarshal(raw, &params); err != nil {
		return err
	}
	name, ok := fileName(params.TextDocument.URI)
	if !ok || len(params.ContentChanges) == 0 {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.docs[name]; d != nil {
		// Full synchronisation: the last change holds the whole text.
		d.text = []byte(params.ContentChanges[len(params.ContentChanges)-1].Text)
	}
	return nil
}

func (s *server) didSave(raw json.RawMessage) error {
	var params protocol.DidSaveTextDocumentParams
	if err := json.Unmarshal(raw, &params); err != nil {
		return err
	}
	name, ok := fileName(params.TextDocument.URI)
	if !ok {
		return nil
	}
	s.fileEvent(name, true)
	return nil
}

func (s *server) didClose(raw json.RawMessage) error {
	var params protocol.DidCloseTextDocumentParams
	if err := json.Unmarshal(raw, &params); err != nil {
		return err
	}
	if name, ok := fileName(params.TextDocument.URI); ok {
		s.mu.Lock()
		delete(s.docs, name)
		s.mu.Unlock()
	}
	return nil
}

func (s *server) didChangeConfiguration(raw json.RawMessage) error {
	var params protocol.DidChangeConfigurationParams
	if err := json.Unmarshal(raw, &params); err != nil {
		return err
	}
	s.mu.Lock()
	s.settings = clientSettings(params.Settings)
	var roots []string
	for root := range s.modules {
		roots = append(roots, root)
	}
	s.mu.Unlock()
	for _, root := range roots {
		s.reanalyse(root)
	}
	return nil
}

// log sends a window/logMessage.
func (s *server) log(typ protocol.MessageType, format string, args ...any) {
	_ = s.conn.Notify(s.ctx, protocol.MethodWindowLogMessage, &protocol.LogMessageParams{
		Type: typ, Message: fmt.Sprintf(format, args...),
	})
}

// fileName is the file name of a file: URI.
func fileName(u protocol.DocumentURI) (name string, ok bool) {
	defer func() {
		if recover() != nil { // uri.URI.Filename panics on what it cannot parse
			name, ok = "", false
		}
	}()
	return u.Filename(), true
}
