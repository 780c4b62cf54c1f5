package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/analyzers/apimigration"
	"github.com/opvet/opvet/analyzers/crdmanifests"
	"github.com/opvet/opvet/analyzers/crdversions"
	"github.com/opvet/opvet/analyzers/removedapis"
	"github.com/opvet/opvet/analyzers/webhookconfig"
	migration "github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/driver"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/passes/gomod"
)

const formatMarkdown = "markdown"

// upgradeOptions are the command line of opvet upgrade.
type upgradeOptions struct {
	kube, cr   int // targets (0: derived from the other)
	format     string
	fix, diff  bool
	tests      bool
	deprecated bool
	patterns   []string
}

var (
	kubeFlagRE = regexp.MustCompile(`^(?:v?1\.)?([1-9][0-9]{0,2})$`)
	crFlagRE   = regexp.MustCompile(`^v?0\.([1-9][0-9]{0,2})(?:\.[0-9]+)?$`)
)

// parseUpgradeFlags parses opvet upgrade's command line.
func parseUpgradeFlags(args []string) (*upgradeOptions, error) {
	opts := &upgradeOptions{format: formatText, tests: true}
	fs := flag.NewFlagSet("opvet upgrade", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var to, cr string
	var asJSON bool
	fs.StringVar(&to, "to", "", "the Kubernetes `release` to upgrade to, such as 1.33")
	fs.StringVar(&cr, "controller-runtime", "", "the controller-runtime `release` to upgrade to, such as v0.21")
	fs.StringVar(&opts.format, "format", formatText, "output `format`: text, markdown or json")
	fs.BoolVar(&asJSON, "json", false, "print the plan as JSON (same as -format json)")
	fs.BoolVar(&opts.fix, "fix", false, "apply the go.mod changes and the mechanical code fixes")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, print the code fixes as a unified diff instead of applying them (go.mod is left alone)")
	fs.BoolVar(&opts.tests, "test", true, "analyse test files and test packages too")
	fs.BoolVar(&opts.deprecated, "deprecated", true, "also list the uses of what go.mod's releases already deprecate")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil, usageErrorf("-help is not a flag: run opvet help upgrade")
		}
		return nil, &errUsage{err.Error()}
	}
	if asJSON {
		opts.format = formatJSON
	}
	switch opts.format {
	case formatText, formatMarkdown, formatJSON:
	default:
		return nil, usageErrorf("upgrade -format %q: want text, markdown or json", opts.format)
	}
	if to != "" {
		m := kubeFlagRE.FindStringSubmatch(to)
		if m == nil {
			return nil, usageErrorf("upgrade -to %q: want a Kubernetes release such as 1.33", to)
		}
		opts.kube, _ = strconv.Atoi(m[1])
	}
	if cr != "" {
		m := crFlagRE.FindStringSubmatch(cr)
		if m == nil {
			return nil, usageErrorf("upgrade -controller-runtime %q: want a controller-runtime release such as v0.21", cr)
		}
		opts.cr, _ = strconv.Atoi(m[1])
	}
	if opts.kube == 0 && opts.cr == 0 {
		return nil, usageErrorf("upgrade needs a target: -to=1.33 (Kubernetes) or -controller-runtime=v0.21")
	}
	if opts.diff {
		opts.fix = true
	}
	if opts.fix && opts.format != formatText {
		return nil, usageErrorf("upgrade -fix prints the plan as text: drop -format %s", opts.format)
	}
	opts.patterns = fs.Args()
	if len(opts.patterns) == 0 {
		return nil, usageErrorf("upgrade: no packages to analyse: name them, as in opvet upgrade -to=1.33 ./...")
	}
	return opts, nil
}

// upgradeChecks are the target-aware checks, configured for the target.
func upgradeChecks(cr, kube int, deprecated bool) ([]*analysis.Analyzer, error) {
	target := map[string]any{"target-controller-runtime": fmt.Sprintf("v0.%d", cr), "target-kubernetes": fmt.Sprintf("1.%d", kube), "deprecated": deprecated}
	if cr == 0 {
		delete(target, "target-controller-runtime")
	}
	am, err := apimigration.Check.FromSettings(target)
	if err != nil {
		return nil, err
	}
	ra, err := removedapis.Check.FromSettings(map[string]any{"target-kubernetes": fmt.Sprintf("1.%d", kube)})
	if err != nil {
		return nil, err
	}
	return []*analysis.Analyzer{am, ra, webhookconfig.Analyzer, crdmanifests.Analyzer, crdversions.Analyzer}, nil
}

