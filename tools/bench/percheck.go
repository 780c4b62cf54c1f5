package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/packages"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/driver"
)

// perCheckTimes loads the packages once, as opvet does (the test variant
// of a package with tests, not also the package), and prints, in CPU time
// summed over all packages (in-process, sequential):
//   - the floor: loading and type-checking;
//   - each helper pass that several checks share, as run with all checks
//     (the object flow's per-function analyses are made lazily inside
//     the checks that ask first, so they fall into the checks' rows);
//   - each check's marginal cost: all checks, less all checks but this
//     one (the median of three differences), which is what turning the
//     check off saves;
//
// with the garbage collector off while the checks run (see analyzeTime).
//   - each check alone with its helper passes, which counts the shared
//     work again in every row.
func perCheckTimes(patterns []string) error {
	pkgs, load, checks, names, measured, err := loadChecks(patterns)
	if err != nil {
		return err
	}
	all, byAnalyzer, err := analyzeTime(checks, pkgs)
	if err != nil {
		return err
	}
	fmt.Printf("\nper check (in-process, sequential): load+type-check %s, inspector %s, all checks %s (%.1f%% of the floor)\n",
		load.Round(time.Millisecond), byAnalyzer[inspect.Analyzer].Round(time.Millisecond),
		(all - byAnalyzer[inspect.Analyzer]).Round(time.Millisecond), pct(all-byAnalyzer[inspect.Analyzer], load))
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "helper pass (shared)\tCPU time\t% of floor")
	var helpers []*analysis.Analyzer
	for a := range byAnalyzer {
		if names[a] == "" && a != inspect.Analyzer {
			helpers = append(helpers, a)
		}
	}
	sort.Slice(helpers, func(i, j int) bool { return byAnalyzer[helpers[i]] > byAnalyzer[helpers[j]] })
	for _, a := range helpers {
		fmt.Fprintf(w, "%s\t%s\t%.1f%%\n", a.Name, byAnalyzer[a].Round(time.Millisecond), pct(byAnalyzer[a], load))
	}
	fmt.Fprintln(w, "\ncheck\tmarginal CPU\t% of floor\talone, with its helpers\t% of floor")
	type row struct {
		name            string
		marginal, alone time.Duration
	}
	var rows []row
	for _, a := range measured {
		others := slices.DeleteFunc(slices.Clone(checks), func(b *analysis.Analyzer) bool { return b == a })
		var diffs []time.Duration
		for range 3 {
			withAll, _, err := analyzeTime(checks, pkgs)
			if err != nil {
				return err
			}
			without, _, err := analyzeTime(others, pkgs)
			if err != nil {
				return err
			}
			diffs = append(diffs, withAll-without)
		}
		alone, byA, err := analyzeTime([]*analysis.Analyzer{a}, pkgs)
		if err != nil {
			return err
		}
		rows = append(rows, row{names[a], median(diffs), alone - byA[inspect.Analyzer]})
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].marginal > rows[j].marginal })
	for _, r := range rows {
		fmt.Fprintf(w, "%s\t%s\t%.1f%%\t%s\t%.1f%%\n", r.name, r.marginal.Round(time.Millisecond), pct(r.marginal, load),
			r.alone.Round(time.Millisecond), pct(r.alone, load))
	}
	return w.Flush()
}

// loadChecks loads the packages as opvet does and returns them, the time
// it took, the enabled checks with the options of -opvet-args, their
// names, and those that -checks selects.
func loadChecks(patterns []string) (pkgs []*packages.Package, load time.Duration, checks []*analysis.Analyzer, names map[*analysis.Analyzer]string, measured []*analysis.Analyzer, err error) {
	start := time.Now()
	cfg := &packages.Config{Mode: packages.LoadSyntax, Dir: *dir, Tests: true}
	pkgs, err = packages.Load(cfg, patterns...)
	if err != nil {
		return nil, 0, nil, nil, nil, err
	}
	load = time.Since(start)
	pkgs = driver.AnalysisRoots(pkgs)
	names = map[*analysis.Analyzer]string{}
	for _, c := range analyzers.Checks() {
		if c.Enabled() {
			a := c.Analyzer()
			checks = append(checks, a)
			names[a] = c.Name()
		}
	}
	if err := setCheckFlags(checks, names, strings.Fields(*opvetArgs)); err != nil {
		return nil, 0, nil, nil, nil, err
	}
	measured = checks
	if *onlyRows != "" {
		want := strings.Split(*onlyRows, ",")
		measured = slices.DeleteFunc(slices.Clone(checks), func(a *analysis.Analyzer) bool { return !slices.Contains(want, names[a]) })
	}
	return pkgs, load, checks, names, measured, nil
}

