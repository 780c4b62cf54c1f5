// Package objflow follows Kubernetes API objects through the functions of
// a package: which abstract object each local variable may hold at each
// point (flow-sensitively, over go/cfg control-flow graphs), and what may
// have happened to each object on some path to that point: filled from the
// API server, changed (which fields), sent (with which writer), handed to
// code opvet cannot see, checked for deletion. Same-package callees are
// summarised (what a function does to its parameters, whether its results
// are freshly built or alias a parameter, whether it forwards an object to
// a client write), so that helpers, builders, accessors and client
// wrappers of the package are seen through.
//
// The analysis is a may-analysis: facts are unioned where paths join, so
// a check that wants "on every path" asks for the absence of the opposite
// fact. States are persistent maps (pmap.go), so a function costs time and
// memory linear in its size. Objects are abstracted by where they are
// made (a composite literal, a call, a parameter), so an object built in a
// loop is one abstract object.
//
// The package knows nothing of checks: statusupdate, resourceversion,
// mergefrom, finalizers and cachemutation ask it questions through the
// passes/objflow helper pass.
package objflow

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Kind tells where an abstract object comes from.
type Kind uint8

// The kinds of abstract objects.
const (
	// Alloc: a composite literal, new(T), or a variable of struct type
	// declared without a value.
	Alloc Kind = iota + 1
	// Fresh: returned by a function of the package that builds it.
	Fresh
	// Decoded: built by a decoder from bytes (YAML, JSON, a scheme codec).
	Decoded
	// Param: a parameter or the receiver of the function analysed.
	Param
	// Outer: a variable of an enclosing function or of the package.
	Outer
	// Unknown: returned by code opvet cannot see into.
	Unknown
	// Load: a pointer read from a field of another object or struct
	// (x.obj, x.Obj() of an accessor).
	Load
	// Copy: a deep copy or a value copy of other objects.
	Copy
	// Patch: a client.Patch from MergeFrom and friends; its base is in
	// its Facts.
	Patch
	// Elem: an element of a collection (a local slice or map, or the
	// Items of a list object).
	Elem
)

// Value is an abstract object.
type Value struct {
	ID   int32
	Kind Kind
	// Node is where the object is made: the literal, the call, the
	// parameter's identifier, the range statement.
	Node ast.Node
	// Type is the object's Go type.
	Type types.Type
	// Var is the parameter or outer variable of Param and Outer values.
	Var *types.Var
	// Field is the field of a Load.
	Field string
	// Base is the object a Load reads from (-1 otherwise).
	Base int32
	// Via is the constructor of a Fresh value, or the accessor of a Load.
	Via *types.Func
}

// Pos is where v is made.
func (v *Value) Pos() token.Pos {
	if v.Node == nil {
		return token.NoPos
	}
	return v.Node.Pos()
}

// values interns the abstract objects of one function.
type values struct {
	all    []*Value
	byKey  map[valueKey]int32
	byLoad map[loadKey]int32
	// loadsOf lists the Load objects of each base object.
	loadsOf map[int32][]int32
	// copies lists the Copy objects, in the order they were made.
	copies Set
}

type valueKey struct {
	kind Kind
	node ast.Node
	v    *types.Var
	idx  int
}

type loadKey struct {
	base  int32
	field string
}

func newValues() *values {
	return &values{byKey: map[valueKey]int32{}, byLoad: map[loadKey]int32{}, loadsOf: map[int32][]int32{}}
}

// intern returns the value made by kind at node (result idx of a call),
// creating it the first time.
func (vs *values) intern(kind Kind, node ast.Node, v *types.Var, idx int, t types.Type) *Value {
	key := valueKey{kind, node, v, idx}
	if id, ok := vs.byKey[key]; ok {
		return vs.all[id]
	}
	val := &Value{ID: int32(len(vs.all)), Kind: kind, Node: node, Type: t, Var: v, Base: -1}
	vs.all = append(vs.all, val)
	vs.byKey[key] = val.ID
	if kind == Copy {
		vs.copies = append(vs.copies, val.ID) // IDs grow: the set stays sorted
	}
	return val
}

// load returns the object read from field of base. A read at a node
// where base itself was read, directly or through other loads (cur =
// cur.next, x = x[i] in a loop), is that earlier load: the chains of
// loads stay as long as the distinct nodes they pass, and the analysis of
// a loop converges.
func (vs *values) load(base int32, field string, node ast.Node, t types.Type) (*Value, bool) {
	key := loadKey{base, field}
	if id, ok := vs.byLoad[key]; ok {
		return vs.all[id], false
	}
	for b := vs.all[base]; b.Kind == Load; b = vs.all[b.Base] {
		if b.Node == node && b.Field == field {
			vs.byLoad[key] = b.ID
			return b, false
		}
	}
	val := &Value{ID: int32(len(vs.all)), Kind: Load, Node: node, Type: t, Field: field, Base: base}
	vs.all = append(vs.all, val)
	vs.byLoad[key] = val.ID
	vs.loadsOf[base] = append(vs.loadsOf[base], val.ID)
	return val, true
}

// Set is a set of abstract objects: sorted IDs, never modified once built.
type Set []int32

// union returns the union of a and b, reusing a or b when one contains
// the other.
func union(a, b Set) Set {
	if len(b) == 0 || sameSet(a, b) {
		return a
	}
	if len(a) == 0 {
		return b
	}
	out := make(Set, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			out = append(out, a[i])
			i++
		case a[i] > b[j]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	out = append(out, a[i:]...)
	out = append(out, b[j:]...)
	switch len(out) {
	case len(a):
		return a
	case len(b):
		return b
	}
	return out
}

func sameSet(a, b Set) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 0 && &a[0] == &b[0] {
		return true
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Has reports whether s holds id.
func (s Set) Has(id int32) bool {
	for _, x := range s {
		if x == id {
			return true
		}
	}
	return false
}

// SubsetOf reports whether every object of s is in t.
func (s Set) SubsetOf(t Set) bool {
	for _, x := range s {
		if !t.Has(x) {
			return false
		}
	}
	return true
}

// Intersects reports whether s and t share an object.
func (s Set) Intersects(t Set) bool {
	for _, x := range s {
		if t.Has(x) {
			return true
		}
	}
	return false
}
