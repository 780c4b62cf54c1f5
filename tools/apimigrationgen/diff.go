package main

import (
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/exp/apidiff"

	"github.com/opvet/opvet/internal/apimigration"
)

// Message is one apidiff message, parsed.
type Message struct {
	// Object is the object's key in the table: "Name", "Type.Field" or
	// "Type.Method" (a method's receiver without its pointer and type
	// arguments).
	Object string
	Kind   apimigration.Kind
	// New is the new type, signature or value, when the message has one.
	New string
	// Added: a compatible addition of the object (to find restored ones).
	Added bool
}

// ParseMessage reads an apidiff message ("name: what"). ok is false for
// messages about objects of other packages (reported by their own
// package's diff), about a method removed from a method set through
// embedding (reported at the embedded type), and for compatible changes
// other than additions.
func ParseMessage(msg string, compatible bool) (Message, bool) {
	name, what, found := strings.Cut(msg, ": ")
	if !found || strings.Contains(name, ", method set of ") || strings.Contains(name, "/") || strings.HasPrefix(name, "./") {
		return Message{}, false
	}
	m := Message{Object: objectKey(name)}
	if protobufPlumbing.MatchString(lastPart(m.Object)) {
		return Message{}, false
	}
	if compatible {
		m.Added = what == "added"
		return m, m.Added
	}
	switch {
	case what == "removed":
		m.Kind = apimigration.Removed
	case what == "added":
		m.Kind = apimigration.MethodAdded
	case what == "added unexported method":
		m.Kind, m.New = apimigration.MethodAdded, "an unexported method"
	case strings.HasPrefix(what, "value changed from "):
		m.Kind = apimigration.ValueChanged
		_, m.New, _ = strings.Cut(what, " to ")
	case strings.HasPrefix(what, "no longer implements "):
		m.Kind, m.New = apimigration.NoLongerImplements, strings.TrimPrefix(what, "no longer implements ")
	case strings.HasPrefix(what, "changed from "):
		m.Kind, m.New = apimigration.Changed, splitChange(strings.TrimPrefix(what, "changed from "))
	default: // "changed direction", "old is comparable, new is not"
		m.Kind, m.New = apimigration.Changed, what
	}
	return m, true
}

// splitChange returns Y of "X to Y", where X and Y are type strings that
// may themselves contain " to " only inside identifiers (never: " to " is
// not Go syntax), so the first occurrence outside brackets splits them.
func splitChange(s string) string {
	if _, after, ok := apimigration.CutTop(s, " to "); ok {
		return after
	}
	return s
}

// protobufPlumbing matches the methods gogo/protobuf generated on the
// k8s.io/api types (dropped in Kubernetes 1.35, one row per type and
// method); operator code never calls them.
var protobufPlumbing = regexp.MustCompile(`^(XXX_\w+|ProtoMessage|Descriptor)$`)

var typeArgs = regexp.MustCompile(`\[[^\]]*\]`)

// objectKey turns apidiff's object name into the table's key:
// "(*Builder).Watches" is "Builder.Watches", "Kind[T].Start" is
// "Kind.Start".
func objectKey(name string) string {
	name = strings.ReplaceAll(name, "(*", "")
	name = strings.ReplaceAll(name, ").", ".")
	name = strings.TrimPrefix(name, "*")
	return typeArgs.ReplaceAllString(name, "")
}

// qualified matches a package path qualifier ("k8s.io/api/core/v1.") in a
// type string; the replacement keeps the last path element. A path
// starts with no dot, so that a variadic parameter's "..." stays
// (func(string, ...field.PathOption), not func(string, field.PathOption)).
var qualified = regexp.MustCompile(`(?:[\w~-][\w.~-]*/)+([\w-]+)\.`)

// Shorten writes the types of other packages in s by their last path
// element, as code refers to them ("v1.Pod", "client.Object"), and cuts
// very long texts.
func Shorten(s string) string {
	return Clip(qualified.ReplaceAllString(s, "$1."), 240, ",;( ")
}

// Clip cuts s to at most max bytes, after the last of the bytes seps in
// its second half when there is one, and marks the cut.
func Clip(s string, max int, seps string) string {
	if len(s) <= max {
		return s
	}
	cut := strings.LastIndexAny(s[:max], seps)
	if cut < max/2 {
		cut = max
	}
	return s[:cut] + " …"
}

