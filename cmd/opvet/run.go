package main

import (
	"errors"
	"fmt"
	"go/version"
	"io"
	"os"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/driver"
)

// progressDelay is how long a run goes before it shows a status line.
const progressDelay = 2 * time.Second

// run is a standalone run (not under go vet) and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	checks := analyzers.Checks()
	if len(args) > 0 {
		switch args[0] {
		case "help":
			return help(checks, args[1:], stdout, stderr)
		case "version":
			return printVersion(stdout, args[1:], stderr)
		case "lsp":
			return serveLSP(args[1:], stderr)
		case "upgrade":
			return upgrade(args[1:], stdout, stderr)
		}
	}
	opts, err := parseFlags(checks, args)
	if err != nil {
		fmt.Fprintf(stderr, "opvet: %v (see opvet help)\n", err)
		return exitUsage
	}
	if opts.version {
		return printVersion(stdout, nil, stderr)
	}
	if len(opts.patterns) == 0 {
		fmt.Fprintln(stderr, "opvet: no packages to analyse: name them, as in opvet ./... (see opvet help)")
		return exitUsage
	}
	if len(opts.checks) == 0 {
		fmt.Fprintln(stderr, "opvet: every check is turned off (see opvet help)")
		return exitUsage
	}
	progress, done := startProgress(stderr)
	in := catchInterrupts()
	res, err := driver.Run(opts.checks, opts.patterns, driver.Options{
		Tests: opts.tests, Progress: progress, Prepare: analyzers.PrepareForModule,
		Context: in.ctx, Loaded: in.loaded,
	})
	in.stop()
	progress.Stop()
	if code, ok := in.taken(); ok {
		fmt.Fprintln(stderr, "opvet: interrupted while loading the packages")
		return code
	}
	if err != nil {
		fmt.Fprintf(stderr, "opvet: %v\n", err)
		if !opts.fix && opts.format != formatText {
			// A JSON or SARIF document that says nothing was analysed, and why.
			_, _ = output(opts, &driver.Result{CheckErrors: []error{err}}, stdout, stderr)
		}
		return exitError
	}
	done()
	if res.GOPATHMode {
		fmt.Fprintln(stderr, "opvet: no go.mod here: loaded the packages in GOPATH mode (GO111MODULE=off)")
	}
	code := exitOK
	if reportErrors(res, stderr) {
		code = exitError
	}
	found, err := output(opts, res, stdout, stderr)
	for _, n := range res.Notes {
		fmt.Fprintf(stderr, "opvet: note: %s\n", n)
	}
	if err != nil {
		fmt.Fprintf(stderr, "opvet: %v\n", err)
		return exitError
	}
	if found && code == exitOK {
		code = exitFindings
	}
	return code
}

// reportErrors prints one line per package that did not load and per
// failed check, and tells whether there were any.
func reportErrors(res *driver.Result, stderr io.Writer) bool {
	errs, tooNew := splitTooNew(res.PackageErrors, runtime.Version())
	if tooNew != "" {
		fmt.Fprintf(stderr, "opvet: %s\n", tooNew)
	}
	for _, e := range groupByDependency(errs) {
		if e.NoMatch {
			fmt.Fprintf(stderr, "opvet: %v\n", e)
			continue
		}
		fmt.Fprintf(stderr, "opvet: %v; the other packages were analysed\n", e)
	}
	for _, e := range res.CheckErrors {
		fmt.Fprintf(stderr, "opvet: %v\n", e)
	}
	return len(res.PackageErrors)+len(res.CheckErrors) > 0
}

// output prints or applies the findings as opts say, and tells whether
// findings remain in the code.
func output(opts *options, res *driver.Result, stdout, stderr io.Writer) (bool, error) {
	switch {
	case opts.fix:
		return fix(opts, res.Findings, stdout, stderr)
	case opts.format == formatJSON:
		return len(res.Findings) > 0, writeJSON(stdout, res)
	case opts.format == formatSARIF:
		return len(res.Findings) > 0, writeSARIFTo(opts.sarifFile, stdout, res)
	}
	writeText(stderr, res.Findings)
	return len(res.Findings) > 0, nil
}

