package lsp

import (
	"context"

	"golang.org/x/tools/go/analysis"
)

// WithBeforeRun returns opts with a function called before each analysis
// with its context and package directories.
func WithBeforeRun(opts Options, f func(ctx context.Context, dirs []string)) Options {
	opts.beforeRun = f
	return opts
}

// WithChecks returns opts with the analyzers to run instead of the
// registry's configured checks.
func WithChecks(opts Options, checks []*analysis.Analyzer) Options {
	opts.checks = checks
	return opts
}
