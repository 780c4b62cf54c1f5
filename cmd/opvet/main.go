// Command opvet runs opvet's checks on Go packages and their go.mod.
//
//	opvet ./...                         # all checks that are on by default
//	opvet -statusupdate=false ./...     # all but one
//	opvet -SA5005 ./...                 # plus an opt-in check
//	opvet help statusupdate             # a check's documentation and flags
//	go vet -vettool=$(command -v opvet) ./...
//
// It exits 0 when there is nothing to report, 3 when it reports findings
// and 1 on errors (packages that do not load, bad flags).
package main

import (
	"os"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/opvet/opvet/analyzers"
)

func main() {
	selected, args := Select(analyzers.Checks(), os.Args[1:])
	os.Args = append(os.Args[:1], args...)
	multichecker.Main(selected...)
}
