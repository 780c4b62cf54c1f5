package main

import (
	"fmt"
	"os"
	"sort"
	"text/tabwriter"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/packages"

	"github.com/opvet/opvet/analyzers"
)

// perCheckTimes loads the packages once and runs each default-on check
// alone, sequentially, summing the time of its actions over all packages
// (helper passes it requires are counted in its row, inspect excepted,
// which the floor pays too).
func perCheckTimes(patterns []string) error {
	start := time.Now()
	cfg := &packages.Config{Mode: packages.LoadSyntax, Dir: *dir, Tests: true}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return err
	}
	load := time.Since(start)
	floor, err := analyzeTime([]*analysis.Analyzer{inspect.Analyzer}, pkgs, nil)
	if err != nil {
		return err
	}
	fmt.Printf("\nper check (in-process, sequential): load+type-check %s, inspector %s\n",
		load.Round(time.Millisecond), floor.Round(time.Millisecond))
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "check\tCPU time\t% of floor (load+type-check)")
	type row struct {
		name string
		d    time.Duration
	}
	var rows []row
	for _, c := range analyzers.Checks() {
		if !c.Enabled() {
			continue
		}
		d, err := analyzeTime([]*analysis.Analyzer{c.Analyzer()}, pkgs, inspect.Analyzer)
		if err != nil {
			return err
		}
		rows = append(rows, row{c.Name(), d})
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].d > rows[j].d })
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%s\t%.1f%%\n", r.name, r.d.Round(time.Millisecond), 100*float64(r.d)/float64(load))
	}
	return w.Flush()
}

// analyzeTime runs as sequentially over pkgs and sums the durations of
// all actions except those of the excluded analyzer.
func analyzeTime(as []*analysis.Analyzer, pkgs []*packages.Package, exclude *analysis.Analyzer) (time.Duration, error) {
	graph, err := checker.Analyze(as, pkgs, &checker.Options{Sequential: true})
	if err != nil {
		return 0, err
	}
	var total time.Duration
	for act := range graph.All() {
		if act.Analyzer != exclude {
			total += act.Duration
		}
	}
	return total, nil
}
