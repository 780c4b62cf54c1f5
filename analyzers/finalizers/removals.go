package finalizers

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/opvet/opvet/internal/k8s"
)

// Removal evidence is gathered from function bodies without relying on
// type information, so that the same code reads the package being analysed
// (with a typedResolver) and the other packages of the module, parsed from
// disk (with a syntactic resolver). It errs towards finding removals: a
// missed removal would be a false "never removed" report.
//
// Keys name what a name expression may stand for:
//
//	v:<value>             a string value
//	s:<importpath>.<Name> a package-level constant or variable
//	f:<field>             a struct field (r.finalizerName)

// resolver turns a name expression into keys.
type resolver interface {
	keys(e ast.Expr) []string
}

// evidence is what the module's code removes.
type evidence struct {
	keys map[string]bool
	all  bool // some code clears all finalizers
}

func (ev *evidence) removes(n finName) bool {
	if ev.all || ev.keys["v:"+n.value] {
		return true
	}
	return n.symbol != "" && ev.keys["s:"+n.symbol]
}

// funcSummary is what one function declaration contributes.
type funcSummary struct {
	name       string
	calls      []callSummary
	referenced []string // keys of every name expression in the body
	compared   []string // keys compared with == or != or in a case, when the body handles finalizer lists
	spliced    []string // keys looked up by index where the index cuts an element out of a list
	clearsAll  bool     // SetFinalizers(nil), .Finalizers = nil, a "finalizers":null patch
}

type callSummary struct {
	name string // the called function's name, without package or receiver
	args []argSummary
}

type argSummary struct {
	keys  []string
	param int // index of the enclosing function's parameter the argument is, or -1
}

// fieldHolds records the names stored into struct fields: f -> keys, from
// Reconciler{finalizer: name} and r.finalizer = name.
type fieldHolds map[string][]string

// summarizeFile summarizes every function declaration of f.
func summarizeFile(f *ast.File, r resolver, holds fieldHolds) []*funcSummary {
	var out []*funcSummary
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Body != nil {
				out = append(out, summarizeFunc(d, r, holds))
			}
		case *ast.GenDecl:
			// Package-level composite literals can fill name fields too.
			ast.Inspect(d, func(n ast.Node) bool {
				recordHolds(n, r, holds)
				return true
			})
		}
	}
	return out
}

func summarizeFunc(fd *ast.FuncDecl, r resolver, holds fieldHolds) *funcSummary {
	s := &funcSummary{name: fd.Name.Name}
	params := paramIndex(fd.Type)
	listsFinalizers := false
	var compared []string
	var indexOf map[string][]string // idx -> keys, from idx := slices.Index(list, name); made when met
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		recordHolds(n, r, holds)
		switch n := n.(type) {
		case *ast.Ident:
			if mentionsFinalizers(n.Name) {
				listsFinalizers = true
			}
			s.referenced = append(s.referenced, r.keys(n)...)
		case *ast.SelectorExpr:
			if mentionsFinalizers(n.Sel.Name) {
				listsFinalizers = true
			}
			s.referenced = append(s.referenced, r.keys(n)...)
			ast.Inspect(n.X, visit)
			return false
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				s.referenced = append(s.referenced, r.keys(n)...)
				s.clearsAll = s.clearsAll || clearsInPatch(n.Value)
			}
		case *ast.CallExpr:
			s.calls = append(s.calls, summarizeCall(n, r, params))
			s.spliced = append(s.spliced, splicedKeys(n, indexOf)...)
			if k8s.CalleeName(n.Fun) == "SetFinalizers" && len(n.Args) == 1 && isEmptyList(n.Args[0]) {
				s.clearsAll = true
			}
		case *ast.AssignStmt:
			indexOf = recordIndex(n, r, indexOf)
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 && isEmptyList(n.Rhs[0]) {
				if sel, ok := ast.Unparen(n.Lhs[0]).(*ast.SelectorExpr); ok && sel.Sel.Name == "Finalizers" {
					s.clearsAll = true
				}
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				compared = append(compared, r.keys(n.X)...)
				compared = append(compared, r.keys(n.Y)...)
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				compared = append(compared, r.keys(e)...)
			}
		}
		return true
	}
	ast.Inspect(fd.Body, visit)
	if listsFinalizers {
		s.compared = compared
	}
	return s
}

// recordIndex records idx := slices.Index(list, name) (any call whose
// name says it finds an index: IndexFunc, indexOf, findIndex): idx stands
// for the position of the names among the call's arguments. It returns
// indexOf, made on the first record.
func recordIndex(as *ast.AssignStmt, r resolver, indexOf map[string][]string) map[string][]string {
	if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return indexOf
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	call, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isCall || !containsFold(k8s.CalleeName(call.Fun), "index") {
		return indexOf
	}
	var keys []string
	for _, arg := range call.Args {
		for _, k := range r.keys(arg) {
			if field, ok := strings.CutPrefix(k, "f:"); !ok || !mentionsFinalizers(field) {
				keys = append(keys, k) // the name, not the list (obj.Finalizers)
			}
		}
	}
	if len(keys) > 0 {
		if indexOf == nil {
			indexOf = map[string][]string{}
		}
		indexOf[id.Name] = keys
	}
	return indexOf
}

