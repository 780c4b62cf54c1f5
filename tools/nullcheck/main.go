// Command nullcheck is the floor that opvet's speed is measured against:
// the same driver as cmd/opvet (multichecker) with one analyzer that only
// requires inspect.Analyzer, so that it costs loading, type-checking and
// building the inspector, and nothing else.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

var null = &analysis.Analyzer{
	Name:     "null",
	Doc:      "null: does nothing but require the inspector (the benchmark floor)",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { multichecker.Main(null) }
