package lsp

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/driver"
	"github.com/opvet/opvet/passes/gomod"
)

// module is a Go module that holds a file the client opened. Its fields
// but root and real are guarded by server.mu.
type module struct {
	// root is the module's directory as the client names it; real is root
	// with symbolic links resolved, as the go command may report files.
	root, real string

	pending  map[string]bool    // package directories waiting for analysis
	running  map[string]bool    // directories of the analysis in progress
	cancel   context.CancelFunc // cancels the analysis in progress
	busy     bool               // an analysis goroutine runs
	analysed map[string]bool    // directories analysed at least once

	// diags holds the published findings: file -> package directory ->
	// the findings of that package in that file.
	diags map[string]map[string][]entry
}

// module returns the module rooted at root, made on first use. The
// caller holds s.mu.
func (s *server) module(root string) *module {
	if m := s.modules[root]; m != nil {
		return m
	}
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		real = root
	}
	m := &module{
		root: root, real: real,
		pending: map[string]bool{}, analysed: map[string]bool{},
		diags: map[string]map[string][]entry{},
	}
	s.modules[root] = m
	return m
}

// clientPath names a file as the client does: under root rather than
// under real.
func (m *module) clientPath(name string) string {
	if m.real == m.root {
		return name
	}
	if rest, ok := strings.CutPrefix(name, m.real+string(filepath.Separator)); ok {
		return filepath.Join(m.root, rest)
	}
	return name
}

// moduleRoot returns the directory of the go.mod that governs dir.
func moduleRoot(dir string) (string, bool) {
	for {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && fi.Mode().IsRegular() {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// fileEvent analyses what the opening or saving of file name calls for:
// its package for a .go file; the open packages of its module and the
// package that reports go.mod's findings for go.mod; the open packages
// for a YAML file (a CRD manifest, .golangci.yml) when it is saved.
// Opening a file whose package was analysed does nothing; a save cancels
// a running analysis of the same packages.
func (s *server) fileEvent(name string, save bool) {
	base := filepath.Base(name)
	isGo, isMod := strings.HasSuffix(base, ".go"), base == "go.mod"
	isYAML := strings.HasSuffix(base, ".yaml") || strings.HasSuffix(base, ".yml")
	if !isGo && !isMod && (!isYAML || !save) {
		return
	}
	root, ok := moduleRoot(filepath.Dir(name))
	if !ok {
		s.log(protocol.MessageTypeInfo, "opvet: %s is not in a Go module (no go.mod above it): opvet analyses the packages of modules", name)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.module(root)
	if d := s.docs[name]; d != nil {
		d.root = root
	}
	var dirs []string
	switch {
	case isGo:
		dirs = []string{filepath.Dir(name)}
	case isMod:
		dirs = s.openDirs(root)
		if dir, ok := reportingDir(root); ok {
			dirs = append(dirs, dir)
		}
	default:
		dirs = s.openDirs(root)
	}
	if !save {
		dirs = slices.DeleteFunc(dirs, func(d string) bool { return m.analysed[d] || m.pending[d] || m.running[d] })
	}
	s.request(m, dirs, save)
}

// openDirs are the directories of the open .go files of the module at
// root. The caller holds s.mu.
func (s *server) openDirs(root string) []string {
	var out []string
	for name, d := range s.docs {
		if d.root == root && strings.HasSuffix(name, ".go") && !slices.Contains(out, filepath.Dir(name)) {
			out = append(out, filepath.Dir(name))
		}
	}
	return out
}

// reportingDir is the directory of the package that reports the go.mod
// findings of the module at root.
func reportingDir(root string) (string, bool) {
	var ignored []string
	name := filepath.Join(root, "go.mod")
	if data, err := os.ReadFile(name); err == nil {
		if f, err := gomod.Parse(name, data); err == nil {
			for _, ig := range f.Ignore {
				ignored = append(ignored, ig.Path)
			}
		}
	}
	return gomod.ReportingDir(root, ignored)
}

// reanalyse analyses again every package of the module at root that was
// analysed or waits (the settings changed).
func (s *server) reanalyse(root string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.modules[root]
	if m == nil {
		return
	}
	dirs := slices.Collect(maps.Keys(m.analysed))
	s.request(m, dirs, true)
}

// request queues the analysis of dirs in m, and starts the module's
// analysis goroutine unless it runs. With cancel set, an analysis in
// progress that covers one of dirs is cancelled: it is run again, with
// dirs, once it returns. The caller holds s.mu.
func (s *server) request(m *module, dirs []string, cancel bool) {
	if len(dirs) == 0 {
		return
	}
	for _, d := range dirs {
		m.pending[d] = true
	}
	if m.busy {
		if cancel && slices.ContainsFunc(dirs, func(d string) bool { return m.running[d] }) {
			m.cancel()
		}
		return
	}
	m.busy = true
	s.running.Add(1)
	go s.analyseLoop(m)
}

// analyseLoop analyses the pending packages of m, all at once, until none
// waits: the one analysis of m at a time.
func (s *server) analyseLoop(m *module) {
	defer s.running.Done()
	for {
		s.mu.Lock()
		if len(m.pending) == 0 || s.ctx.Err() != nil {
			m.busy = false
			s.mu.Unlock()
			return
		}
		dirs := slices.Sorted(maps.Keys(m.pending))
		m.running, m.pending = m.pending, map[string]bool{}
		ctx, cancel := context.WithCancel(s.ctx)
		m.cancel = cancel
		s.mu.Unlock()

		res, err := s.analyse(ctx, m, dirs)
		cancelled := ctx.Err() != nil
		cancel()

		s.mu.Lock()
		if cancelled {
			for _, d := range dirs {
				m.pending[d] = true
			}
		}
		m.running, m.cancel = nil, nil
		s.mu.Unlock()
		if !cancelled {
			s.report(m, dirs, res, err)
		}
	}
}

// analyse runs the module's configured checks on the packages in dirs.
func (s *server) analyse(ctx context.Context, m *module, dirs []string) (*driver.Result, error) {
	checks, err := s.checks(m.root)
	if err != nil {
		return nil, err
	}
	if s.opts.beforeRun != nil {
		s.opts.beforeRun(ctx, dirs)
	}
	patterns := make([]string, 0, len(dirs))
	for _, d := range dirs {
		rel, err := filepath.Rel(m.root, d)
		if err != nil {
			rel = d
		}
		if rel == "." {
			patterns = append(patterns, ".")
			continue
		}
		patterns = append(patterns, "./"+filepath.ToSlash(rel))
	}
	return driver.Run(checks, patterns, driver.Options{Dir: m.root, Tests: true, Context: ctx, Env: s.opts.Env, Prepare: analyzers.PrepareForModule})
}
