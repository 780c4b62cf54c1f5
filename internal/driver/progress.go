package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/analysis"
)

// Progress draws one status line, rewritten in place, on a terminal: what
// the run is doing once it has taken longer than a delay. A nil *Progress
// draws nothing.
type Progress struct {
	w        io.Writer
	firstRun bool
	stop     chan struct{}
	done     chan struct{}

	current atomic.Int32 // a phase
	files   atomic.Int64 // files parsed
	pkgs    atomic.Int64 // packages loaded
	passes  atomic.Int64 // analyzer runs on root packages to do
	ran     atomic.Int64 // and done
}

const (
	phaseLoad int32 = iota
	phaseAnalyse
)

// NewProgress starts a status line on w (a terminal) that appears after
// delay. firstRun says that the module's dependencies were never compiled
// for opvet, so that loading will take long once.
func NewProgress(w io.Writer, delay time.Duration, firstRun bool) *Progress {
	p := &Progress{w: w, firstRun: firstRun, stop: make(chan struct{}), done: make(chan struct{})}
	go p.draw(delay)
	return p
}

// Stop removes the status line.
func (p *Progress) Stop() {
	if p == nil {
		return
	}
	close(p.stop)
	<-p.done
}

func (p *Progress) draw(delay time.Duration) {
	defer close(p.done)
	select {
	case <-p.stop:
		return
	case <-time.After(delay):
	}
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	last := ""
	for {
		if text := p.text(); text != last {
			fmt.Fprintf(p.w, "\r\033[K%s", text)
			last = text
		}
		select {
		case <-p.stop:
			fmt.Fprint(p.w, "\r\033[K")
			return
		case <-tick.C:
		}
	}
}

func (p *Progress) text() string {
	if p.current.Load() == phaseAnalyse {
		return fmt.Sprintf("opvet: %d packages loaded; analysing: %d of %d checks run", p.pkgs.Load(), p.ran.Load(), p.passes.Load())
	}
	if n := p.files.Load(); n > 0 {
		return fmt.Sprintf("opvet: type-checking: %d files parsed", n)
	}
	if p.firstRun {
		return "opvet: first run in this module: compiling its dependencies once (later runs reuse Go's build cache)..."
	}
	return "opvet: loading packages (go list)..."
}

func (p *Progress) phase(ph int32) {
	if p != nil {
		p.current.Store(ph)
	}
}

func (p *Progress) loaded(pkgs, analyzers int) {
	if p == nil {
		return
	}
	p.pkgs.Store(int64(pkgs))
	p.passes.Store(int64(pkgs * analyzers))
	p.current.Store(phaseAnalyse)
}

// parseFile returns go/packages' default ParseFile (nil) when there is no
// status line, else the same parse counting files.
func (p *Progress) parseFile() func(*token.FileSet, string, []byte) (*ast.File, error) {
	if p == nil {
		return nil
	}
	return func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
		p.files.Add(1)
		return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
	}
}

// count returns copies of analyzers that count their runs on the root
// packages, or analyzers themselves when there is no status line.
func (p *Progress) count(analyzers []*analysis.Analyzer, roots map[*types.Package]bool) []*analysis.Analyzer {
	if p == nil {
		return analyzers
	}
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		c := *a
		run := a.Run
		c.Run = func(pass *analysis.Pass) (any, error) {
			res, err := run(pass)
			if roots[pass.Pkg] {
				p.ran.Add(1)
			}
			return res, err
		}
		out[i] = &c
	}
	return out
}

// FirstRun tells whether opvet has not yet loaded the module of dir with
// its current dependencies and Go version, and returns a function that
// records that it has. It errs towards "not the first run" (no module, no
// cache directory).
func FirstRun(dir string) (bool, func()) {
	noop := func() {}
	cmd := exec.Command("go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	gomod := strings.TrimSpace(string(out))
	if err != nil || gomod == "" || gomod == os.DevNull {
		return false, noop
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		return false, noop
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", gomod, runtime.Version())
	for _, name := range []string{"go.mod", "go.sum"} {
		data, _ := os.ReadFile(filepath.Join(filepath.Dir(gomod), name))
		h.Write(data)
	}
	stamp := filepath.Join(cache, "opvet", "loaded", hex.EncodeToString(h.Sum(nil))[:32])
	if _, err := os.Stat(stamp); err == nil {
		return false, noop
	}
	return true, func() {
		if os.MkdirAll(filepath.Dir(stamp), 0o755) == nil {
			_ = os.WriteFile(stamp, nil, 0o644)
		}
	}
}