// plan is what opvet upgrade prints.
type plan struct {
	Target    planTarget    `json:"target"`
	GoMod     []modChange   `json:"gomod"`
	GoModNote []string      `json:"gomodNotes"`
	Code      []planGroup   `json:"code"`
	Manifests []planFinding `json:"manifests"`
	Unseen    string        `json:"unseen"`
	Errors    []string      `json:"errors"`
}

type planTarget struct {
	ControllerRuntime string `json:"controllerRuntime"`
	Kubernetes        string `json:"kubernetes"`
}

// planGroup is the code changes one release requires.
type planGroup struct {
	Release  string        `json:"release"`
	Count    int           `json:"count"`
	Findings []planFinding `json:"findings"`
	order    [3]int
}

type planFinding struct {
	Check   string `json:"check"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
	Fixable bool   `json:"fixable"`
}

// unseen is the plan's last line.
const unseen = "Not seen by opvet: behaviour inside the libraries, code reached through reflection or generated at build time, manifests outside this module; after go mod tidy, build and run the tests"

// upgrade runs opvet upgrade and returns the exit code.
func upgrade(args []string, stdout, stderr io.Writer) int {
	opts, err := parseUpgradeFlags(args)
	if err != nil {
		fmt.Fprintf(stderr, "opvet: %v (see opvet help upgrade)\n", err)
		return exitUsage
	}
	cr, kube := migration.Targets(opts.cr, opts.kube)
	if kube == 0 || cr == 0 {
		fmt.Fprintf(stderr, "opvet: upgrade: no controller-runtime release of the tables pairs with the target (known: controller-runtime up to v0.%d, Kubernetes up to 1.%d)\n",
			migration.NewestControllerRuntime, migration.NewestKubernetes)
		return exitUsage
	}
	checks, err := upgradeChecks(cr, kube, opts.deprecated)
	if err != nil {
		fmt.Fprintf(stderr, "opvet: %v\n", err)
		return exitUsage
	}
	p := &plan{Target: planTarget{fmt.Sprintf("v0.%d", cr), fmt.Sprintf("1.%d", kube)}, Unseen: unseen}
	goModName, goModData, mf := readGoMod()
	if mf != nil {
		p.GoMod = goModPlan(mf, cr, kube)
		p.GoModNote = plannedSkew(goModData, p.GoMod)
	}
	progress, done := startProgress(stderr)
	res, err := driver.Run(checks, opts.patterns, driver.Options{Tests: opts.tests, Progress: progress, Prepare: analyzers.PrepareForModule})
	progress.Stop()
	if err != nil {
		fmt.Fprintf(stderr, "opvet: %v\n", err)
		return exitError
	}
	done()
	code := exitOK
	if reportErrors(res, stderr) {
		code = exitError
	}
	for _, e := range res.PackageErrors {
		p.Errors = append(p.Errors, e.Error())
	}
	for _, e := range res.CheckErrors {
		p.Errors = append(p.Errors, e.Error())
	}
	findings := res.Findings
	if opts.fix {
		findings, err = applyUpgrade(opts, p, goModName, goModData, findings, stdout, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "opvet: %v\n", err)
			return exitError
		}
	}
	p.classify(findings)
	if err := p.write(stdout, opts.format); err != nil {
		fmt.Fprintf(stderr, "opvet: %v\n", err)
		return exitError
	}
	if !p.empty() && code == exitOK {
		code = exitFindings
	}
	return code
}

// readGoMod reads the go.mod of the module of the current directory.
func readGoMod() (string, []byte, *modfile.File) {
	wd, err := os.Getwd()
	if err != nil {
		return "", nil, nil
	}
	root := modtree.Root(wd)
	if root == "" {
		return "", nil, nil
	}
	name := filepath.Join(root, "go.mod")
	data, err := os.ReadFile(name)
	if err != nil {
		return "", nil, nil
	}
	f, err := gomod.Parse(name, data)
	if err != nil {
		return "", nil, nil
	}
	return name, data, f
}

// applyUpgrade applies the code fixes and the go.mod plan, and returns the
// findings that remain.
func applyUpgrade(opts *upgradeOptions, p *plan, goModName string, goModData []byte, findings []driver.Finding, stdout, stderr io.Writer) ([]driver.Finding, error) {
	res, err := driver.ApplyFixes(findings, opts.diff, stdout)
	if err != nil {
		return findings, err
	}
	var rest []driver.Finding
	for i, f := range findings {
		if !res.Fixed[i] {
			rest = append(rest, f)
		}
	}
	if opts.diff {
		return findings, nil
	}
	if len(res.Files) > 0 {
		fmt.Fprintf(stderr, "opvet: applied %s to %s\n", plural(len(res.Fixed), "fix", "fixes"), plural(len(res.Files), "file", "files"))
	}
	if len(p.GoMod) > 0 && goModName != "" {
		if err := applyGoModPlan(goModName, goModData, p.GoMod); err != nil {
			return rest, err
		}
		fmt.Fprintf(stderr, "opvet: updated %s (%s); run go mod tidy\n", driver.RelPath(goModName), plural(len(p.GoMod), "change", "changes"))
		p.GoMod = nil
	}
	return rest, nil
}

// releaseRE finds the release a finding's message names first:
// "controller-runtime v0.15", "k8s.io/client-go v0.18", "Kubernetes 1.25".
var releaseRE = regexp.MustCompile(`(controller-runtime|k8s\.io/[a-z-]+) v0\.(\d+)|Kubernetes 1\.(\d+)`)

// classify sorts the findings into the plan: the code changes of
// apimigration and removedapis by the release that requires them, the
// others under manifests and markers.
func (p *plan) classify(findings []driver.Finding) {
	groups := map[string]*planGroup{}
	for _, f := range findings {
		pf := planFinding{Check: f.Check, File: driver.RelPath(f.Pos.Filename), Line: f.Pos.Line, Column: f.Pos.Column, Message: f.Message, Fixable: len(f.Fixes) > 0}
		if f.Check != apimigration.Name && f.Check != removedapis.Name {
			p.Manifests = append(p.Manifests, pf)
			continue
		}
		release, order := "other", [3]int{9, 0, 0}
		if m := releaseRE.FindStringSubmatch(f.Message); m != nil {
			switch {
			case m[1] == "controller-runtime":
				n, _ := strconv.Atoi(m[2])
				release, order = "controller-runtime v0."+m[2], [3]int{0, n, 0}
			case m[1] != "":
				n, _ := strconv.Atoi(m[2])
				release, order = m[1]+" v0."+m[2], [3]int{1, n, int(m[1][len(m[1])-1])}
			default:
				n, _ := strconv.Atoi(m[3])
				release, order = "Kubernetes 1."+m[3]+" (API server)", [3]int{2, n, 0}
			}
		}
		g := groups[release]
		if g == nil {
			g = &planGroup{Release: release, order: order}
			groups[release] = g
		}
		g.Findings = append(g.Findings, pf)
		g.Count++
	}
	for _, g := range groups {
		p.Code = append(p.Code, *g)
	}
	sort.Slice(p.Code, func(i, j int) bool {
		a, b := p.Code[i].order, p.Code[j].order
		for k := range a {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return p.Code[i].Release < p.Code[j].Release
	})
}

func (p *plan) empty() bool {
	return len(p.GoMod) == 0 && len(p.GoModNote) == 0 && len(p.Code) == 0 && len(p.Manifests) == 0
}

func (p *plan) codeCount() int {
	n := 0
	for _, g := range p.Code {
		n += g.Count
	}
	return n
}

// write prints the plan in format.
func (p *plan) write(w io.Writer, format string) error {
	switch format {
	case formatJSON:
		if p.GoMod == nil {
			p.GoMod = []modChange{}
		}
		if p.GoModNote == nil {
			p.GoModNote = []string{}
		}
		if p.Code == nil {
			p.Code = []planGroup{}
		}
		if p.Manifests == nil {
			p.Manifests = []planFinding{}
		}
		if p.Errors == nil {
			p.Errors = []string{}
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(p)
	case formatMarkdown:
		return p.writeMarkdown(w)
	}
	return p.writeText(w)
}

// section heads a part of the plan: "go.mod (3 changes, ...):" or, for
// none, "go.mod: nothing to change".
func section(title string, n int, detail string) string {
	if n == 0 {
		return title + ": nothing to change"
	}
	return fmt.Sprintf("%s (%s%s)", title, plural(n, "change", "changes"), detail)
}

func (p *plan) writeText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Upgrade plan to controller-runtime %s and Kubernetes %s\n", p.Target.ControllerRuntime, p.Target.Kubernetes)
	fmt.Fprintf(&b, "\n%s\n", colon(section("go.mod", len(p.GoMod), ", in this order; then go mod tidy")))
	for i, c := range p.GoMod {
		fmt.Fprintf(&b, "  %d. %s %s -> %s (%s)\n", i+1, c.Path, c.From, c.To, c.Why)
	}
	for _, n := range p.GoModNote {
		fmt.Fprintf(&b, "  versionskew after these changes: %s\n", n)
	}
	fmt.Fprintf(&b, "\n%s\n", colon(section("Code", p.codeCount(), "")))
	for _, g := range p.Code {
		fmt.Fprintf(&b, "  %s (%d):\n", g.Release, g.Count)
		for _, f := range g.Findings {
			fmt.Fprintf(&b, "    %s:%d:%d: %s%s\n", f.File, f.Line, f.Column, f.Message, fixMark(f.Fixable, " [fix]"))
		}
	}
	fmt.Fprintf(&b, "\n%s\n", colon(section("Manifests and markers", len(p.Manifests), "")))
	for _, f := range p.Manifests {
		fmt.Fprintf(&b, "  %s:%d:%d: %s: %s%s\n", f.File, f.Line, f.Column, f.Check, f.Message, fixMark(f.Fixable, " [fix]"))
	}
	fmt.Fprintf(&b, "\n%s.\n", p.Unseen)
	_, err := io.WriteString(w, b.String())
	return err
}

// colon ends a section head that a list follows.
func colon(head string) string {
	if strings.HasSuffix(head, "nothing to change") {
		return head
	}
	return head + ":"
}

func (p *plan) writeMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "## Upgrade to controller-runtime %s and Kubernetes %s\n", p.Target.ControllerRuntime, p.Target.Kubernetes)
	fmt.Fprintf(&b, "\n### %s\n\n", section("go.mod", len(p.GoMod), ", then `go mod tidy`"))
	for i, c := range p.GoMod {
		fmt.Fprintf(&b, "%d. `%s` %s → %s (%s)\n", i+1, c.Path, c.From, c.To, c.Why)
	}
	for _, n := range p.GoModNote {
		fmt.Fprintf(&b, "- versionskew after these changes: %s\n", n)
	}
	fmt.Fprintf(&b, "\n### %s\n", section("Code", p.codeCount(), ""))
	for _, g := range p.Code {
		fmt.Fprintf(&b, "\n#### %s (%d)\n\n", g.Release, g.Count)
		for _, f := range g.Findings {
			fmt.Fprintf(&b, "- [ ] `%s:%d`: %s%s\n", f.File, f.Line, markdownEscape(f.Message), fixMark(f.Fixable, " *(opvet upgrade -fix)*"))
		}
	}
	fmt.Fprintf(&b, "\n### %s\n\n", section("Manifests and markers", len(p.Manifests), ""))
	for _, f := range p.Manifests {
		fmt.Fprintf(&b, "- [ ] `%s:%d`: %s: %s\n", f.File, f.Line, f.Check, markdownEscape(f.Message))
	}
	fmt.Fprintf(&b, "\n_%s._\n", p.Unseen)
	_, err := io.WriteString(w, b.String())
	return err
}

func fixMark(fixable bool, mark string) string {
	if fixable {
		return mark
	}
	return ""
}

// markdownEscape keeps a message's brackets, stars and underscores from
// turning into markup.
func markdownEscape(s string) string {
	r := strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`, "<", "&lt;", "`", "\\`")
	return r.Replace(s)
}
