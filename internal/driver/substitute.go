package driver

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/packages"

	"github.com/opvet/opvet/internal/astx"
)

// Substitute returns analyzers with every requirement of old replaced by
// the analyzer that repl returns, made only when some analyzer requires
// old (repl may be costly to prepare): each analyzer that requires old, directly or through others, is
// copied with its requirements replaced, and its Run finds repl's result
// under old's key of Pass.ResultOf (and a substituted requirement's
// under the original's), so analyzers that read pass.ResultOf[old] work
// unchanged. repl must have old's ResultType. The given analyzers are
// not modified.
func Substitute(analyzers []*analysis.Analyzer, old *analysis.Analyzer, repl func() *analysis.Analyzer) []*analysis.Analyzer {
	copies := map[*analysis.Analyzer]*analysis.Analyzer{}
	var sub func(a *analysis.Analyzer) *analysis.Analyzer
	sub = func(a *analysis.Analyzer) *analysis.Analyzer {
		if c, ok := copies[a]; ok {
			return c
		}
		if a == old {
			copies[a] = repl()
			return copies[a]
		}
		copies[a] = a // no cycles in a valid graph; a stays itself unless a requirement changes
		var reqs []*analysis.Analyzer
		aliases := map[*analysis.Analyzer]*analysis.Analyzer{} // original -> its replacement
		for _, r := range a.Requires {
			s := sub(r)
			reqs = append(reqs, s)
			if s != r {
				aliases[r] = s
			}
		}
		if len(aliases) == 0 {
			return a
		}
		c := *a
		c.Requires = reqs
		run := a.Run
		c.Run = func(pass *analysis.Pass) (any, error) {
			for orig, s := range aliases {
				pass.ResultOf[orig] = pass.ResultOf[s]
			}
			return run(pass)
		}
		copies[a] = &c
		return &c
	}
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		out[i] = sub(a)
	}
	return out
}

// NamedElsewhere returns the functions and methods (their generic
// origins) of the loaded packages with syntax that another such package
// names, through an identifier or a selector. They are the objects of
// the type-check that the naming package imports: a package and its test
// variant are type-checked apart, so a function that only other packages
// name is not named in the test variant (which only its external test
// package imports), and its pass need not summarise it for them; an
// importer reads facts of the variant it imports only. Functions of packages
// loaded from export data are left out: no pass exports for them. A
// method of an interface of those packages that another package names
// stands for the methods that implement it (the object flow resolves a
// call of the interface to its one implementation: a call through the
// module's own client interface).
func NamedElsewhere(pkgs []*packages.Package) map[*types.Func]bool {
	var withSyntax []*packages.Package
	// The packages with syntax, by identity: the importer hands each one
	// its dependencies' own *types.Package, so a pointer test replaces a
	// hash of the path for the many functions of other modules.
	loaded := map[*types.Package]bool{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.TypesInfo != nil && p.Types != nil {
			withSyntax = append(withSyntax, p)
			loaded[p.Types] = true
		}
	})
	named := map[*types.Func]bool{}
	abstract := map[string][]*types.Interface{} // by method name
	for _, p := range withSyntax {
		add := func(obj types.Object) {
			fn, ok := obj.(*types.Func)
			if !ok {
				return
			}
			fn = fn.Origin()
			if fn.Pkg() == p.Types || !loaded[fn.Pkg()] || named[fn] || fn.Pkg().Path() == p.Types.Path() {
				return
			}
			named[fn] = true
			if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
				if iface, ok := recv.Type().Underlying().(*types.Interface); ok {
					abstract[fn.Name()] = append(abstract[fn.Name()], iface)
				}
			}
		}
		for _, obj := range p.TypesInfo.Uses {
			add(obj)
		}
		for _, sel := range p.TypesInfo.Selections {
			add(sel.Obj())
		}
	}
	if len(abstract) > 0 {
		for _, p := range withSyntax {
			implementing(p.Types, abstract, func(m *types.Func) { named[m] = true })
		}
	}
	return named
}

// implementing calls found for each method declared in pkg, by a named
// type of its scope, that implements one of the interfaces listed under
// the method's name.
func implementing(pkg *types.Package, abstract map[string][]*types.Interface, found func(*types.Func)) {
	for _, t := range astx.ConcreteTypes(pkg) {
		for i := 0; i < t.NumMethods(); i++ {
			m := t.Method(i)
			for _, iface := range abstract[m.Name()] {
				if types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface) {
					found(m)
					break
				}
			}
		}
	}
}

// InspectRootsOnly returns a copy of inspect.Analyzer that builds the
// inspector only for the packages that the run analyses
// (AnalysisRoots(pkgs)). The checker visits the other packages only to
// run the analyzers that export facts, and the copy gives them a nil
// *inspector.Inspector: every such analyzer must take nil for "walk the
// files" (the object-flow pass does). On cluster-api the packages
// analysed only for their facts (a package whose test variant is the
// root, imported by others) hold about half the module's source, and
// their inspectors were about 8 % of the run's allocations.
func InspectRootsOnly(pkgs []*packages.Package) *analysis.Analyzer {
	roots := map[*types.Package]bool{}
	for _, p := range AnalysisRoots(pkgs) {
		roots[p.Types] = true
	}
	a := *inspect.Analyzer
	run := inspect.Analyzer.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		if !roots[pass.Pkg] {
			return (*inspector.Inspector)(nil), nil
		}
		return run(pass)
	}
	return &a
}
