package apimigration

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/internal/runcache"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "apimigration"

// Config is the check's configuration.
type Config struct {
	// TargetControllerRuntime is the controller-runtime minor to upgrade
	// to ("v0.21").
	TargetControllerRuntime string `json:"target-controller-runtime" help:"the controller-runtime release to upgrade to, such as v0.21 (implies the Kubernetes release it is built against); with no target the check is silent"`
	// TargetKubernetes is the Kubernetes minor to upgrade to ("1.33").
	TargetKubernetes string `json:"target-kubernetes" help:"the Kubernetes release to upgrade to, such as 1.33 (the k8s.io modules of that release; implies the newest controller-runtime built against it); with no target the check is silent"`
	// Deprecated also reports what the current releases deprecate.
	Deprecated bool `json:"deprecated" help:"also report uses of what the releases in go.mod already deprecate"`
}

var (
	crRE   = regexp.MustCompile(`^v?0\.(0|[1-9][0-9]{0,2})(\.(0|[1-9][0-9]*))?$`)
	kubeRE = regexp.MustCompile(`^1\.(0|[1-9][0-9]{0,2})$`)
)

// Validate reports the first invalid value of cfg.
func (cfg Config) Validate() error {
	if cfg.TargetControllerRuntime != "" && !crRE.MatchString(cfg.TargetControllerRuntime) {
		return fmt.Errorf("target-controller-runtime: %q is not a controller-runtime release such as v0.21", cfg.TargetControllerRuntime)
	}
	if cfg.TargetKubernetes != "" && !kubeRE.MatchString(cfg.TargetKubernetes) {
		return fmt.Errorf("target-kubernetes: %q is not a Kubernetes release such as 1.33", cfg.TargetKubernetes)
	}
	return nil
}

// minors returns the configured targets (0: not set).
func (cfg Config) minors() (cr, kube int) {
	if m := crRE.FindStringSubmatch(cfg.TargetControllerRuntime); m != nil {
		cr, _ = strconv.Atoi(m[1])
	}
	if m := kubeRE.FindStringSubmatch(cfg.TargetKubernetes); m != nil {
		kube, _ = strconv.Atoi(m[1])
	}
	return cr, kube
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:    Name,
	DocGo:   doc,
	Default: DefaultConfig,
	Enabled: true,
	Autofix: true,
	// The inspector is shared with other checks: apimigration reads it
	// only with a target.
	Requires: []*analysis.Analyzer{inspect.Analyzer, runcachepass.Analyzer},
	Run:      run,
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
	crTarget, kubeTarget := cfg.minors()
	if crTarget == 0 && kubeTarget == 0 {
		return nil // no target: nothing to say, at no cost
	}
	if !usesLibraries(pass.Pkg) {
		return nil
	}
	c := newChecker(pass, rep, cfg, resolveTargets(crTarget, kubeTarget, runcachepass.Of(pass)))
	if !c.crossesAny() {
		return nil // go.mod's releases are the target's or newer
	}
	c.run()
	return nil
}

// crossesAny reports whether the upgrade crosses a release of one of the
// table's modules that go.mod requires.
func (c *checker) crossesAny() bool {
	for _, mod := range append([]string{apimigration.ControllerRuntimePath}, apimigration.KubernetesModules...) {
		if _, ok := c.spanOf(mod); ok {
			return true
		}
	}
	return false
}

// usesLibraries reports whether pkg can reach a package of the table's
// modules: whether it imports one, directly or through other packages.
func usesLibraries(pkg *types.Package) bool {
	seen := map[*types.Package]bool{pkg: true}
	stack := []*types.Package{pkg}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			if f, _ := apimigration.FamilyOf(k8s.PkgPath(imp)); f != apimigration.None {
				return true
			}
			stack = append(stack, imp)
		}
	}
	return false
}

