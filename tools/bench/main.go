// Command bench measures opvet's cost on real code, as ratios to the floor
// (the same driver with a null analyzer), next to go vet and staticcheck.
//
//	go -C tools run ./bench -C /tmp/corpus/capi [-runs 5] ./...
//
// It runs one warm-up round and then -runs measured rounds of one run of
// each tool (interleaved, so that the machine's load weighs on every tool
// alike), and prints the median wall time, the median CPU time (user and
// system) and the peak RSS (of the tool's process tree, from wait4's
// rusage). With -per-check it also loads the packages
// once in-process and prints each check's CPU time as a share of the
// floor's. The -opvet-args that set a check's option (-apimigration.target-kubernetes=1.33)
// apply to the in-process checks too; -checks limits the per-check rows to
// the named checks (each row costs seven runs of all checks).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"
)

var (
	dir       = flag.String("C", ".", "directory to run in (a module)")
	runs      = flag.Int("runs", 5, "measured runs per tool (after one warm-up)")
	tools     = flag.String("tools", "null,opvet,govet,staticcheck", "comma-separated tools to measure")
	opvetArgs = flag.String("opvet-args", "", "extra flags for opvet (space-separated)")
	perCheck  = flag.Bool("per-check", true, "also print each check's CPU time (in-process)")
	onlyRows  = flag.String("checks", "", "comma-separated checks whose per-check rows to measure (default: every enabled check)")
	cpuProf   = flag.String("cpuprofile", "", "write a CPU profile of -profile-runs in-process runs of the -checks (alone, with their helpers) to this file, and measure nothing else")
	profRuns  = flag.Int("profile-runs", 5, "in-process runs of the checks that -cpuprofile profiles")
	memProf   = flag.String("memprofile", "", "with -cpuprofile: also write the allocations of those runs (a heap profile; read it with -sample_index=alloc_space) to this file")
)

type tool struct {
	name string
	cmd  func(bin string, patterns []string) []string
}

type sample struct {
	wall   time.Duration
	cpu    time.Duration // user and system time of the process tree
	maxRSS int64         // KiB
}

func main() {
	flag.Parse()
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = []string{"./..."}
	}
	if *memProf != "" && *cpuProf == "" {
		fmt.Fprintln(os.Stderr, "bench: -memprofile needs -cpuprofile (it records the allocations of the profiled runs)")
		os.Exit(2)
	}
	if *cpuProf != "" {
		if err := profileChecks(patterns); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(patterns); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(patterns []string) error {
	bindir, err := os.MkdirTemp("", "opvet-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(bindir)
	if err := build(bindir); err != nil {
		return err
	}
	fmt.Printf("bench: %s in %s, %d runs each after a warm-up, %d CPUs, %s\n",
		strings.Join(patterns, " "), *dir, *runs, runtime.NumCPU(), time.Now().Format(time.DateOnly))
	results := map[string][]sample{}
	selected := strings.Split(*tools, ",")
	// Rounds of one run of each tool, so that a change of the machine's
	// load during the measurement weighs on every tool alike.
	for i := 0; i <= *runs; i++ {
		for _, t := range allTools(bindir) {
			if !slices.Contains(selected, t.name) {
				continue
			}
			s, err := measure(t.cmd(bindir, patterns))
			if err != nil {
				return fmt.Errorf("%s: %w", t.name, err)
			}
			if i > 0 { // the first round warms caches
				results[t.name] = append(results[t.name], s)
			}
		}
	}
	printTable(selected, results)
	if *perCheck && slices.Contains(selected, "opvet") {
		return perCheckTimes(patterns)
	}
	return nil
}

// build compiles opvet, the null checker and staticcheck into bindir.
func build(bindir string) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	for out, pkg := range map[string][2]string{
		"opvet":       {".", "./cmd/opvet"},
		"null":        {"tools", "./nullcheck"},
		"staticcheck": {".", "honnef.co/go/tools/cmd/staticcheck"},
	} {
		cmd := exec.Command("go", "build", "-o", filepath.Join(bindir, out), pkg[1])
		cmd.Dir = filepath.Join(root, pkg[0])
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building %s: %w", pkg, err)
		}
	}
	return nil
}

func repoRoot() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/opvet/opvet").Output()
	if err != nil {
		return "", fmt.Errorf("run bench from the opvet checkout: %w", err)
	}
	return strings.TrimSpace(string(out)), nil
}

func allTools(bindir string) []tool {
	return []tool{
		{"null", func(b string, p []string) []string { return append([]string{filepath.Join(b, "null")}, p...) }},
		{"opvet", func(b string, p []string) []string {
			argv := []string{filepath.Join(b, "opvet")}
			argv = append(argv, strings.Fields(*opvetArgs)...)
			return append(argv, p...)
		}},
		{"govet", func(b string, p []string) []string { return append([]string{"go", "vet"}, p...) }},
		{"staticcheck", func(b string, p []string) []string {
			return append([]string{filepath.Join(b, "staticcheck")}, p...)
		}},
	}
}

// measure runs argv in *dir. Exit codes 1 and 3 (findings, or packages
// that do not build) are accepted: real code has both.
func measure(argv []string) (sample, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = *dir
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() <= 3) {
		return sample{}, err
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	var rss int64
	if ru != nil {
		rss = ru.Maxrss
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return sample{wall: wall, cpu: cpu, maxRSS: rss}, nil
}

func median[T int64 | time.Duration](xs []T) T {
	s := slices.Clone(xs)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}

func printTable(order []string, results map[string][]sample) {
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "tool\tmedian wall\tx null\tmedian CPU\tx null\tpeak RSS\tx null")
	base, hasBase := results["null"]
	for _, name := range order {
		ss, ok := results[name]
		if !ok {
			continue
		}
		walls, cpus, rsss := split(ss)
		mw, mc, mr := median(walls), median(cpus), slices.Max(rsss)
		ratioW, ratioC, ratioR := "-", "-", "-"
		if hasBase {
			bw, bc, br := split(base)
			ratioW = fmt.Sprintf("%.2f", float64(mw)/float64(median(bw)))
			ratioC = fmt.Sprintf("%.2f", float64(mc)/float64(median(bc)))
			ratioR = fmt.Sprintf("%.2f", float64(mr)/float64(slices.Max(br)))
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%d MiB\t%s\n", name, mw.Round(10*time.Millisecond), ratioW,
			mc.Round(10*time.Millisecond), ratioC, mr/1024, ratioR)
	}
	w.Flush()
}

func split(ss []sample) (walls, cpus []time.Duration, rss []int64) {
	for _, s := range ss {
		walls = append(walls, s.wall)
		cpus = append(cpus, s.cpu)
		rss = append(rss, s.maxRSS)
	}
	return walls, cpus, rss
}