// lostInterfaces returns the exported interfaces of old that the type
// name implements in old and whose counterparts it does not implement in
// new, sorted.
func lostInterfaces(old, new *types.Package, name string) []string {
	ot, ok1 := old.Scope().Lookup(name).(*types.TypeName)
	nt, ok2 := new.Scope().Lookup(name).(*types.TypeName)
	if !ok1 || !ok2 {
		return nil
	}
	var out []string
	for _, iname := range old.Scope().Names() {
		oi, ni := interfaceOf(old, iname), interfaceOf(new, iname)
		if oi == nil || ni == nil || !token.IsExported(iname) || iname == name {
			continue
		}
		if implements(ot.Type(), oi) && !implements(nt.Type(), ni) {
			out = append(out, iname)
		}
	}
	return out
}

// implements reports whether t or *t implements i.
func implements(t types.Type, i *types.Interface) bool {
	return types.Implements(t, i) || types.Implements(types.NewPointer(t), i)
}

// sameText reports whether the object key has the same type in old and
// new, as the comparer writes them: apidiff reports a change where
// controller-runtime v0.18 and v0.19 turned defined types into aliases of
// generic instances (event.CreateEvent = TypedCreateEvent[client.Object],
// predicate.Funcs = TypedFuncs[client.Object]), and where a function's
// type names a type that became an alias of another package's
// (genericclioptions.NewTestIOStreams, cli-runtime 1.28), which code
// spells and uses as before.
func (c *comparer) sameText(key string) bool {
	o, ok1 := typeOf(c.old, key)
	n, ok2 := typeOf(c.new, key)
	if !ok1 || !ok2 {
		return false
	}
	return c.ow.write(o) == c.nw.write(n)
}

// typeOf returns the type of the object key of pkg: the definition of a
// type, the type of a field, a function's or method's signature.
func typeOf(pkg *types.Package, key string) (types.Type, bool) {
	name, member, isMember := strings.Cut(key, ".")
	obj := pkg.Scope().Lookup(name)
	if obj == nil {
		return nil, false
	}
	if !isMember {
		if _, ok := obj.(*types.TypeName); ok {
			return types.Unalias(obj.Type()).Underlying(), true
		}
		return obj.Type(), true
	}
	m, _, _ := types.LookupFieldOrMethod(types.Unalias(obj.Type()), true, pkg, member)
	if m == nil {
		return nil, false
	}
	return m.Type(), true
}

// comparer writes the types of two releases of a package so that a type
// and what the newer release makes an alias of it are written alike.
type comparer struct {
	old, new *types.Package
	ow, nw   *writer
}

// newComparer prepares the writers of old and new: generic instances by
// the aliases the packages give them, and in old, each defined type that
// new makes an alias (in the package of the same path) as what it is an
// alias of.
func newComparer(old, new *types.Package) *comparer {
	c := &comparer{old: old, new: new, ow: newWriter(old), nw: newWriter(new)}
	// ow's aliases are collected at its first write, after renamed is
	// complete, so that their keys spell renamed types as ow does.
	newPkgs := map[string]*types.Package{}
	closure(new, func(p *types.Package) { newPkgs[p.Path()] = p })
	closure(old, func(p *types.Package) {
		np := newPkgs[p.Path()]
		if np == nil {
			return
		}
		for _, name := range p.Scope().Names() {
			ot, ok1 := p.Scope().Lookup(name).(*types.TypeName)
			nt, ok2 := np.Scope().Lookup(name).(*types.TypeName)
			if ok1 && ok2 && !ot.IsAlias() && nt.IsAlias() && token.IsExported(name) {
				c.ow.renamed[ot] = c.nw.write(nt.Type())
			}
		}
	})
	return c
}

// closure calls visit with pkg and each package it imports, directly or
// not, once each, pkg first.
func closure(pkg *types.Package, visit func(*types.Package)) {
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		visit(p)
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(pkg)
}

