package finalizers

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/objflow"
	"github.com/opvet/opvet/internal/report"
	objflowpass "github.com/opvet/opvet/passes/objflow"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "finalizers"

// Config is the check's configuration.
type Config struct {
	// Ignore lists finalizer names that other components own and remove
	// (a storage driver, another controller). They are never reported as
	// never removed nor as not domain-qualified.
	Ignore []string `json:"ignore" help:"comma-separated finalizer names that other components own and remove: never reported as never removed or not domain-qualified"`
	// MergePatch reports finalizers sent with a JSON merge patch that has
	// no optimistic lock (item 6).
	MergePatch bool `json:"merge-patch" help:"report finalizers changed and sent with client.MergeFrom, a JSON merge patch without optimistic lock that undoes concurrent finalizer changes"`
}

// Validate reports the first invalid value of cfg.
func (cfg Config) Validate() error {
	for _, name := range cfg.Ignore {
		if strings.TrimSpace(name) == "" {
			return fmt.Errorf("ignore: empty finalizer name")
		}
	}
	return nil
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{MergePatch: true} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Autofix:  true,
	Requires: []*analysis.Analyzer{inspect.Analyzer, objflowpass.Analyzer, runcachepass.Analyzer},
	Run: func(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
		run(pass, rep, cfg)
		return nil
	},
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

// builtinOwned are finalizers that Kubernetes itself removes: the garbage
// collector's, the namespace controller's, and any under kubernetes.io.
var builtinOwned = map[string]bool{
	"orphan":             true,
	"foregroundDeletion": true,
	"kubernetes":         true,
}

func ownedByKubernetes(name string) bool {
	if builtinOwned[name] {
		return true
	}
	domain, _, ok := strings.Cut(name, "/")
	return ok && (domain == "kubernetes.io" || strings.HasSuffix(domain, ".kubernetes.io") ||
		domain == "k8s.io" || strings.HasSuffix(domain, ".k8s.io"))
}

// run checks one package.
func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) {
	ignored := map[string]bool{}
	for _, name := range cfg.Ignore {
		ignored[name] = true
	}
	c := &checker{pass: pass, rep: rep, ignored: ignored, flow: pass.ResultOf[objflowpass.Analyzer].(*objflow.Package)}
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	c.collect(in)
	if len(c.adds) == 0 && len(c.removes) == 0 && len(c.drops) == 0 {
		c.checkHelperChangesSaved()
		return
	}
	c.checkNaming()
	c.checkRemoved()
	c.checkGuarded()
	c.checkSaved()
	c.checkRefetched()
	c.checkStatusOnly()
	c.checkSavedByCallers()
	c.checkHelperChangesSaved()
	c.checkUnreachableRemovals()
	if cfg.MergePatch {
		c.checkMergePatched(in)
	}
}

// checker holds the state of one pass.
type checker struct {
	pass    *analysis.Pass
	rep     *report.Reporter
	ignored map[string]bool

	adds    []*site    // finalizers added, in source order
	removes []*site    // controllerutil.RemoveFinalizer calls
	drops   []dropSite // stores that drop finalizers without naming one (item 5)
	graph   *callGraph
	flow    *objflow.Package

	useCache   map[*types.Var]*varUses // handedOff, per local variable
	ownedCache map[*types.Var]bool     // ownedLocal, per local variable
	// unsaved are the changes reported as never saved (item 4): one
	// finding per change.
	unsaved map[*ast.CallExpr]bool
	// wrappers memoises wrapperUnchecked, per add wrapper of another
	// package of the module.
	wrappers map[*types.Func]bool
}

// isTestFile reports whether pos lies in a _test.go file.
func (c *checker) isTestFile(pos token.Pos) bool {
	return astx.InTestFile(c.pass.Fset, pos)
}

// owned reports whether the finalizer n belongs to another component.
func (c *checker) owned(n finName) bool {
	return c.ignored[n.value] || ownedByKubernetes(n.value)
}

