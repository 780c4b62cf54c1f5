package removedapis

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objflow"
	"github.com/opvet/opvet/internal/report"
	objflowpass "github.com/opvet/opvet/passes/objflow"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "removedapis"

// Config is the check's configuration.
type Config struct {
	// TargetKubernetes is the Kubernetes minor the operator must run on
	// ("1.31"); empty: the minor of the k8s.io/api (or k8s.io/client-go)
	// requirement of the governing go.mod.
	TargetKubernetes string `json:"target-kubernetes" help:"the Kubernetes release the operator must run on, such as 1.31 (default: the minor of the k8s.io/api or k8s.io/client-go requirement in go.mod)"`
	// Deprecated also reports group/versions that the target still
	// serves but that are deprecated.
	Deprecated bool `json:"deprecated" help:"also report group/versions that the target still serves but that are deprecated, with the release that removes them"`
}

var minorRE = regexp.MustCompile(`^1\.(0|[1-9][0-9]{0,2})$`)

// Validate reports the first invalid value of cfg.
func (cfg Config) Validate() error {
	if cfg.TargetKubernetes != "" && !minorRE.MatchString(cfg.TargetKubernetes) {
		return fmt.Errorf("target-kubernetes: %q is not a Kubernetes release such as 1.31", cfg.TargetKubernetes)
	}
	return nil
}

// targetMinor returns the minor of TargetKubernetes.
func (cfg Config) targetMinor() (int, bool) {
	m := minorRE.FindStringSubmatch(cfg.TargetKubernetes)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Autofix:  true,
	Requires: []*analysis.Analyzer{inspect.Analyzer, objflowpass.Analyzer},
	Run:      run,
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
	if !talksToServer(pass.Pkg) {
		return nil
	}
	c := &checker{pass: pass, rep: rep, cfg: cfg, envtest: k8s.Imports(pass.Pkg, envtestPath), fixed: map[ast.Node]bool{},
		oldForms: k8s.Imports(pass.Pkg, crSource, crHandler)}
	c.flow, _ = pass.ResultOf[objflowpass.Analyzer].(*objflow.Package)
	c.walk(pass.ResultOf[inspect.Analyzer].(*inspector.Inspector))
	return nil
}

// walk visits the calls and composite literals of the files checked, with
// c.file and c.fn set: the enclosing function declaration, or a literal
// in a package-level declaration (closures share the enclosing function's
// locals, so a nested literal keeps its index).
func (c *checker) walk(in *inspector.Inspector) {
	var lit *ast.FuncLit // the package-level literal c.fn belongs to
	filter := []ast.Node{(*ast.File)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.CallExpr)(nil), (*ast.CompositeLit)(nil), (*ast.AssignStmt)(nil)}
	in.Nodes(filter, func(n ast.Node, push bool) bool {
		switch n := n.(type) {
		case *ast.File:
			if push && c.skipFile(n) {
				return false
			}
			c.file = n
		case *ast.FuncDecl:
			if push && n.Body == nil {
				return false
			}
			if !push {
				c.flushLiterals()
			}
			c.fn = nil
			if push {
				c.fn = &function{body: n.Body, decl: n}
			}
		case *ast.FuncLit:
			if push && c.fn == nil {
				c.fn, lit = &function{body: n.Body}, n
			} else if !push && n == lit {
				c.flushLiterals()
				c.fn, lit = nil, nil
			}
		case *ast.CallExpr:
			if push {
				c.call(n)
			}
		case *ast.CompositeLit:
			if push && c.oldForms {
				c.literal(n)
			}
			if push {
				c.typeMetaLiteral(n)
			}
		case *ast.AssignStmt:
			if push && len(n.Lhs) == len(n.Rhs) {
				for i, rhs := range n.Rhs {
					c.getterAssigned(n.Lhs[i], rhs)
				}
			}
		}
		return true
	})
}

// serverPrefixes are the import paths (prefixes) of the libraries
// through which code talks to the API server.
var serverPrefixes = []string{
	"sigs.k8s.io/controller-runtime",
	"k8s.io/client-go/",
	k8s.APIMeta,
	"k8s.io/apiextensions-apiserver/pkg/client/",
	"k8s.io/kube-aggregator/pkg/client/",
}

// talksToServer reports whether pkg can reach a library that talks to the
// API server: whether it imports one, directly or through other packages
// (a client in a field of a struct declared elsewhere,
// `r.shared.Client.Create(ctx, obj)`, needs no import of its own).
// Without one, nothing in pkg can talk to the server. The calls themselves
// are judged by their callees' packages, so this only spares the walk.
func talksToServer(pkg *types.Package) bool {
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
			if hasPrefix(k8s.PkgPath(imp), serverPrefixes) {
				return true
			}
			stack = append(stack, imp)
		}
	}
	return false
}

// envtestPath is the package that starts a real API server for tests.
const envtestPath = "sigs.k8s.io/controller-runtime/pkg/envtest"

// checker holds the state of one pass.
type checker struct {
	// sites and decls index the package's calls and function
	// declarations, built on first need (switch.go).
	sites map[*types.Func][][]ast.Node
	// builds index, per named type of the package, the paths of the
	// expressions that make a value of it (callSites).
	builds map[*types.TypeName][][]ast.Node
	decls  map[*types.Func]*ast.FuncDecl

	pass    *analysis.Pass
	rep     *report.Reporter
	cfg     Config
	envtest bool
	// oldForms: the package may build source.Kind or
	// handler.EnqueueRequestForOwner structs.
	oldForms bool
	target   *target
	file     *ast.File
	fn       *function
	globals  map[*types.Var]ast.Expr
	// fixed holds the literals a suggested fix already edits: one fix
	// per literal, on its first report.
	fixed map[ast.Node]bool
	// flow summarises the module's functions (client wrappers).
	flow *objflow.Package
	// pkgUses counts the uses of each import in pkgUsesFile.
	pkgUses     map[*types.PkgName]int
	pkgUsesFile *ast.File
}

// skipFile reports whether f is a test file of a package whose tests do
// not start an API server (fake clients, scheme tests).
func (c *checker) skipFile(f *ast.File) bool {
	if c.envtest {
		return false
	}
	return astx.InTestFile(c.pass.Fset, f.FileStart)
}