// writer writes types comparably across two loads: packages by name, no
// parameter names, aliases by what they denote, generic instances by the
// aliases their packages give them.
type writer struct {
	pkg     *types.Package
	alias   map[string]string          // instance, as keyWriter writes it -> "pkg.Alias"; made at the first write
	renamed map[*types.TypeName]string // defined type -> what the next release writes for it
}

// newWriter returns the writer of the types of pkg and the packages it
// imports.
func newWriter(pkg *types.Package) *writer {
	return &writer{pkg: pkg, renamed: map[*types.TypeName]string{}}
}

// keyWriter writes an instance as the key of w's aliases: renamed types
// as w writes them, no alias.
func (w *writer) keyWriter() *writer {
	return &writer{renamed: w.renamed, alias: map[string]string{}}
}

// collectAliases finds the aliases of generic instances declared in the
// writer's package and the packages it imports (the first found wins,
// the package's own first).
func (w *writer) collectAliases() {
	w.alias = map[string]string{}
	key := w.keyWriter()
	closure(w.pkg, func(p *types.Package) {
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || !tn.IsAlias() || !token.IsExported(name) {
				continue
			}
			if n, ok := types.Unalias(tn.Type()).(*types.Named); ok && n.TypeArgs().Len() > 0 {
				if text := key.write(n); w.alias[text] == "" {
					w.alias[text] = p.Name() + "." + name
				}
			}
		}
	})
}

func (w *writer) write(t types.Type) string {
	if w.alias == nil {
		w.collectAliases()
	}
	var b strings.Builder
	w.to(&b, t)
	return b.String()
}

func (w *writer) to(b *strings.Builder, t types.Type) {
	switch t := t.(type) {
	case *types.Alias:
		w.to(b, types.Unalias(t))
	case *types.Named:
		if r, ok := w.renamed[t.Obj()]; ok {
			b.WriteString(r)
			return
		}
		if t.TypeArgs().Len() > 0 && len(w.alias) > 0 {
			if a, ok := w.alias[w.keyWriter().write(t)]; ok {
				b.WriteString(a)
				return
			}
		}
		if t.Obj().Pkg() != nil {
			b.WriteString(t.Obj().Pkg().Name() + ".")
		}
		b.WriteString(t.Obj().Name())
		if args := t.TypeArgs(); args.Len() > 0 {
			b.WriteString("[")
			for i := range args.Len() {
				if i > 0 {
					b.WriteString(",")
				}
				w.to(b, args.At(i))
			}
			b.WriteString("]")
		}
	case *types.Pointer:
		b.WriteString("*")
		w.to(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		w.to(b, t.Elem())
	case *types.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		w.to(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		w.to(b, t.Key())
		b.WriteString("]")
		w.to(b, t.Elem())
	case *types.Chan:
		fmt.Fprintf(b, "chan(%d) ", t.Dir())
		w.to(b, t.Elem())
	case *types.Signature:
		b.WriteString("func(")
		w.tuple(b, t.Params(), t.Variadic())
		b.WriteString(")(")
		w.tuple(b, t.Results(), false)
		b.WriteString(")")
	case *types.Struct:
		b.WriteString("struct{")
		for f := range t.Fields() {
			b.WriteString(f.Name() + " ")
			w.to(b, f.Type())
			b.WriteString(";")
		}
		b.WriteString("}")
	case *types.Interface:
		var ms []string
		for m := range t.Methods() {
			ms = append(ms, m.Name()+w.write(m.Type()))
		}
		sort.Strings(ms)
		b.WriteString("interface{" + strings.Join(ms, ";") + "}")
	default: // basic types, type parameters, unions
		b.WriteString(t.String())
	}
}

func (w *writer) tuple(b *strings.Builder, t *types.Tuple, variadic bool) {
	for i := range t.Len() {
		if i > 0 {
			b.WriteString(",")
		}
		if variadic && i == t.Len()-1 {
			b.WriteString("...")
		}
		w.to(b, t.At(i).Type())
	}
}

// objectKinds are the words apidiff uses when an object changes kind.
var objectKinds = map[string]bool{"const": true, "var": true, "func": true, "type": true}

// describe returns the type of the package-level object key of pkg,
// prefixed with its kind ("func(...)", "var T", "type struct{...}").
func describe(pkg *types.Package, key string) string {
	obj := pkg.Scope().Lookup(key)
	if obj == nil {
		return ""
	}
	q := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	t := types.TypeString(obj.Type(), q)
	switch obj.(type) {
	case *types.Func:
		return t
	case *types.TypeName:
		return "type " + types.TypeString(obj.Type().Underlying(), q)
	case *types.Const:
		return "const " + t
	}
	return "var " + t
}

// whatOf classifies the object key in pkg (the package that holds it).
func whatOf(pkg *types.Package, key string) apimigration.What {
	typeName, member, isMember := strings.Cut(key, ".")
	obj := pkg.Scope().Lookup(typeName)
	if !isMember {
		switch obj.(type) {
		case *types.Func:
			return apimigration.Func
		case *types.TypeName:
			return apimigration.Type
		case *types.Var:
			return apimigration.Var
		case *types.Const:
			return apimigration.Const
		}
		return 0
	}
	if obj == nil {
		return 0
	}
	if st, ok := obj.Type().Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			if f.Name() == member {
				return apimigration.Field
			}
		}
	}
	return apimigration.Method
}

