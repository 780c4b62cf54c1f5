package versionskew

import (
	_ "embed"
	"errors"
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/passes/gomod"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "versionskew"

// Config is the check's configuration.
type Config struct {
	// AllowedMinorSkew is how many Kubernetes minors the modules may
	// differ by before a finding (0: they must match).
	AllowedMinorSkew int `json:"allowed-minor-skew" help:"Kubernetes minors that controller-runtime, controller-tools and the k8s.io modules may differ by"`
	// Ignore lists module paths the check leaves out (a k8s.io module
	// deliberately pinned apart, a fork).
	Ignore []string `json:"ignore" help:"comma-separated module paths to leave out, such as a k8s.io module deliberately pinned apart"`
}

// Validate reports the first invalid value of cfg.
func (cfg Config) Validate() error {
	if cfg.AllowedMinorSkew < 0 {
		return fmt.Errorf("allowed-minor-skew must be 0 or more, not %d", cfg.AllowedMinorSkew)
	}
	for _, p := range cfg.Ignore {
		if err := module.CheckPath(p); err != nil {
			return fmt.Errorf("ignore: %w", err)
		}
	}
	return nil
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Autofix:  true,
	Requires: []*analysis.Analyzer{gomod.Analyzer},
	// go.mod findings matter most when the module does not build.
	RunDespiteErrors: true,
	Run: func(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
		run(pass, rep, cfg)
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

func run(pass *analysis.Pass, r *report.Reporter, cfg Config) {
	mod, _ := pass.ResultOf[gomod.Analyzer].(*gomod.Module)
	if mod == nil || !mod.Reporter || mod.Tok == nil {
		return
	}
	pos := func(off int) token.Pos {
		if off < 0 || off > mod.Tok.Size() {
			off = 0
		}
		return mod.Tok.Pos(off)
	}
	if mod.File == nil {
		line, msg := parseError(mod.Err)
		off := 0
		if line > 0 && line <= mod.Tok.LineCount() {
			off = mod.Tok.Offset(mod.Tok.LineStart(line))
		}
		if msg != "" {
			r.ReportUnfiltered(analysis.Diagnostic{Pos: pos(off), Message: fmt.Sprintf(
				"go.mod does not parse (%s), so the go command cannot load this module and its k8s.io versions are not checked; fix the go.mod", msg)})
		}
		return
	}
	dirs := Directives(mod.Data)
	for _, d := range dirs {
		if d.Problem != "" && names(d, Name) {
			r.ReportUnfiltered(analysis.Diagnostic{Pos: pos(d.Offset), Message: "this // opvet:ignore directive in go.mod " + d.Problem + ", so it suppresses nothing"})
		}
	}
	for _, f := range CheckModFile(mod.File, mod.Data, cfg) {
		line := mod.Tok.Line(pos(f.Start))
		if Suppressed(dirs, line, Name) {
			continue
		}
		d := analysis.Diagnostic{Pos: pos(f.Start), End: pos(f.End), Message: f.Message}
		if f.Fix != nil {
			fix := analysis.SuggestedFix{Message: f.Fix.Message}
			for _, e := range f.Fix.Edits {
				fix.TextEdits = append(fix.TextEdits, analysis.TextEdit{Pos: pos(e.Start), End: pos(e.End), NewText: []byte(e.New)})
			}
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		r.ReportUnfiltered(d)
	}
}

// parseError returns the line and text of a go.mod parse error; an
// unknown directive (one a newer Go accepts) yields no message.
func parseError(err error) (int, string) {
	if err == nil {
		return 0, ""
	}
	if list := (modfile.ErrorList)(nil); errors.As(err, &list) && len(list) > 0 {
		for _, e := range list {
			if strings.Contains(e.Err.Error(), "unknown directive") {
				return 0, ""
			}
		}
		return list[0].Pos.Line, list[0].Err.Error()
	}
	return 0, err.Error()
}

// Directive is an // opvet:ignore comment in go.mod.
type Directive struct {
	report.Directive
	Offset int // byte offset of the comment
}

// Directives returns the // opvet:ignore (or //opvet:ignore) comments of a
// go.mod. Like in Go files, one applies to its own line and the line below.
func Directives(data []byte) []Directive {
	var out []Directive
	off := 0
	for i, line := range strings.SplitAfter(string(data), "\n") {
		if j := strings.Index(line, "//"); j >= 0 {
			text := strings.TrimLeft(line[j+2:], " \t")
			if rest, ok := strings.CutPrefix(strings.TrimRight(text, "\r\n"), "opvet:ignore"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
				d := Directive{Offset: off + j}
				d.Line = i + 1
				report.ParseArgs(&d.Directive, rest)
				out = append(out, d)
			}
		}
		off += len(line)
	}
	return out
}

func names(d Directive, check string) bool {
	if len(d.Checks) == 0 {
		return true // names no check at all: report it
	}
	for _, c := range d.Checks {
		if c == check {
			return true
		}
	}
	return false
}

// Suppressed reports whether a well-formed directive for check stands on
// line or the line above.
func Suppressed(dirs []Directive, line int, check string) bool {
	for _, d := range dirs {
		if d.Problem == "" && (d.Line == line || d.Line == line-1) && names(d, check) {
			return true
		}
	}
	return false
}
