// Command nullcheck is the floor that opvet's speed is measured against:
// the same driver as cmd/opvet (internal/driver: go/packages and the
// x/tools checker API) with one analyzer that only requires
// inspect.Analyzer, so that it costs loading, type-checking and building
// the inspector, and nothing else.
package main

import (
	"fmt"
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/opvet/opvet/internal/driver"
)

var null = &analysis.Analyzer{
	Name:     "null",
	Doc:      "null: does nothing but require the inspector (the benchmark floor)",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() {
	res, err := driver.Run([]*analysis.Analyzer{null}, os.Args[1:], driver.Options{Tests: true})
	if err != nil {
		fmt.Fprintf(os.Stderr, "nullcheck: %v\n", err)
		os.Exit(1)
	}
	for _, e := range res.PackageErrors {
		fmt.Fprintf(os.Stderr, "nullcheck: %v\n", e)
	}
	if len(res.PackageErrors) > 0 {
		os.Exit(1)
	}
}
