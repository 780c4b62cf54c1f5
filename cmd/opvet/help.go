package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/check"
)

const helpHead = `opvet finds bugs in Kubernetes operators (controller-runtime, client-go,
kubebuilder) that the compiler cannot see: go/analysis checks of Go source,
go.mod and kubebuilder markers. Each finding names its check, what breaks
at run time and what to write instead.

Usage:
  opvet [flags] packages     analyse packages, such as ./... (run inside a Go module)
  opvet help [check]         this text, or a check's documentation and options
  opvet version              opvet's module version and VCS revision (also -V)
  opvet lsp                  a language server on stdin and stdout: the findings and
                             their fixes in your editor (docs/editors.md)
  opvet upgrade -to=1.33 packages
                             the plan of an upgrade to a Kubernetes release (or
                             -controller-runtime=v0.21): opvet help upgrade
  go vet -vettool="$(go env GOPATH)/bin/opvet" [flags] packages
                             the same checks, one process per package

Checks:
`

const helpTail = `
Choosing checks:
  -<check>=false             leave a check out
  -<check>                   run only the checks named so (several may be)
  -SA5005                    add an opt-in check (default off) to the others

Configuring a check:
  -<check>.<option>=<value>  set one of a check's options (opvet help <check>)
  //opvet:ignore <check> <reason>
                             in the code, on the line of a finding or the line
                             above: suppress that check's finding there
  golangci-lint: the same options under linters.settings.custom.opvet.settings

Output:
  (default)                  file:line:col: <check>: message, on stderr, sorted
  -json                      JSON on stdout (same as -format json; the README's
                             "JSON output" documents its shape)
  -sarif file                SARIF 2.1.0 to file, for code scanning
                             (-format sarif writes it to stdout)
  -fix                       apply the suggested fixes, go.mod's included, and
                             print the findings left; -diff prints the fixes as a
                             unified diff on stdout instead of applying them
  -test=false                leave test files out

Exit codes, in every output format:
  0  nothing to report
  1  an error: a package did not load or type-check (the others are analysed
     and their findings printed), a check failed, an output file was not written
  2  bad usage: an unknown flag, a bad flag value, no packages named
  3  findings reported (with -fix: findings left after fixing)
Under go vet, go vet exits 1 on findings and on errors alike.
`

const upgradeHelp = `opvet upgrade plans the upgrade of an operator to a newer Kubernetes and
controller-runtime: it runs the checks that know a target (apimigration,
removedapis, webhookconfig, crdmanifests, crdversions) with that target, and
prints the go.mod changes (the controller-runtime release built against the
target, the k8s.io modules of the target, controller-tools, the go directive,
in that order), then the code changes grouped by the release that requires
them, then the manifests and markers, and what opvet cannot see.

Usage:
  opvet upgrade -to=1.33 [flags] packages
  opvet upgrade -controller-runtime=v0.21 [flags] packages

Flags:
  -to release                the Kubernetes release to upgrade to (1.33); the
                             controller-runtime release is the newest built
                             against it
  -controller-runtime release
                             the controller-runtime release to upgrade to
                             (v0.21); the Kubernetes release is the one it is
                             built against
  -format text|markdown|json the plan as text (default), as Markdown for a pull
                             request's description, or as JSON (also -json)
  -fix                       apply the go.mod changes and the mechanical code
                             fixes, and print what is left; -diff prints the
                             code fixes as a unified diff instead
  -deprecated=false          leave out the uses of what go.mod's releases
                             already deprecate (listed under their release)
  -test=false                leave test files out

The go.mod is the one of the current directory's module. Exit codes as for
opvet: 0 nothing to change, 1 an error, 2 bad usage, 3 a plan with changes
(with -fix: changes left).
`

// help prints opvet's help, or a check's when args name one.
func help(checks []check.Descriptor, args []string, stdout, stderr io.Writer) int {
	switch len(args) {
	case 0:
		fmt.Fprint(stdout, helpHead)
		checkTable(stdout, checks)
		fmt.Fprint(stdout, helpTail)
		return exitOK
	case 1:
		if args[0] == "upgrade" {
			fmt.Fprint(stdout, upgradeHelp)
			return exitOK
		}
		c, ok := analyzers.Lookup(args[0])
		if !ok {
			fmt.Fprintf(stderr, "opvet: %v\n", analyzers.UnknownCheckError(args[0]))
			return exitUsage
		}
		checkHelp(stdout, c)
		return exitOK
	}
	fmt.Fprintln(stderr, "opvet: help takes at most one check name")
	return exitUsage
}

// checkTable lists the checks with their default and autofix.
func checkTable(w io.Writer, checks []check.Descriptor) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  check\tdefault\tautofix\twhat it reports")
	for _, c := range checks {
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", c.Name(), analyzers.DefaultWord(c), analyzers.AutofixWord(c), analyzers.Reports(c))
	}
	_ = tw.Flush() // as for fmt.Fprint: the terminal is gone
}

// checkHelp prints a check's documentation, how to turn it on or off, and
// its options.
func checkHelp(w io.Writer, c check.Descriptor) {
	fmt.Fprintf(w, "%s: %s\n\n", c.Name(), strings.TrimSpace(c.Doc()))
	if c.Enabled() {
		fmt.Fprintf(w, "\nOn by default: -%s=false leaves it out, -%s runs it alone.\n", c.Name(), c.Name())
	} else {
		fmt.Fprintf(w, "\nOff by default: -%s adds it to the other checks.\n", c.Name())
	}
	if c.Autofix() {
		fmt.Fprintln(w, "Autofix: opvet -fix applies its suggested fixes (-fix -diff shows them).")
	}
	opts := c.Options()
	if len(opts) == 0 {
		fmt.Fprintln(w, "Options: none.")
		return
	}
	fmt.Fprintln(w, "Options (golangci-lint: the same keys under the check's name in the opvet settings):")
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, o := range opts {
		fmt.Fprintf(tw, "  -%s.%s=%s\t%s (%s)\n", c.Name(), o.Key, defaultShown(o), o.Help, o.Type)
	}
	_ = tw.Flush() // as for fmt.Fprint: the terminal is gone
}

func defaultShown(o check.Option) string {
	if o.Default == "" {
		return `""`
	}
	return o.Default
}

// printVersion prints opvet's module version, VCS revision and Go
// version from the build information.
func printVersion(w io.Writer, args []string, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "opvet: version takes no arguments")
		return exitUsage
	}
	fmt.Fprintln(w, versionLine())
	return exitOK
}

func versionLine() string {
	v := "opvet " + moduleVersion()
	var extra []string
	if info, ok := debug.ReadBuildInfo(); ok {
		settings := map[string]string{}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
		if rev := settings["vcs.revision"]; rev != "" {
			extra = append(extra, "revision "+rev)
		}
		if t := settings["vcs.time"]; t != "" {
			extra = append(extra, t)
		}
		if settings["vcs.modified"] == "true" {
			extra = append(extra, "modified")
		}
	}
	if len(extra) == 0 {
		extra = append(extra, "no VCS revision recorded")
	}
	return fmt.Sprintf("%s (%s) built with %s", v, strings.Join(extra, ", "), runtime.Version())
}

// moduleVersion is opvet's module version: a release tag when installed
// with go install ...@version, "(devel)" or a pseudo-version from a clone.
func moduleVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok || info.Main.Version == "" {
		return "(devel)"
	}
	return info.Main.Version
}
