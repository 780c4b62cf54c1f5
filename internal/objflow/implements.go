package objflow

import (
	"go/types"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/opvet/opvet/internal/astx"
)

// A call of a method of an interface that the module declares for its own
// client (type Client interface { Update(obj runtime.Object) error },
// held in a controller's field so that tests can swap it) runs the
// module's implementation of it. When the package can see exactly one
// implementation, the call is that method's call: its summary (its own
// package's, or imported as a fact) is the call's.
//
// The types looked at are those the package can name: its own, the
// interface's package's, and those of the packages whose summaries it
// imports (the main module's packages it depends on). Test doubles (a
// fake in a test file of the package, a FakeX or MockX type beside the
// real one) are left out when a real implementation remains: a cluster
// runs the real one. A second real implementation leaves the call
// unknown, as before.

// implementations caches, per interface method, the method that
// resolve finds (nil when none or several).
type implementations struct {
	once  sync.Once
	paths map[string]bool // the packages whose types may implement
	// named are the concrete named types of those packages, without
	// type parameters, listed once.
	named []*types.Named
	found sync.Map // *types.Func (interface method) -> *types.Func
}

// resolve returns the method that a call of fn runs when fn is a method
// of an interface of the main module with one implementation the package
// can see; fn otherwise.
func (p *Package) resolve(fn *types.Func) *types.Func {
	if fn == nil || fn.Pkg() == nil {
		return fn
	}
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) || !p.inModule(fn.Pkg()) {
		return fn
	}
	if impl, ok := p.impls.found.Load(fn); ok {
		if impl := impl.(*types.Func); impl != nil {
			return impl
		}
		return fn
	}
	iface, _ := recv.Type().Underlying().(*types.Interface)
	impl := p.implementation(fn, iface)
	p.impls.found.Store(fn, impl)
	if impl == nil {
		return fn
	}
	return impl
}

// Resolve returns the method that a call of fn runs: the one real
// implementation the package can see when fn is a method of an interface
// of the main module; fn otherwise.
func (p *Package) Resolve(fn *types.Func) *types.Func { return p.resolve(fn) }

// inModule reports whether pkg is the package or one of the packages of
// the main module whose summaries it imports.
func (p *Package) inModule(pkg *types.Package) bool {
	p.initImpls()
	return p.impls.paths[pkg.Path()]
}

// initImpls lists, once, the package and the packages of its imported
// summaries (the scope), and their concrete named types.
func (p *Package) initImpls() {
	p.impls.once.Do(func() {
		p.impls.paths = map[string]bool{p.types.Path(): true}
		scope := []*types.Package{p.types}
		for fn := range p.imported {
			if pkg := fn.Pkg(); pkg != nil && !p.impls.paths[pkg.Path()] {
				p.impls.paths[pkg.Path()] = true
				scope = append(scope, pkg)
			}
		}
		for _, pkg := range scope {
			for _, named := range astx.ConcreteTypes(pkg) {
				if named.TypeParams().Len() == 0 {
					p.impls.named = append(p.impls.named, named)
				}
			}
		}
	})
}

// implementation returns the method named like fn of the one named type
// of the scope that implements iface (by value or by pointer), leaving
// test doubles out when another implementation remains; nil when there is
// none or more than one.
func (p *Package) implementation(fn *types.Func, iface *types.Interface) *types.Func {
	var real, doubles []*types.Func
	p.initImpls()
	for _, impl := range astx.Implementations(p.impls.named, fn, iface) {
		if p.testDouble(impl.Type) {
			doubles = appendNew(doubles, impl.Method)
		} else {
			real = appendNew(real, impl.Method)
		}
	}
	if len(real) == 0 {
		real = doubles
	}
	if len(real) != 1 {
		return nil
	}
	return real[0]
}

// appendNew appends m to ms unless ms holds it.
func appendNew(ms []*types.Func, m *types.Func) []*types.Func {
	if slices.Contains(ms, m) {
		return ms
	}
	return append(ms, m)
}

// testDouble reports whether named is a test double, which the operator
// does not run in a cluster: a type declared in a test file, or named
// Fake... or Mock... (client-go's fakes, gomock's mocks, tidb-operator's
// FakeGenericControl beside its GenericControl, both in generic_control.go).
func (p *Package) testDouble(named *types.Named) bool {
	name := named.Obj().Name()
	for _, prefix := range []string{"Fake", "fake", "Mock", "mock"} {
		rest, ok := strings.CutPrefix(name, prefix)
		if r, _ := utf8.DecodeRuneInString(rest); ok && (rest == "" || unicode.IsUpper(r) || r == '_') {
			return true
		}
	}
	pos := named.Obj().Pos()
	return pos.IsValid() && strings.HasSuffix(p.fset.Position(pos).Filename, "_test.go")
}
