package objflow

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// SummaryFact is the summary of an exported function or method of a
// package of the main module, carried to the packages that import it as
// an analysis fact (gob-encoded by go vet; docs/design.md, "Summaries
// across the module's packages"). It holds no positions and no syntax:
// only what a caller applies at its call.
type SummaryFact struct {
	Recv    EffectFact
	Params  []EffectFact
	Results []Result
	Patches []PatchSend
	// QuietIfFalse, QuietKeep, QuietIfNil, Snapshots: the Summary's
	// fields.
	QuietIfFalse []int
	QuietKeep    []string
	QuietIfNil   []int
	Snapshots    []Snapshot
}

// EffectFact is an Effect without syntax; the zero value is no effect
// (gob cannot encode nil elements of a slice of pointers).
type EffectFact struct {
	Bits    Bits
	Changes []ChangeFact
	// Settled: Effect.Settled, for the checks that judge changes of an
	// object's memory (cachemutation) where the function's own write
	// left nothing pending.
	Settled []ChangeFact
	Writes  []WriteFact
	// CopyWrites: Effect.CopyWrites.
	CopyWrites []WriteFact
}

// ChangeFact is a Change without its position and text.
type ChangeFact struct {
	Path                         []string
	Presumed, Indirect, Reorders bool
}

// WriteFact is a client write made by the function, as its callers see
// it: the API, the operation, the subresource, how the write is named in
// messages, and the facts the function gave the object before it.
type WriteFact struct {
	API         k8s.WriteAPI
	Op          k8s.WriteOp
	Subresource string
	Method      string
	Label       string
	Before      Bits
}

// AFact marks SummaryFact as an analysis fact.
func (*SummaryFact) AFact() {}

// ModuleScoped says that these facts are exported only for packages of
// the main module: a driver may load the other dependencies from export
// data, without syntax, and their facts are empty.
func (*SummaryFact) ModuleScoped() {}

func (f *SummaryFact) String() string {
	var b strings.Builder
	effect := func(name string, e EffectFact) {
		if e.empty() {
			return
		}
		fmt.Fprintf(&b, " %s:", name)
		for _, c := range e.Changes {
			fmt.Fprintf(&b, " change(%s)", strings.Join(c.Path, "."))
		}
		for _, c := range e.Settled {
			fmt.Fprintf(&b, " settled(%s)", strings.Join(c.Path, "."))
		}
		for _, w := range e.Writes {
			fmt.Fprintf(&b, " write(%s)", w.Label)
		}
		for _, w := range e.CopyWrites {
			fmt.Fprintf(&b, " writecopy(%s)", w.Label)
		}
		if e.Bits&Filled != 0 {
			b.WriteString(" filled")
		}
		if e.Bits&Escaped != 0 {
			b.WriteString(" escapes")
		}
	}
	b.WriteString("summary")
	effect("recv", f.Recv)
	for i, e := range f.Params {
		effect(fmt.Sprintf("param%d", i), e)
	}
	for i, r := range f.Results {
		switch r.Kind {
		case ResultFresh:
			fmt.Fprintf(&b, " result%d:fresh", i)
		case ResultParam:
			fmt.Fprintf(&b, " result%d:param%d", i, r.Index)
		case ResultLoad:
			fmt.Fprintf(&b, " result%d:param%d.%s", i, r.Index, r.Field)
		case ResultCopy:
			fmt.Fprintf(&b, " result%d:copy(param%d)", i, r.Index)
		}
		if r.Read {
			fmt.Fprintf(&b, " result%d:read", i)
		}
		if r.Bits&(Cached|SharesCache) != 0 {
			fmt.Fprintf(&b, " result%d:cached", i)
		}
		for _, field := range r.Fields {
			fmt.Fprintf(&b, " result%d.%s:cached", i, field.Name)
		}
	}
	for _, s := range f.Snapshots {
		fmt.Fprintf(&b, " snapshot(param%d", s.Param)
		if s.Field != "" {
			fmt.Fprintf(&b, ".%s", s.Field)
		}
		b.WriteString(")")
	}
	for _, p := range f.Patches {
		fmt.Fprintf(&b, " patch(param%d with param%d", p.Obj, p.Patch)
		if p.Change != "" {
			fmt.Fprintf(&b, " after %s", p.Change)
		}
		b.WriteString(")")
	}
	return b.String()
}

// Imported holds the summaries of the functions of other packages of the
// main module that a package may call, read from their facts.
type Imported map[*types.Func]*Summary

// Import turns a fact of fn into the summary its callers apply.
func Import(fn *types.Func, f *SummaryFact) *Summary {
	s := &Summary{Recv: importEffect(f.Recv), Results: f.Results, Patches: f.Patches, QuietIfFalse: f.QuietIfFalse,
		QuietKeep: f.QuietKeep, QuietIfNil: f.QuietIfNil, Snapshots: f.Snapshots}
	for _, e := range f.Params {
		s.Params = append(s.Params, importEffect(e))
	}
	return s
}

func (e EffectFact) empty() bool {
	return e.Bits == 0 && len(e.Changes) == 0 && len(e.Settled) == 0 && len(e.Writes) == 0 && len(e.CopyWrites) == 0
}

