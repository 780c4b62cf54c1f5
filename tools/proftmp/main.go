package main

import (
	"fmt"
	"os"
	"runtime/pprof"
	"syscall"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/packages"

	"github.com/opvet/opvet/analyzers"
)

func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func main() {
	dir := os.Args[1]
	c0 := cpu()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax, Dir: dir, Tests: true}, "./...")
	if err != nil {
		panic(err)
	}
	load := cpu() - c0
	run := func(as []*analysis.Analyzer) time.Duration {
		best := time.Duration(1 << 62)
		for i := 0; i < 3; i++ {
			s := cpu()
			if _, err := checker.Analyze(as, pkgs, &checker.Options{Sequential: true}); err != nil {
				panic(err)
			}
			if d := cpu() - s; d < best {
				best = d
			}
		}
		return best
	}
	floor := run([]*analysis.Analyzer{inspect.Analyzer})
	fmt.Printf("load+typecheck CPU (in-process, go list excluded from CPU) %v, inspect %v\n", load, floor)
	var all []*analysis.Analyzer
	for _, c := range analyzers.Checks() {
		if !c.Enabled() {
			continue
		}
		all = append(all, c.Analyzer())
		d := run([]*analysis.Analyzer{c.Analyzer(), inspect.Analyzer}) - floor
		fmt.Printf("%-18s %8v %5.1f%%\n", c.Name(), d.Round(time.Millisecond), 100*float64(d)/float64(load))
	}
	f, _ := os.Create("/tmp/prof-all.out")
	pprof.StartCPUProfile(f)
	d := run(append(all, inspect.Analyzer)) - floor
	pprof.StopCPUProfile()
	fmt.Printf("%-18s %8v %5.1f%%\n", "ALL", d.Round(time.Millisecond), 100*float64(d)/float64(load))
}