// diffPackage returns the incompatible changes from old to new of one
// package, and the keys of the objects new adds.
func diffPackage(path string, old, new *types.Package, minor int) (rows []apimigration.Change, added []string) {
	changes := unionOfRuns(old, new)
	var cmp *comparer // made at the first change that needs it
	judged := map[string]bool{}
	if names := madeAliases(old, new); len(names) > 0 {
		cmp = newComparer(old, new)
		for _, name := range names {
			if members, ok := cmp.aliasMembers(path, name, minor); ok {
				rows = append(rows, members...)
				judged[name] = true
			}
		}
	}
	for _, c := range changes {
		m, ok := ParseMessage(c.Message, c.Compatible)
		if !ok {
			continue
		}
		if typeName, _, _ := strings.Cut(m.Object, "."); judged[typeName] && !m.Added {
			continue // what apidiff says of it depends on which type it paired it with
		}
		if m.Added {
			added = append(added, m.Object)
			continue
		}
		if m.Kind == apimigration.MethodAdded {
			for _, key := range widened(old, new, m.Object) {
				sig := m.New
				if sig == "" {
					sig = methodSignature(new, key)
				}
				rows = append(rows, apimigration.Change{Pkg: path, Object: key, Minor: minor, Kind: m.Kind, What: apimigration.Method, New: Shorten(sig)})
			}
			continue
		}
		if m.Kind == apimigration.Changed && strings.Contains(m.New, "comparable") {
			continue // only == and map keys break: operators compare no library structs
		}
		if m.Kind == apimigration.NoLongerImplements {
			// apidiff keeps one message per type, and which interface it names
			// depends on map order: list them all.
			for _, iface := range lostInterfaces(old, new, m.Object) {
				rows = append(rows, apimigration.Change{Pkg: path, Object: m.Object, Minor: minor, Kind: m.Kind, What: apimigration.Type, New: iface})
			}
			continue
		}
		if m.Kind == apimigration.Changed || m.Kind == apimigration.Removed {
			if cmp == nil {
				cmp = newComparer(old, new)
			}
		}
		if m.Kind == apimigration.Removed && cmp.sameText(m.Object) {
			// apidiff matched the interface to another one (v0.14's
			// StatusWriter made an alias of SubResourceWriter, whose options
			// it paired with UpdateOption: "UpdateOption.ApplyToUpdate:
			// removed", on some runs), yet the object is there unchanged.
			continue
		}
		if m.Kind == apimigration.Changed && cmp.sameText(m.Object) {
			continue // a defined type that became an alias of a generic instance, spelled the same
		}
		if objectKinds[m.New] {
			m.New = describe(new, m.Object) // "changed from type to func": show the func
		}
		w := whatOf(old, m.Object)
		if w == 0 {
			// An object apidiff names that its package's scope does not
			// hold by that key (a method promoted from an embedded type of
			// another package): reported by that package's diff.
			continue
		}
		rows = append(rows, apimigration.Change{Pkg: path, Object: m.Object, Minor: minor, Kind: m.Kind, What: w, New: Shorten(m.New)})
	}
	sortChanges(rows)
	return dedup(rows), added
}

