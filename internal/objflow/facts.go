package objflow

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"github.com/opvet/opvet/internal/k8s"
)

// Bits are what may have happened to an object on some path.
type Bits uint32

// The facts about an object.
const (
	// Foreign: the object may come from elsewhere than a literal or a
	// constructor of the package (a parameter, a call opvet cannot see
	// into, a field): it may hold a resourceVersion.
	Foreign Bits = 1 << iota
	// Filled: read from or written to the API server (Get, List into it;
	// Create, Update, Patch, whose responses are decoded into it), or its
	// resourceVersion or whole metadata set.
	Filled
	// DecodedBits: fields set by a decoder from bytes.
	DecodedBits
	// Escaped: handed to code opvet cannot see, stored in a field, a
	// global, a channel or a collection opvet does not follow, returned
	// from a function literal.
	Escaped
	// Captured: referenced by a function literal (which may fill, change
	// or send it whenever it runs).
	Captured
	// UnknownChange: a method or function that may change anything in
	// it was called.
	UnknownChange
	// StatusCopied: its status was copied out as a whole value.
	StatusCopied
	// SentMain, SentStatus, SentOther: sent with a write of the main
	// resource, of the status subresource, of another or an unknown
	// subresource.
	SentMain
	SentStatus
	SentOther
	// Created: sent with Create (or CreateOrUpdate, server-side apply).
	Created
	// BaseChanged (patches): the base of the patch was changed after the
	// patch was made.
	BaseChanged
	// MaybeDeleting: the object may be being deleted (it comes from the
	// API server or a caller), and no deletion check on this path said
	// otherwise.
	MaybeDeleting
	// Deleting: a deletion check on this path said it is being deleted.
	Deleting
	// Cached: read from a shared cache (a lister, an indexer, a cache
	// read with UnsafeDisableDeepCopy): changing it corrupts the cache.
	Cached
	// Returned: returned by the function analysed (its caller may write
	// it).
	Returned
	// SharesCache: a shallow copy of a cached object (a struct value
	// copy; a controller-runtime read with UnsafeDisableDeepCopy, which
	// copies the struct but not what it references): changing its maps,
	// slice elements or pointed-to values (Change.Indirect) corrupts the
	// cache.
	SharesCache
	// Unfilled: on some path to here nothing may have given the object a
	// resourceVersion since it was made (no read or decoded write into it,
	// no resourceVersion set, nothing that may change or take it: see
	// mayFill). With Filled it says "filled on some paths only". Never
	// part of a summary: it speaks of this function's paths.
	Unfilled
	// Unchanged: on some path to here no change of the object (seen or
	// presumed) has been made since it was made. A change on a path where
	// it is Unchanged is the first there, however the object was changed
	// on other paths. Never part of a summary, as Unfilled.
	Unchanged
)

// pathOnly are the bits that speak of the paths of the function analysed,
// never exported in its summary.
const pathOnly = Unfilled | Unchanged

// mayFill are the bits whose event may give an object a resourceVersion
// (or hand it to code that may): gaining one ends Unfilled on that path.
const mayFill = Filled | DecodedBits | Escaped | Captured | UnknownChange | Cached | SharesCache

// initialBits are the bits of an object made with bits: Unchanged, and
// Unfilled unless one of them may have filled it.
func initialBits(bits Bits) Bits {
	bits |= Unchanged
	if bits&mayFill == 0 {
		return bits | Unfilled
	}
	return bits &^ Unfilled
}

// gain adds bits to f on this path; a bit of mayFill ends Unfilled.
func (f *Facts) gain(bits Bits) {
	f.Bits |= bits
	if bits&mayFill != 0 {
		f.Bits &^= Unfilled
	}
}

// Change is one write of a field path of an object, or of a patch's base.
type Change struct {
	Pos token.Pos
	// Path is the field path written, ObjectMeta left out when more
	// follows and indexes skipped: [Status Phase], [Labels].
	Path []string
	// What says how, for messages of changes seen through a call:
	// "controllerutil.AddFinalizer", "r.setReady".
	What string
	// Presumed: the object or field was handed to code opvet cannot see,
	// which may change it (or not); the other changes are seen: an
	// assignment, a setter, a helper known to change it.
	Presumed bool
	// Indirect: the change writes through a map, a slice element or a
	// pointer reached from the field path (obj.Labels[k],
	// obj.Spec.Containers[0].Image, RemoveFinalizer's in-place shift), so
	// a shallow copy of the object shares the memory written.
	Indirect bool
	// Made, for a change seen through a call of a function of the
	// package, is where that function's call chain makes it; nil for a
	// change made here and for one known from another package's facts,
	// which carry no syntax.
	Made *Made
	// Ran, for a change made in a function literal that runs inline at
	// a call elsewhere in the function (a callback bound to a parameter,
	// a local literal called later), is the outermost such call: where
	// the change happens in the function's order. Zero otherwise.
	Ran token.Pos
	// Tried: a status change that a status write was sent and that is
	// pending again because that write failed (statusTried).
	Tried bool
	// Reorders: the change only reorders a slice in place (sort.Strings,
	// slices.Sort): no element is added, lost or changed.
	Reorders bool
}

// At is where the change happens in the order of the function analysed:
// the call that runs the literal making it, or where it is written.
func (c Change) At() token.Pos {
	if c.Ran.IsValid() {
		return c.Ran
	}
	return c.Pos
}

// Made is where a change seen through calls of the package's own
// functions is made: in the function of the chain that changes the
// object and then writes it (its read-modify-write, where a copy
// belongs), the change's site there.
type Made struct {
	Pos token.Pos
	// What says how, as Change.What does there.
	What string
	// Object is the expression denoting the object there (the root of
	// the field path, or the argument of the call that changes it).
	Object ast.Expr
}