// splicedKeys returns the names whose index (recorded by recordIndex) an
// argument of call uses, when call cuts an element out of a list: a
// removing call (slices.Delete(list, idx, idx+1)) or an append of slices
// of it (append(list[:idx], list[idx+1:]...)). A lookup whose index only
// tests membership, or feeds an insertion, is no removal.
func splicedKeys(call *ast.CallExpr, indexOf map[string][]string) []string {
	if len(indexOf) == 0 {
		return nil
	}
	name := k8s.CalleeName(call.Fun)
	if name != "append" && !isRemoving(name) {
		return nil
	}
	var out []string
	for _, arg := range call.Args {
		if _, isSlice := ast.Unparen(arg).(*ast.SliceExpr); name == "append" && !isSlice {
			continue
		}
		ast.Inspect(arg, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				out = append(out, indexOf[id.Name]...)
			}
			return true
		})
	}
	return out
}

// recordHolds records Reconciler{finalizer: name} and x.finalizer = name.
func recordHolds(n ast.Node, r resolver, holds fieldHolds) {
	switch n := n.(type) {
	case *ast.KeyValueExpr:
		if id, ok := n.Key.(*ast.Ident); ok {
			holds.add(id.Name, r.keys(n.Value))
		}
	case *ast.CompositeLit:
		// entries := []entry{{name, run}}: the fields of an unkeyed
		// struct literal, by position.
		recordUnkeyed(n, structFields(n, r), r, holds)
		if sr, ok := r.(*syntaxResolver); ok {
			// Without types, the elements' type is named only by the
			// outer literal.
			fields := sr.fieldsOf(elemType(n.Type))
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					elt = kv.Value
				}
				if inner, ok := elt.(*ast.CompositeLit); ok && inner.Type == nil {
					recordUnkeyed(inner, fields, r, holds)
				}
			}
		}
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return
		}
		for i, lhs := range n.Lhs {
			if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok {
				holds.add(sel.Sel.Name, r.keys(n.Rhs[i]))
			}
		}
	}
}

// recordUnkeyed records the elements of an unkeyed struct literal lit,
// whose fields are names in order.
func recordUnkeyed(lit *ast.CompositeLit, names []string, r resolver, holds fieldHolds) {
	for i, elt := range lit.Elts {
		if _, keyed := elt.(*ast.KeyValueExpr); keyed || i >= len(names) {
			break
		}
		holds.add(names[i], r.keys(elt))
	}
}

// elemType returns the element type of a slice, array or map type
// expression, or nil.
func elemType(t ast.Expr) ast.Expr {
	switch t := t.(type) {
	case *ast.ArrayType:
		return t.Elt
	case *ast.MapType:
		return t.Value
	}
	return nil
}

// structFields returns the field names of the struct type of lit, in
// order: from the types where r has them, else from a struct type written
// in the literal or declared in its file; nil for anything else.
func structFields(lit *ast.CompositeLit, r resolver) []string {
	var names []string
	if tr, ok := r.(typedResolver); ok {
		if t := tr.info.TypeOf(lit); t != nil {
			if st, ok := t.Underlying().(*types.Struct); ok {
				for f := range st.Fields() {
					names = append(names, f.Name())
				}
			}
		}
		return names
	}
	if sr, ok := r.(*syntaxResolver); ok {
		return sr.fieldsOf(lit.Type)
	}
	return nil
}

// fieldNames returns the field names of st, in order.
func fieldNames(st *ast.StructType) []string {
	var names []string
	if st != nil {
		for _, f := range st.Fields.List {
			if len(f.Names) == 0 {
				names = append(names, embeddedName(f.Type))
			}
			for _, id := range f.Names {
				names = append(names, id.Name)
			}
		}
	}
	return names
}

// embeddedName returns the field name of an embedded field's type.
func embeddedName(t ast.Expr) string {
	switch x := ast.Unparen(t).(type) {
	case *ast.StarExpr:
		return embeddedName(x.X)
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.Ident:
		return x.Name
	}
	return ""
}

func (h fieldHolds) add(field string, keys []string) {
	for _, k := range keys {
		if !strings.HasPrefix(k, "f:") {
			h[field] = append(h[field], k)
		}
	}
}

func paramIndex(ft *ast.FuncType) map[string]int {
	idx := map[string]int{}
	if ft == nil || ft.Params == nil {
		return idx
	}
	i := 0
	for _, field := range ft.Params.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, name := range field.Names {
			idx[name.Name] = i
			i++
		}
	}
	return idx
}