// checker holds the state of one pass.
type checker struct {
	pass    *analysis.Pass
	rep     *report.Reporter
	cfg     Config
	targets targets
	// current is go.mod's releases, read on the first candidate.
	current *releases
	file    *ast.File
	// fields maps the fields of the struct types of the table's packages
	// to "Type.Field", per package.
	fields map[*types.Package]map[*types.Var]string
	// reported holds the nodes already reported (one finding per use).
	reported map[ast.Node]bool
	// removedImports are the files' imports of removed packages.
	removedImports map[string]bool
	// reportedKeys holds what reportOnce reported.
	reportedKeys map[string]bool
	// defs maps the package's objects to their declaring identifiers.
	defs map[types.Object]*ast.Ident
	// calls maps the function expression of each call of the file to the
	// call.
	calls map[ast.Expr]*ast.CallExpr
	// inner holds the calls a method of whose result is called.
	inner map[*ast.CallExpr]bool
	// callParent maps each call to the node that holds it.
	callParent map[*ast.CallExpr]ast.Node
	// definedBy maps the variables defined by a call (v := f()) to the
	// call.
	definedBy map[*types.Var]*ast.CallExpr
	// packages indexes the packages the pass's package reaches by path,
	// once needed.
	packages map[string]*types.Package
	// operands holds the expressions that are selected from or given to
	// new variables (x in x.f, x.m() and v := x).
	operands map[ast.Expr]bool
	// indexed is set once index has run.
	indexed bool
	// files are the files that are not generated.
	files []*ast.File
	// in is the inspector of the files.
	in *inspector.Inspector
	// ownPkg is the pkgInfo of the pass's package.
	ownPkg *pkgInfo
	// pkgs caches what the table says about the packages of used objects.
	pkgs map[*types.Package]*pkgInfo
	// objects caches the span's rows of used objects (nil: none).
	objects map[types.Object]*objInfo
	// ifaces caches whether the span changes a library interface or
	// function type (a conversion to it can break).
	ifaces map[*types.Named]bool
	// sigs and composites cache whether a signature's parameters, or a
	// composite type's fields, elements or keys, are convertibleTo.
	sigs       map[*types.Signature]bool
	composites map[types.Type]bool
}

func newChecker(pass *analysis.Pass, rep *report.Reporter, cfg Config, t targets) *checker {
	return &checker{
		pass: pass, rep: rep, cfg: cfg, targets: t,
		fields:         map[*types.Package]map[*types.Var]string{},
		reported:       map[ast.Node]bool{},
		calls:          map[ast.Expr]*ast.CallExpr{},
		inner:          map[*ast.CallExpr]bool{},
		callParent:     map[*ast.CallExpr]ast.Node{},
		definedBy:      map[*types.Var]*ast.CallExpr{},
		operands:       map[ast.Expr]bool{},
		removedImports: map[string]bool{},
		pkgs:           map[*types.Package]*pkgInfo{},
		objects:        map[types.Object]*objInfo{},
		ifaces:         map[*types.Named]bool{},
		sigs:           map[*types.Signature]bool{},
		composites:     map[types.Type]bool{},
		in:             pass.ResultOf[inspect.Analyzer].(*inspector.Inspector),
	}
}

func (c *checker) run() {
	c.ownPkg = c.packageInfo(c.pass.Pkg)
	for _, f := range c.pass.Files {
		if !ast.IsGenerated(f) {
			c.files = append(c.files, f)
		}
	}
	sort.Slice(c.files, func(i, j int) bool { return c.files[i].FileStart < c.files[j].FileStart })
	for _, f := range c.files {
		c.file = f
		c.imports(f)
	}
	c.uses()
	c.conversions()
	c.behaviours()
	c.fuzzerFuncs()
}

// index records, once, the calls of the files by their function
// expression and the node that holds each, the calls whose result
// another call's method is selected from, the variables defined by a
// call, and the operands (operandsOf).
func (c *checker) index() {
	if c.indexed {
		return
	}
	c.indexed = true
	for _, f := range c.files {
		c.indexCalls(f)
	}
}

// indexCalls indexes the file f (index).
func (c *checker) indexCalls(f *ast.File) {
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		switch n := n.(type) {
		case *ast.SelectorExpr:
			c.operands[ast.Unparen(n.X)] = true
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, r := range n.Rhs {
					c.operands[ast.Unparen(r)] = true
				}
				if len(n.Lhs) == len(n.Rhs) {
					c.recordDefinitions(n)
				}
			}
		}
		if call, ok := n.(*ast.CallExpr); ok {
			fun := ast.Unparen(call.Fun)
			c.calls[fun] = call
			c.callParent[call] = parentOf(stack)
			if sel, ok := fun.(*ast.SelectorExpr); ok {
				if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
					c.inner[inner] = true
				}
			}
		}
		stack = append(stack, n)
		return true
	})
}