// profileChecks loads the packages once and writes a CPU profile of
// -profile-runs runs of the -checks (alone, with their helper passes),
// printing each run's time of the checks themselves.
func profileChecks(patterns []string) error {
	pkgs, load, _, names, measured, err := loadChecks(patterns)
	if err != nil {
		return err
	}
	f, err := os.Create(*cpuProf)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	defer pprof.StopCPUProfile()
	fmt.Printf("profile: load+type-check %s\n", load.Round(time.Millisecond))
	for range *profRuns {
		_, by, err := analyzeTime(measured, pkgs)
		if err != nil {
			return err
		}
		var own time.Duration
		for a, d := range by {
			if names[a] != "" {
				own += d
			}
		}
		fmt.Printf("profile: checks %s (%.1f%% of the floor)\n", own.Round(time.Millisecond), pct(own, load))
	}
	return writeHeapProfile(*memProf)
}

// writeHeapProfile writes the allocations made so far to file, when it
// is set. The loading's allocations are in it too: the checks' own are
// those under analyzeTime.
func writeHeapProfile(file string) error {
	if file == "" {
		return nil
	}
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.Lookup("allocs").WriteTo(f, 0)
}

// setCheckFlags applies the opvet arguments that set a check's option
// (-NAME.OPTION=VALUE) to that check's analyzer, as opvet's command line
// does; other arguments are opvet's own and are left alone.
func setCheckFlags(checks []*analysis.Analyzer, names map[*analysis.Analyzer]string, args []string) error {
	for _, arg := range args {
		name, value, ok := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		check, option, dotted := strings.Cut(name, ".")
		if !ok || !dotted {
			continue
		}
		for _, a := range checks {
			if names[a] != check {
				continue
			}
			if err := a.Flags.Set(option, value); err != nil {
				return fmt.Errorf("%s: %w", arg, err)
			}
		}
	}
	return nil
}

func pct(d, of time.Duration) float64 { return 100 * float64(d) / float64(of) }

// analyzeTime runs as sequentially over pkgs and returns the summed
// durations of all actions, and of each analyzer's. The garbage collector
// is off while they run (and collects after), so that a collection made
// for earlier runs does not land in this one: the times leave out GC.
//
// Each run is prepared as the CLI prepares one (analyzers.PrepareForModule:
// the object-flow pass narrowed to what the loaded packages name, and a
// fresh memo of the run, so that no run reads what an earlier one
// memoized); the durations of the prepared copies of as are given under
// the analyzers of as.
func analyzeTime(as []*analysis.Analyzer, pkgs []*packages.Package) (time.Duration, map[*analysis.Analyzer]time.Duration, error) {
	prepared := analyzers.PrepareForModule(pkgs, as)
	orig := map[*analysis.Analyzer]*analysis.Analyzer{}
	for i, a := range prepared {
		orig[a] = as[i]
	}
	runtime.GC()
	old := debug.SetGCPercent(-1)
	defer func() {
		debug.SetGCPercent(old)
		runtime.GC()
	}()
	graph, err := checker.Analyze(prepared, pkgs, &checker.Options{Sequential: true})
	if err != nil {
		return 0, nil, err
	}
	var total time.Duration
	by := map[*analysis.Analyzer]time.Duration{}
	for act := range graph.All() {
		a := act.Analyzer
		if o, ok := orig[a]; ok {
			a = o
		}
		total += act.Duration
		by[a] += act.Duration
	}
	return total, by, nil
}