// fix applies the first fix of each finding (or prints them as a diff)
// and prints the findings that remain.
func fix(opts *options, findings []driver.Finding, stdout, stderr io.Writer) (bool, error) {
	res, err := driver.ApplyFixes(findings, opts.diff, stdout)
	if err != nil {
		return true, err
	}
	var rest []driver.Finding // findings that the fixes leave in the code
	for i, f := range findings {
		if !res.Fixed[i] {
			rest = append(rest, f)
		}
	}
	writeText(stderr, rest)
	if !opts.diff && len(res.Files) > 0 {
		fmt.Fprintf(stderr, "opvet: applied %s to %s\n", plural(len(res.Fixed), "fix", "fixes"), plural(len(res.Files), "file", "files"))
	}
	if res.Conflicts > 0 {
		fmt.Fprintf(stderr, "opvet: %s overlap others and were left out: run opvet -fix again\n", plural(res.Conflicts, "fix", "fixes"))
	}
	if opts.diff {
		return len(findings) > 0, nil
	}
	return len(rest) > 0, nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// writeText prints findings as go vet does: file:line:col: check: message.
func writeText(w io.Writer, findings []driver.Finding) {
	var b strings.Builder
	for _, f := range findings {
		fmt.Fprintf(&b, "%s:%d:%d: %s: %s\n", driver.RelPath(f.Pos.Filename), f.Pos.Line, f.Pos.Column, f.Check, f.Message)
	}
	fmt.Fprint(w, b.String())
}

// writeSARIFTo writes the SARIF log to file, or to stdout when file is "".
func writeSARIFTo(file string, stdout io.Writer, res *driver.Result) error {
	if file == "" {
		return writeSARIF(stdout, res)
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	err = writeSARIF(f, res)
	return errors.Join(err, f.Close())
}

// startProgress starts the status line when stderr is a terminal, and
// returns it (nil otherwise) with the function that records a finished
// first run in the module.
func startProgress(stderr io.Writer) (*driver.Progress, func()) {
	f, ok := stderr.(*os.File)
	if !ok || !isTerminal(f) || os.Getenv("TERM") == "dumb" {
		return nil, func() {}
	}
	first, done := driver.FirstRun("")
	return driver.NewProgress(stderr, progressDelay, first), done
}

// tooNewGo matches go/types' refusal of a package or file whose Go
// version is newer than the Go the program was built with.
var tooNewGo = regexp.MustCompile(`requires newer Go version (go[0-9][0-9.a-z]*)`)

// splitTooNew takes out of errs the packages that go/types refused
// because their module needs a newer Go than the one opvet was built
// with (built, the runtime's version), and says in one line what to do:
// every package of such a module fails alike, and opvet cannot analyse
// any of them, however the go command is chosen (GOTOOLCHAIN picks the
// go command that lists the packages, not the type checker inside opvet).
func splitTooNew(errs []driver.PackageError, built string) ([]driver.PackageError, string) {
	var rest []driver.PackageError
	n, need := 0, ""
	for _, e := range errs {
		m := tooNewGo.FindStringSubmatch(e.First)
		if m == nil || e.NoMatch {
			rest = append(rest, e)
			continue
		}
		n++
		if need == "" || version.Compare(m[1], need) > 0 {
			need = m[1]
		}
	}
	if n == 0 {
		return errs, ""
	}
	pkgs := "packages were"
	if n == 1 {
		pkgs = "package was"
	}
	// A language version (go1.27) is not a toolchain; its first release is.
	release := need
	if strings.Count(need, ".") == 1 && version.IsValid(need) {
		release = need + ".0"
	}
	return rest, fmt.Sprintf("%d %s not analysed: they need %s (their go.mod's go line), and this opvet was built "+
		"with %s, whose type checker refuses newer code; build opvet with %s or newer (GOTOOLCHAIN=%s go install ...) "+
		"and run it again", n, pkgs, need, built, need, release)
}

// groupByDependency folds the errors of packages that were not analysed
// because of the same broken dependency into one, which names the first of
// them and counts the others.
func groupByDependency(errs []driver.PackageError) []driver.PackageError {
	var out []driver.PackageError
	index := map[string]int{}
	count := map[string]int{}
	for _, e := range errs {
		if e.Dependency == "" {
			out = append(out, e)
			continue
		}
		key := e.Dependency + "\x00" + e.First
		if _, ok := index[key]; ok {
			count[key]++
			continue
		}
		index[key] = len(out)
		out = append(out, e)
	}
	for key, n := range count {
		others := "other packages"
		if n == 1 {
			others = "other package"
		}
		out[index[key]].Package += fmt.Sprintf(" (and %d %s)", n, others)
	}
	return out
}