// recordDefinitions records the variables that assign defines by a call.
func (c *checker) recordDefinitions(assign *ast.AssignStmt) {
	for i, lhs := range assign.Lhs {
		id, ok := lhs.(*ast.Ident)
		call, isCall := ast.Unparen(assign.Rhs[i]).(*ast.CallExpr)
		if !ok || !isCall {
			continue
		}
		if v, ok := c.pass.TypesInfo.Defs[id].(*types.Var); ok {
			c.definedBy[v] = call
		}
	}
}

// parentOf is the innermost node of stack that is not a parenthesis.
func parentOf(stack []ast.Node) ast.Node {
	for i := len(stack) - 1; i >= 0; i-- {
		if _, ok := stack[i].(*ast.ParenExpr); !ok {
			return stack[i]
		}
	}
	return nil
}

// objectKey returns the package path of obj and its key in the table
// ("Name", "Type.Field", "Type.Method"), or ok false when the table
// cannot hold it.
func (c *checker) objectKey(obj types.Object) (pkg, key string, ok bool) {
	if obj == nil || obj.Pkg() == nil {
		return "", "", false
	}
	p := c.packageInfo(obj.Pkg())
	if p.family == apimigration.None {
		return "", "", false
	}
	pkg = p.path
	switch obj := obj.(type) {
	case *types.PkgName, *types.Label, *types.Builtin, *types.Nil:
		return "", "", false
	case *types.Func:
		if recv := obj.Origin().Signature().Recv(); recv != nil {
			named := namedOf(recv.Type())
			if named == nil {
				return "", "", false
			}
			return pkg, named.Obj().Name() + "." + obj.Name(), true
		}
	case *types.Var:
		if obj.IsField() {
			owner := c.fieldOwner(obj)
			return pkg, owner, owner != ""
		}
	}
	if obj.Parent() != obj.Pkg().Scope() {
		return "", "", false
	}
	return pkg, obj.Name(), true
}

// namedOf returns the defined type of t, through a pointer.
func namedOf(t types.Type) *types.Named {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	if n != nil {
		n = n.Origin()
	}
	return n
}

// fieldOwner returns "Type.Field" for a field of a struct type declared at
// package level in the field's package, among the types whose fields the
// table has rows about (the others need no name).
func (c *checker) fieldOwner(v *types.Var) string {
	v = v.Origin()
	pkg := v.Pkg()
	m, ok := c.fields[pkg]
	if !ok {
		// The packages of a run share the libraries' type information:
		// one index per library package and run.
		type fieldsKey struct{ pkg *types.Package }
		m = runcache.Do(runcachepass.Of(c.pass), fieldsKey{pkg}, func() map[*types.Var]string { return fieldOwners(pkg) })
		c.fields[pkg] = m
	}
	return m[v]
}

// fieldOwners maps the fields of the types of pkg that the table has
// member rows about to their "Type.Field" keys.
func fieldOwners(pkg *types.Package) map[*types.Var]string {
	m := map[*types.Var]string{}
	scope := pkg.Scope()
	for _, name := range typesWithMembers(k8s.PkgPath(pkg)) {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for f := range st.Fields() {
			m[f] = name + "." + f.Name()
		}
	}
	return m
}

// typesWithMembers returns the names of the types of package path that
// the table has a row or deprecation about a member ("Type.Member") of.
func typesWithMembers(path string) []string {
	seen := map[string]bool{}
	var out []string
	add := func(object string) {
		if t, _, ok := strings.Cut(object, "."); ok && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, r := range apimigration.PackageChanges(path) {
		add(r.Object)
	}
	deps := apimigration.Deprecations
	for i := sort.Search(len(deps), func(i int) bool { return deps[i].Pkg >= path }); i < len(deps) && deps[i].Pkg == path; i++ {
		add(deps[i].Object)
	}
	return out
}

// qualifiedName names the object of key in pkg as code does: "manager.Options.Port".
func qualifiedName(pkgName, key string) string {
	if key == "" {
		return pkgName
	}
	return pkgName + "." + key
}