func summarizeCall(call *ast.CallExpr, r resolver, params map[string]int) callSummary {
	cs := callSummary{name: k8s.CalleeName(call.Fun)}
	for _, arg := range call.Args {
		a := argSummary{keys: r.keys(arg), param: -1}
		if id, ok := ast.Unparen(arg).(*ast.Ident); ok && len(a.keys) == 0 {
			if i, ok := params[id.Name]; ok {
				a.param = i
			}
		}
		cs.args = append(cs.args, a)
	}
	return cs
}

// isEmptyList reports whether e is nil or an empty composite literal.
func isEmptyList(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e.Name == "nil"
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	}
	return false
}

// clearsInPatch reports whether a string literal is a patch that clears
// metadata.finalizers.
func clearsInPatch(lit string) bool {
	s, err := strconv.Unquote(lit)
	if err != nil {
		return false
	}
	s = strings.Join(strings.Fields(s), "")
	return strings.Contains(s, `"finalizers":null`) || strings.Contains(s, `"finalizers":[]`)
}

// removingWords make a call count as a removal of the names it is given:
// RemoveFinalizer, removeString, sets.Delete, slices.DeleteFunc, without...
var removingWords = []string{"remove", "delete", "without", "filter", "drop", "strip", "clear", "cleanup"}

func isRemoving(name string) bool {
	lower := strings.ToLower(name)
	for _, w := range removingWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// evaluate computes the module's removals from function summaries: names
// given to removing calls; names compared inside functions that handle
// finalizer lists; names whose index in a list cuts an element out; and, through wrappers (functions that pass a parameter
// on as the name of a removal), names given to the wrappers' calls.
// A RemoveFinalizer (or wrapper call) whose name cannot be resolved counts
// every name its function mentions.
func evaluate(sums []*funcSummary, holds fieldHolds) *evidence {
	ev := &evidence{keys: map[string]bool{}}
	add := func(keys []string) {
		for _, k := range keys {
			ev.keys[k] = true
			if field, ok := strings.CutPrefix(k, "f:"); ok {
				for _, h := range holds[field] {
					ev.keys[h] = true
				}
			}
		}
	}
	// strict wrappers pass a parameter on as the name of RemoveFinalizer;
	// loose ones pass it to a removing call such as removeString.
	strict := wrapperSet{"RemoveFinalizer": {1: true}}
	loose := wrapperSet{}
	for changed := true; changed; {
		changed = false
		for _, s := range sums {
			for _, call := range s.calls {
				for i, a := range call.args {
					isStrict := strict.has(call.name, i) || isRemoveMethod(call, i)
					if !isStrict && !loose.has(call.name, i) && (call.name == "RemoveFinalizer" || !isRemoving(call.name)) {
						continue
					}
					switch {
					case len(a.keys) > 0:
						add(a.keys)
					case a.param >= 0 && isStrict:
						changed = strict.set(s.name, a.param) || changed
					case a.param >= 0:
						changed = loose.set(s.name, a.param) || changed
					case isStrict:
						add(s.referenced)
					}
				}
			}
		}
	}
	for _, s := range sums {
		add(s.compared)
		add(s.spliced)
		ev.all = ev.all || s.clearsAll
	}
	return ev
}

// isRemoveMethod reports whether argument i of call is the name given to
// an object's own RemoveFinalizer method (`obj.RemoveFinalizer(name)`,
// which an API type may declare): its only argument, where
// controllerutil's takes the object first.
func isRemoveMethod(call callSummary, i int) bool {
	return call.name == "RemoveFinalizer" && len(call.args) == 1 && i == 0
}

// wrapperSet maps a function name to the indices of its parameters that
// carry a finalizer name to a removal.
type wrapperSet map[string]map[int]bool

func (w wrapperSet) has(name string, i int) bool { return w[name][i] }

// set records a wrapper parameter and reports whether it is new.
func (w wrapperSet) set(name string, i int) bool {
	if w[name][i] {
		return false
	}
	if w[name] == nil {
		w[name] = map[int]bool{}
	}
	w[name][i] = true
	return true
}

// typedResolver resolves names with the type information of the package
// being analysed.
type typedResolver struct{ info *types.Info }

func (r typedResolver) keys(e ast.Expr) []string {
	var out []string
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		out = append(out, "v:"+constant.StringVal(tv.Value))
	}
	if k := constSymbol(r.info, e); k != "" {
		out = append(out, "s:"+k)
	}
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok && len(out) == 0 {
		if v, ok := r.info.Uses[sel.Sel].(*types.Var); ok && v.IsField() {
			out = append(out, "f:"+sel.Sel.Name)
		}
	}
	return out
}

// mentionsFinalizers reports whether an identifier holds "finalizers" in
// any case.
func mentionsFinalizers(name string) bool { return containsFold(name, "finalizers") }

// containsFold reports whether name holds word in any case. It runs on
// every identifier of the package, so it avoids strings.ToLower's
// allocation.
func containsFold(name, word string) bool {
	for i := 0; i+len(word) <= len(name); i++ {
		if strings.EqualFold(name[i:i+len(word)], word) {
			return true
		}
	}
	return false
}
