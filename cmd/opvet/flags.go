package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
)

// Output formats.
const (
	formatText  = "text"
	formatJSON  = "json"
	formatSARIF = "sarif"
)

// options are the command line of a standalone run.
type options struct {
	format    string // formatText, formatJSON or formatSARIF
	sarifFile string // -sarif FILE; "" writes SARIF to stdout
	fix, diff bool
	tests     bool
	version   bool
	checks    []*analysis.Analyzer // selected, in registry order
	patterns  []string
}

// errUsage is a command-line error: exit code 2.
type errUsage struct{ msg string }

func (e *errUsage) Error() string { return e.msg }

func usageErrorf(format string, args ...any) error {
	return &errUsage{fmt.Sprintf(format, args...)}
}

// parseFlags parses the command line of a standalone run: opvet's own
// flags, one -<check> flag per check and the checks' -<check>.<option>
// flags.
func parseFlags(checks []check.Descriptor, args []string) (*options, error) {
	opts := &options{format: formatText, tests: true}
	fs := flag.NewFlagSet("opvet", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var asJSON bool
	fs.BoolVar(&asJSON, "json", false, "print findings as JSON on stdout (same as -format json)")
	fs.StringVar(&opts.sarifFile, "sarif", "", "write findings as SARIF 2.1.0 to `file`")
	fs.StringVar(&opts.format, "format", formatText, "output `format`: text, json or sarif (sarif on stdout)")
	fs.BoolVar(&opts.fix, "fix", false, "apply the suggested fixes")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, print the fixes as a unified diff instead of applying them")
	fs.BoolVar(&opts.tests, "test", true, "analyse test files and test packages too")
	fs.BoolVar(&opts.version, "V", false, "print opvet's version and exit")
	enabled := map[string]*triState{}
	for _, c := range checks {
		t := new(triState)
		enabled[c.Name()] = t
		fs.Var(t, c.Name(), checkUsage(c))
		c.Analyzer().Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, c.Name()+"."+f.Name, f.Usage)
		})
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, usageErrorf("-help is not a flag: run opvet help")
		}
		return nil, &errUsage{err.Error()}
	}
	if asJSON {
		opts.format = formatJSON
	}
	if opts.sarifFile != "" {
		opts.format = formatSARIF
	}
	switch opts.format {
	case formatText, formatJSON, formatSARIF:
	default:
		return nil, usageErrorf("-format %q: want text, json or sarif", opts.format)
	}
	if asJSON && opts.sarifFile != "" {
		return nil, usageErrorf("-json and -sarif exclude each other")
	}
	if opts.diff && !opts.fix {
		opts.fix = true
	}
	if opts.fix && opts.format != formatText {
		return nil, usageErrorf("-fix prints no findings: drop -%s", opts.format)
	}
	opts.patterns = fs.Args()
	opts.checks = selectChecks(checks, enabled)
	return opts, nil
}

// selectChecks applies the -<check> flags. Naming default-on checks runs
// only those; -<check>=false leaves one out; an opt-in check runs only
// when named, in addition to the others.
func selectChecks(checks []check.Descriptor, enabled map[string]*triState) []*analysis.Analyzer {
	only := false
	for _, c := range checks {
		if c.Enabled() && *enabled[c.Name()] == setTrue {
			only = true
		}
	}
	var out []*analysis.Analyzer
	for _, c := range checks {
		state := *enabled[c.Name()]
		switch {
		case state == setFalse:
		case state == setTrue:
			out = append(out, c.Analyzer())
		case c.Enabled() && !only:
			out = append(out, c.Analyzer())
		}
	}
	return out
}

func checkUsage(c check.Descriptor) string {
	summary, _, _ := strings.Cut(c.Doc(), "\n")
	if c.Enabled() {
		return "run only the named checks; =false leaves this one out: " + summary
	}
	return "add this opt-in check: " + summary
}

// triState is a -<check> flag: unset, true or false.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) String() string {
	switch *t {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return ""
}

func (t *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	*t = setFalse
	if b {
		*t = setTrue
	}
	return nil
}

// IsBoolFlag lets -<check> stand alone.
func (t *triState) IsBoolFlag() bool { return true }
