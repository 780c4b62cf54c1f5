// Command opvet runs opvet's checks on Go packages and their go.mod.
//
//	opvet ./...                         # all checks that are on by default
//	opvet -statusupdate=false ./...     # all but one
//	opvet -statusupdate ./...           # only the named checks
//	opvet -SA5005 ./...                 # plus an opt-in check
//	opvet -json ./...                   # findings as JSON on stdout
//	opvet -sarif opvet.sarif ./...      # findings as SARIF 2.1.0
//	opvet -fix ./...                    # apply suggested fixes (-diff shows them)
//	opvet help                          # the checks, flags and exit codes
//	opvet help statusupdate             # a check's documentation and options
//	opvet version                       # module version and VCS revision
//	opvet lsp                           # language server (LSP over stdio) for editors
//	go vet -vettool="$(go env GOPATH)/bin/opvet" ./...
//
// Standalone, opvet loads the packages with go/packages and runs the
// checks through golang.org/x/tools/go/analysis/checker. Run by go vet
// (arguments -V=full, -flags or a *.cfg file) it speaks go vet's
// unitchecker protocol instead, one process per package.
//
// Exit codes, in every output format: 0 nothing to report, 1 an error
// (a package that does not load or type-check, a check that fails, an
// unwritable output file; findings are still printed), 2 bad usage,
// 3 findings reported. Under go vet, go vet exits 1 on findings and
// errors alike.
package main

import (
	"os"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/opvet/opvet/analyzers"
)

// Exit codes.
const (
	exitOK       = 0
	exitError    = 1
	exitUsage    = 2
	exitFindings = 3
)

func main() {
	args := os.Args[1:]
	if vetTool(args) {
		selected, rest := Select(analyzers.Checks(), args)
		os.Args = append(os.Args[:1], rest...)
		unitchecker.Main(selected...)
		return // unreachable: unitchecker.Main exits
	}
	os.Exit(run(args, os.Stdout, os.Stderr))
}

// vetTool tells whether go vet runs opvet: it asks for the tool's version
// (-V=full) and flags (-flags), then hands it one *.cfg file per package.
func vetTool(args []string) bool {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			break // the first package pattern ends the flags
		}
		switch strings.TrimLeft(a, "-") {
		case "V=full", "flags":
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}