// apidiffRuns is how many times a package pair is compared: apidiff
// pairs the types of old and new as it meets them, in map order, and a
// change it sees on one run it may miss on another (Kubernetes 1.26's
// PersistentVolumeClaimSpecApplyConfiguration.DataSourceRef, whose old
// and new types it sometimes pairs). The messages of several runs are
// merged; what a wrong pairing makes up (a removal of something still
// there, a change of something unchanged) the filters of diffPackage drop.
const apidiffRuns = 3

// unionOfRuns returns the messages of apidiffRuns comparisons of old and
// new, each once, sorted.
func unionOfRuns(old, new *types.Package) []apidiff.Change {
	seen := map[apidiff.Change]bool{}
	var out []apidiff.Change
	for range apidiffRuns {
		for _, c := range apidiff.Changes(old, new).Changes {
			key := apidiff.Change{Message: c.Message, Compatible: c.Compatible}
			if !seen[key] {
				seen[key] = true
				out = append(out, key)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Message != out[j].Message {
			return out[i].Message < out[j].Message
		}
		return !out[i].Compatible && out[j].Compatible
	})
	return out
}

// madeAliases returns the exported defined types of old that new makes
// aliases, sorted: apidiff reports them (or not) as changed, and their
// members by the type it pairs them with, which may differ from run to
// run; aliasMembers compares them.
func madeAliases(old, new *types.Package) []string {
	var out []string
	for _, name := range old.Scope().Names() {
		ot, ok1 := old.Scope().Lookup(name).(*types.TypeName)
		nt, ok2 := new.Scope().Lookup(name).(*types.TypeName)
		if ok1 && ok2 && !ot.IsAlias() && nt.IsAlias() && token.IsExported(name) {
			out = append(out, name)
		}
	}
	return out
}

// widened returns "I.M" for each exported interface I of old that new
// widens with the method M that apidiff names by key ("J.M": declared in
// interface J, which I may embed). The types that implement I elsewhere
// need the method; the message names J.
func widened(old, new *types.Package, key string) []string {
	_, method, _ := strings.Cut(key, ".")
	var out []string
	for _, name := range old.Scope().Names() {
		oi := interfaceOf(old, name)
		ni := interfaceOf(new, name)
		if oi == nil || ni == nil || !token.IsExported(name) {
			continue
		}
		if hasMethod(ni, method) && !hasMethod(oi, method) {
			out = append(out, name+"."+method)
		}
	}
	return out
}

// methodSignature is the signature of the method "I.M" of the interface
// I of pkg, with other packages named by their package names.
func methodSignature(pkg *types.Package, key string) string {
	iface, method, _ := strings.Cut(key, ".")
	i := interfaceOf(pkg, iface)
	if i == nil {
		return ""
	}
	for m := range i.Methods() {
		if m.Name() == method {
			return types.TypeString(m.Type(), func(p *types.Package) string {
				if p == pkg {
					return ""
				}
				return p.Name()
			})
		}
	}
	return ""
}

func interfaceOf(pkg *types.Package, name string) *types.Interface {
	tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok || tn.IsAlias() {
		return nil
	}
	i, _ := tn.Type().Underlying().(*types.Interface)
	return i
}

func hasMethod(i *types.Interface, name string) bool {
	for m := range i.Methods() {
		if m.Name() == name {
			return true
		}
	}
	return false
}

// sortChanges sorts rows by package, object, release, kind and text.
func sortChanges(rows []apimigration.Change) {
	sort.Slice(rows, func(i, j int) bool {
		a, b := &rows[i], &rows[j]
		switch {
		case a.Pkg != b.Pkg:
			return a.Pkg < b.Pkg
		case a.Object != b.Object:
			return a.Object < b.Object
		case a.Minor != b.Minor:
			return a.Minor < b.Minor
		case a.Kind != b.Kind:
			return a.Kind < b.Kind
		}
		return a.New < b.New
	})
}

// dedup drops repeated rows of a sorted slice.
func dedup(rows []apimigration.Change) []apimigration.Change {
	out := rows[:0]
	for i, r := range rows {
		if i > 0 && r == rows[i-1] {
			continue
		}
		out = append(out, r)
	}
	return out
}