// Label is the path for messages: "Status.Phase".
func (c Change) Label() string { return strings.Join(c.Path, ".") }

// Send is one write of an object to the API server.
type Send struct {
	Pos token.Pos
	Op  k8s.WriteOp
	// Subresource is k8s.SubMain, SubStatus, SubUnknown or another name.
	Subresource string
}

// Facts are what may have happened to an object. A Facts value is never
// modified once built.
type Facts struct {
	Bits Bits
	// Changes lists the first maxChanges changes of each field-path head
	// (Status, Spec, Labels, ...), in no particular order.
	Changes []Change
	// Sends lists the first maxSends writes.
	Sends []Send
	// Base is the base of a patch; Patches the patches whose base the
	// object is (changes of the object are changes of their base).
	Base, Patches Set
	// Sources are the objects a copy was made from; Inherited, the
	// changes they held when it was made (the copy holds them too, but
	// they are not its own: Changes starts empty).
	Sources   Set
	Inherited []Change
}

// Bounds that keep facts small whatever the function's size.
const (
	maxChanges = 6
	maxSends   = 4
)

// MayFollow reports whether a path to here may have gone through the
// write at pos: false only when the facts list every write of the object
// on the paths to here (fewer than the bound) and none was made at pos,
// so that here is not reachable from that write with the object.
func (f *Facts) MayFollow(pos token.Pos) bool {
	if f == nil {
		return false
	}
	return len(f.Sends) >= maxSends || slices.ContainsFunc(f.Sends, func(s Send) bool { return s.Pos == pos })
}

// Has reports whether any of bits may have happened.
func (f *Facts) Has(bits Bits) bool { return f != nil && f.Bits&bits != 0 }

func joinFacts(a, b *Facts) *Facts {
	if a == b || b == nil {
		return a
	}
	if a == nil {
		return b
	}
	out := &Facts{
		Bits:      a.Bits | b.Bits,
		Changes:   joinChanges(a.Changes, b.Changes),
		Sends:     joinSends(a.Sends, b.Sends),
		Base:      union(a.Base, b.Base),
		Patches:   union(a.Patches, b.Patches),
		Sources:   union(a.Sources, b.Sources),
		Inherited: joinChanges(a.Inherited, b.Inherited),
	}
	if factsEqual(out, a) {
		return a
	}
	if factsEqual(out, b) {
		return b
	}
	return out
}

func factsEqual(a, b *Facts) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	return a.Bits == b.Bits && len(a.Changes) == len(b.Changes) && len(a.Sends) == len(b.Sends) &&
		sameSet(a.Base, b.Base) && sameSet(a.Patches, b.Patches) && sameSet(a.Sources, b.Sources) &&
		slices.EqualFunc(a.Changes, b.Changes, sameChange) && slices.Equal(a.Sends, b.Sends) &&
		slices.EqualFunc(a.Inherited, b.Inherited, sameChange)
}

func sameChange(a, b Change) bool {
	return a.Pos == b.Pos && slices.Equal(a.Path, b.Path) && a.What == b.What && a.Presumed == b.Presumed &&
		a.Indirect == b.Indirect && a.Tried == b.Tried && a.Reorders == b.Reorders
}

func joinChanges(a, b []Change) []Change {
	out := a
	for _, c := range b {
		out = addChange(out, c)
	}
	return out
}

// addChange adds c unless it is known or its path head already has
// maxChanges changes; it never modifies changes.
func addChange(changes []Change, c Change) []Change {
	n := 0
	for _, x := range changes {
		if sameChange(x, c) {
			return changes
		}
		if len(x.Path) > 0 && len(c.Path) > 0 && x.Path[0] == c.Path[0] {
			n++
		}
	}
	if n >= maxChanges {
		return changes
	}
	return append(changes[:len(changes):len(changes)], c)
}

func joinSends(a, b []Send) []Send {
	out := a
	for _, s := range b {
		out = addSend(out, s)
	}
	return out
}

func addSend(sends []Send, s Send) []Send {
	if slices.Contains(sends, s) || len(sends) >= maxSends {
		return sends
	}
	return append(sends[:len(sends):len(sends)], s)
}

// WithoutChanges returns f without the changes drop selects (f itself
// when it selects none).
func (f *Facts) WithoutChanges(drop func(Change) bool) *Facts {
	if f == nil || !slices.ContainsFunc(f.Changes, drop) {
		return f
	}
	return f.with(func(g *Facts) { g.Changes = slices.DeleteFunc(slices.Clone(g.Changes), drop) })
}

// with returns a copy of f (nil: empty facts) changed by edit.
func (f *Facts) with(edit func(*Facts)) *Facts {
	var out Facts
	if f != nil {
		out = *f
	}
	edit(&out)
	if factsEqual(&out, f) {
		return f
	}
	return &out
}

var bitNames = []string{"Foreign", "Filled", "Decoded", "Escaped", "Captured", "UnknownChange", "StatusCopied",
	"SentMain", "SentStatus", "SentOther", "Created", "BaseChanged", "MaybeDeleting", "Deleting", "Cached", "Returned",
	"SharesCache", "Unfilled", "Unchanged"}

// String lists the bits by name: "Foreign|Filled".
func (b Bits) String() string {
	var names []string
	for i, n := range bitNames {
		if b&(1<<i) != 0 {
			names = append(names, n)
		}
	}
	return strings.Join(names, "|")
}

var kindNames = map[Kind]string{Alloc: "Alloc", Fresh: "Fresh", Decoded: "Decoded", Param: "Param", Outer: "Outer",
	Unknown: "Unknown", Load: "Load", Copy: "Copy", Patch: "Patch", Elem: "Elem"}

func (k Kind) String() string { return kindNames[k] }
