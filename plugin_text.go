package opvet

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// forGolangci adapts the checks to golangci-lint, which reports every
// finding of a plugin under the plugin's name ("opvet") and, because that
// name differs from the analyzer's, puts "<analyzer>: " before the
// message itself. opvet's messages already start with "<check>: " (so that
// they name their check in every driver), so each check's Run is wrapped
// to drop that prefix, leaving one "<check>: " in golangci-lint's text.
//
// The wrapper also drops the diagnostics' related places (the MergeFrom
// base's change, the cached read), which golangci-lint would report as
// issues of their own ("<check>(related information): ..."), each one
// counted as a finding; the message names them by line anyway.
//
// Only the checks are copied; the helper passes they require stay shared.
// No check requires another, so no analyzer graph is split.
func forGolangci(as []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, 0, len(as))
	for _, a := range as {
		out = append(out, dropPrefix(a))
	}
	return out
}

func dropPrefix(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	run := a.Run
	prefix := a.Name + ": "
	c.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Message = strings.TrimPrefix(d.Message, prefix)
			d.Related = nil
			pass.Report(d)
		}
		return run(&p)
	}
	return &c
}