// checkNaming reports constant finalizer names without a domain, once per
// name.
func (c *checker) checkNaming() {
	seen := map[string]bool{}
	for _, s := range c.adds {
		n := s.name
		if !n.known || c.owned(n) || strings.Contains(n.value, "/") || seen[n.value] || c.otherModuleConst(s.nameExpr) {
			continue
		}
		seen[n.value] = true
		c.rep.Reportf(s.nameExpr, "finalizer name %q is not domain-qualified: the API server answers each write "+
			"that adds it with a warning%s; "+
			"use a name with a path, like %q (objects that already carry the old name keep it: remove both names "+
			"in cleanup until no object has the old one)", n.value, collision(n.value), qualified(n.value))
	}
}

// collision is what a name without a path risks besides the warning: a
// short name can be another controller's too; a domain-like one
// (widget.example.com) is as unique as its domain.
func collision(name string) string {
	if strings.Contains(name, ".") {
		return ""
	}
	return " and the name can collide with other controllers' finalizers"
}

// otherModuleConst reports whether e is (a conversion of) a constant
// declared in a downloaded or vendored module: another API's finalizer
// name (the Gateway API's GatewayClassFinalizerGatewaysExist), which its
// implementations must use as it is, so renaming it is no fix.
func (c *checker) otherModuleConst(e ast.Expr) bool {
	k := packageConst(c.pass.TypesInfo, e)
	if k == nil || k.Pkg() == c.pass.Pkg {
		return false
	}
	f := c.pass.Fset.File(k.Pos())
	return f != nil && modtree.IsCopy(filepath.Dir(f.Name()))
}

// qualified suggests a domain-qualified name for name: a domain-like name
// gets a path, others a domain.
func qualified(name string) string {
	if strings.Contains(name, ".") {
		return name + "/finalizer"
	}
	return "example.com/" + name
}

// checkRemoved reports finalizers that no code of the module removes, once
// per name: first from the package itself, then from the module's files on
// disk; when the module cannot be read it reports nothing.
func (c *checker) checkRemoved() {
	var pending []*site
	for _, s := range c.adds {
		if s.name.known && !c.owned(s.name) {
			pending = append(pending, s)
		}
	}
	if len(pending) == 0 {
		return
	}
	local := c.localEvidence()
	pending = notRemoved(pending, local)
	if len(pending) == 0 {
		return
	}
	dir := c.packageDir()
	if dir == "" {
		return
	}
	ev, ok := scanModule(dir, runcachepass.Of(c.pass))
	if !ok {
		return
	}
	seen := map[string]bool{}
	for _, s := range notRemoved(pending, ev) {
		if seen[s.name.value] {
			continue
		}
		seen[s.name.value] = true
		c.rep.Reportf(s.nameExpr, "finalizer %q is added but no code in this module removes it: objects that carry it "+
			"stay in Terminating forever and block their namespace's deletion; call "+
			"controllerutil.RemoveFinalizer once cleanup is done, or list it in the ignore option if another "+
			"component removes it", s.name.value)
	}
}

func notRemoved(sites []*site, ev *evidence) []*site {
	var out []*site
	for _, s := range sites {
		if !ev.removes(s.name) {
			out = append(out, s)
		}
	}
	return out
}

// localEvidence summarizes the removals in the package's own files, with
// type information.
func (c *checker) localEvidence() *evidence {
	var sums []*funcSummary
	holds := fieldHolds{}
	for _, f := range c.pass.Files {
		if c.isTestFile(f.Pos()) {
			continue
		}
		sums = append(sums, summarizeFile(f, typedResolver{info: c.pass.TypesInfo}, holds)...)
	}
	return evaluate(sums, holds)
}

// packageDir is the directory of the package's first non-test Go file, or
// "".
func (c *checker) packageDir() string {
	for _, f := range c.pass.Files {
		name := c.pass.Fset.Position(f.Pos()).Filename
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			return filepath.Dir(name)
		}
	}
	return ""
}

// describe is how messages name the finalizer of s.
func describe(s *site) string {
	if s.name.known {
		return fmt.Sprintf("finalizer %q", s.name.value)
	}
	return "the finalizer"
}