// opaque reports whether the effect says no more than a call of code
// opvet cannot see implies: the object escapes and may change anywhere.
func (e EffectFact) opaque() bool {
	if e.Bits&^(Escaped|Captured|UnknownChange) != 0 || e.Bits&Escaped == 0 || len(e.Writes) > 0 || len(e.CopyWrites) > 0 ||
		len(e.Settled) > 0 {
		return false
	}
	for _, c := range e.Changes {
		if !c.Presumed {
			return false
		}
	}
	return true
}

func importEffect(e EffectFact) *Effect {
	if e.empty() {
		return nil
	}
	out := &Effect{Bits: e.Bits}
	for _, c := range e.Changes {
		out.Changes = append(out.Changes, Change{Path: c.Path, Presumed: c.Presumed, Indirect: c.Indirect, Reorders: c.Reorders})
	}
	for _, c := range e.Settled {
		out.Settled = append(out.Settled, Change{Path: c.Path, Indirect: c.Indirect})
	}
	for _, w := range e.Writes {
		out.Writes = append(out.Writes, k8s.Write{API: w.API, Op: w.Op, Subresource: w.Subresource, Method: w.Method, Label: w.Label})
		out.Before = append(out.Before, w.Before)
	}
	for _, w := range e.CopyWrites {
		out.CopyWrites = append(out.CopyWrites, k8s.Write{API: w.API, Op: w.Op, Subresource: w.Subresource, Method: w.Method, Label: w.Label})
	}
	return out
}

func exportEffect(e *Effect) EffectFact {
	if e == nil {
		return EffectFact{}
	}
	out := EffectFact{Bits: e.Bits}
	for _, c := range e.Changes {
		out.Changes = append(out.Changes, ChangeFact{Path: c.Path, Presumed: c.Presumed, Indirect: c.Indirect, Reorders: c.Reorders})
	}
	for _, c := range e.Settled {
		out.Settled = append(out.Settled, ChangeFact{Path: c.Path, Indirect: c.Indirect})
	}
	for i, w := range e.Writes {
		out.Writes = append(out.Writes, WriteFact{API: w.API, Op: w.Op, Subresource: w.Subresource, Method: w.Method, Label: w.CallName(), Before: e.Before[i]})
	}
	for _, w := range e.CopyWrites {
		out.CopyWrites = append(out.CopyWrites, WriteFact{API: w.API, Op: w.Op, Subresource: w.Subresource, Method: w.Method, Label: w.CallName()})
	}
	return out
}

// Exports returns the summaries of the package's functions that other
// packages may call and whose summary says something (an effect on an
// object, or a known result), for the driver to export as facts. It
// analyses each such function (once; the checks reuse the analyses).
// Functions of generated and test files are left out: conversion and
// deep-copy code, and helpers only tests call. When named is not nil,
// only the functions it accepts are considered: a driver that sees the
// whole module passes those that another package names.
func (p *Package) Exports(named func(*types.Func) bool) map[*types.Func]*SummaryFact {
	out := map[*types.Func]*SummaryFact{}
	p.mu.Lock()
	defer p.mu.Unlock()
	for fn, fd := range p.decls {
		if !p.exportable(fn, fd) || named != nil && !named(fn) {
			continue
		}
		if f := p.exportSummary(fn, p.summarize(fn, fd)); f != nil {
			out[fn] = f
		}
	}
	return out
}

// exportable reports whether fn, declared by fd, may be called from
// another package and takes or returns objects.
func (p *Package) exportable(fn *types.Func, fd *ast.FuncDecl) bool {
	if !fn.Exported() || !p.takesObjects(fn) {
		return false
	}
	f := p.fileOf(fd)
	return f != nil && !ast.IsGenerated(f) && !astx.InTestFile(p.fset, fd.Pos())
}

// fileOf returns the file that declares fd.
func (p *Package) fileOf(fd *ast.FuncDecl) *ast.File {
	for _, f := range p.files {
		if f.FileStart <= fd.Pos() && fd.Pos() < f.FileEnd {
			return f
		}
	}
	return nil
}

// exportSummary converts s, the summary of fn, or returns nil when it
// says nothing more than a call of code opvet cannot see implies: every
// object it is given escapes and may change. A function that only reads
// an object it is given (logs it, records an event for it, compares it)
// says something: its callers' objects stay theirs.
func (p *Package) exportSummary(fn *types.Func, s *Summary) *SummaryFact {
	if s == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	f := &SummaryFact{Recv: exportEffect(s.Recv), Results: s.Results, Patches: s.Patches, QuietIfFalse: s.QuietIfFalse,
		QuietKeep: s.QuietKeep, QuietIfNil: s.QuietIfNil, Snapshots: s.Snapshots}
	says := len(f.Patches) > 0 || len(f.Snapshots) > 0 || informative(f.Recv, sig.Recv() != nil && p.cache.isTrackable(sig.Recv().Type()))
	for i, e := range s.Params {
		ef := exportEffect(e)
		f.Params = append(f.Params, ef)
		says = says || informative(ef, p.cache.isTrackable(sig.Params().At(i).Type()))
	}
	for _, r := range s.Results {
		says = says || r.Kind != ResultUnknown || r.Bits != 0 || r.Owned || r.Read || len(r.Fields) > 0
	}
	if !says {
		return nil
	}
	return f
}

// informative reports whether e, the effect on a receiver or parameter
// (an object when object is set), says more than a call of unseen code
// implies: no effect at all on an object says that it is only read.
func informative(e EffectFact, object bool) bool {
	return !e.opaque() && (object || !e.empty())
}
