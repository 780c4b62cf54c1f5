package removedapis

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"strings"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/opvet/opvet/internal/apilifecycle"
	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// switchesVersion reports whether the use of row's kind in the current
// function runs only where the cluster serves that version: the function
// also uses the replacement (Owns(&batchv1.CronJob{}) or, on old
// clusters, Owns(&batchv1beta1.CronJob{}); an informer of one version or
// the other), or every call of the function in the package is in one
// branch of an if or a switch whose other branch uses the replacement (a
// wrapper whose legacy method is chosen by the version discovery found).
func (c *checker) switchesVersion(row apilifecycle.Kind, use ast.Node) bool {
	r := row.Replacement
	if r.Kind == "" || c.fn == nil {
		return false
	}
	repl := howNamed(row)
	if path, _ := astutil.PathEnclosingInterval(c.file, use.Pos(), use.End()); c.besideReplacement(path, repl) {
		return true
	}
	key := row.Path + "." + row.Kind
	if v, ok := c.fn.switches[key]; ok {
		return v
	}
	found := c.mentions(c.fn.body, repl, false) || c.calledOnlyBesideReplacement(repl)
	if c.fn.switches == nil {
		c.fn.switches = map[string]bool{}
	}
	c.fn.switches[key] = found
	return found
}

// replacement is how code names the replacement of a removed kind
// (howNamed).
type replacement struct {
	kind string
	// apiPath is the Go package of the kind in k8s.io/api (or the
	// module that declares it); clientDir is the group/version tail of
	// client-go's packages for it (networking/v1).
	apiPath, clientDir string
	// gv is its apiVersion string.
	gv string
}

func howNamed(row apilifecycle.Kind) replacement {
	r := row.Replacement
	dir := "core"
	if r.Group != "" {
		dir, _, _ = strings.Cut(r.Group, ".")
	}
	base := path.Dir(path.Dir(row.Path)) // k8s.io/api
	if r.Group == row.Group {
		dir = path.Base(path.Dir(row.Path))
	}
	return replacement{
		kind:      r.Kind,
		apiPath:   base + "/" + dir + "/" + r.Version,
		clientDir: dir + "/" + r.Version,
		gv:        r.GroupVersion(),
	}
}

// mentions reports whether n names the replacement: its Go type (or its
// List type: CertificateSigningRequestList in a branch that only lists) or its
// apiVersion string, and with clients also a generated client, informer
// or lister of it (client-go's, apiextensions-apiserver's: CronJobs() of
// BatchV1(), IngressInformer of informers/networking/v1). A whole function that uses the Go type picks
// a version (Owns(&batchv1.CronJob{}) beside Owns(&batchv1beta1.CronJob{}));
// clients of both versions side by side are no choice unless they are in
// different branches.
func (c *checker) mentions(n ast.Node, r replacement, clients bool) bool {
	info := c.pass.TypesInfo
	stem := strings.TrimSuffix(r.kind, "y")
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			obj := info.Uses[n]
			if obj == nil || obj.Pkg() == nil {
				break
			}
			p := k8s.PkgPath(obj.Pkg())
			switch {
			case p == r.apiPath && (obj.Name() == r.kind || obj.Name() == r.kind+"List"):
				found = true
			case clients && hasPrefix(p, generatedClients) && strings.HasSuffix(p, "/"+r.clientDir) && strings.HasPrefix(obj.Name(), stem):
				found = true
			}
		case *ast.BasicLit:
			if tv, ok := info.Types[n]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == r.gv {
				found = true
			}
		}
		return !found
	})
	return found
}

// calledOnlyBesideReplacement reports whether the current function is
// called in the package, and every call is in a branch of an if or a
// switch another branch of which uses the replacement, itself or through
// a function of the package, or in a function that is itself called only
// there (a constructor of the legacy implementation; three calls up).
func (c *checker) calledOnlyBesideReplacement(r replacement) bool {
	if c.fn.decl == nil {
		return false
	}
	fn, _ := c.pass.TypesInfo.Defs[c.fn.decl.Name].(*types.Func)
	return c.onlyBesideReplacement(fn, r, 3)
}

// onlyBesideReplacement is calledOnlyBesideReplacement for fn, looking
// depth calls up.
func (c *checker) onlyBesideReplacement(fn *types.Func, r replacement, depth int) bool {
	if fn == nil || depth == 0 {
		return false
	}
	sites := c.callSites()[fn]
	if len(sites) == 0 {
		// A method called through an interface only: it runs on the
		// values its type is built as (a legacy implementation built
		// where discovery found only the removed version).
		sites = c.builds[receiverType(fn)]
	}
	judged := 0
	for _, path := range sites {
		if !c.envtest && astx.InTestFile(c.pass.Fset, path[0].Pos()) {
			continue // a test's call, against a fake client that serves anything
		}
		if !c.besideReplacement(path, r) && !c.onlyBesideReplacement(c.enclosingFunc(path), r, depth-1) {
			return false
		}
		judged++
	}
	return judged > 0
}

// enclosingFunc returns the function declared around the innermost-first
// path, or nil (a package-level use).
func (c *checker) enclosingFunc(path []ast.Node) *types.Func {
	for _, n := range path {
		if fd, ok := n.(*ast.FuncDecl); ok {
			fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			return fn
		}
	}
	return nil
}

// callSites returns, per function of the package, the paths (innermost
// first) of the calls of it in the package's files: computed once.
func (c *checker) callSites() map[*types.Func][][]ast.Node {
	if c.sites != nil {
		return c.sites
	}
	c.sites = map[*types.Func][][]ast.Node{}
	c.builds = map[*types.TypeName][][]ast.Node{}
	for _, f := range c.pass.Files {
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			if fn := c.usedFunc(n, stack); fn != nil {
				c.sites[fn] = append(c.sites[fn], reversed(stack))
			}
			if tn := c.builtType(n); tn != nil && !discarded(stack) {
				c.builds[tn] = append(c.builds[tn], reversed(stack))
			}
			return true
		})
	}
	return c.sites
}

// discarded reports whether the top of stack is a value assigned only
// to the blank identifier (var _ I = &T{}, a compile-time check that T
// implements I): nothing runs with it.
func discarded(stack []ast.Node) bool {
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.ValueSpec:
			for _, name := range n.Names {
				if name.Name != "_" {
					return false
				}
			}
			return true
		case ast.Stmt, *ast.FuncDecl, *ast.FuncLit:
			return false
		}
	}
	return false
}

// reversed returns a copy of stack, innermost first.
func reversed(stack []ast.Node) []ast.Node {
	path := make([]ast.Node, len(stack))
	for i := range stack {
		path[i] = stack[len(stack)-1-i]
	}
	return path
}

// builtType returns the named type of the package that n makes a value
// of (T{...}, &T{...}, new(T), var x T), or nil.
func (c *checker) builtType(n ast.Node) *types.TypeName {
	var t types.Type
	info := c.pass.TypesInfo
	switch n := n.(type) {
	case *ast.CompositeLit:
		t = info.TypeOf(n)
	case *ast.CallExpr:
		if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 1 {
			if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "new" {
				t = info.TypeOf(n.Args[0])
			}
		}
	case *ast.ValueSpec:
		if n.Type != nil && len(n.Values) == 0 {
			t = info.TypeOf(n.Type)
		}
	}
	if named := c.ownNamed(t); named != nil {
		return named.Obj()
	}
	return nil
}

// ownNamed returns the named type of the package that t is or points
// to, or nil.
func (c *checker) ownNamed(t types.Type) *types.Named {
	if t == nil {
		return nil
	}
	named, ok := types.Unalias(astx.Deref(t)).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg {
		return nil
	}
	return named
}

// usedFunc returns the function of the package that n, the top of stack,
// calls or takes as a value (f := legacy, Reconcile: r.legacy), or nil.
// A called function is returned for its call, not again for its name.
func (c *checker) usedFunc(n ast.Node, stack []ast.Node) *types.Func {
	if call, ok := n.(*ast.CallExpr); ok {
		if fn := k8s.Callee(c.pass.TypesInfo, call); fn != nil && fn.Pkg() == c.pass.Pkg {
			return fn
		}
		return nil
	}
	id, ok := n.(*ast.Ident)
	if !ok {
		return nil
	}
	fn, ok := c.pass.TypesInfo.Uses[id].(*types.Func)
	if !ok || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	var fun ast.Node = id
	i := len(stack) - 2
	if i >= 0 {
		if sel, ok := stack[i].(*ast.SelectorExpr); ok && sel.Sel == id {
			fun, i = sel, i-1
		}
	}
	if i >= 0 {
		if call, ok := stack[i].(*ast.CallExpr); ok && ast.Unparen(call.Fun) == fun {
			return nil
		}
	}
	return fn
}

// besideReplacement reports whether the call at path[0] is in a branch of
// an if or a switch another branch of which uses the replacement, or in
// an entry of a map literal another entry of which does.
func (c *checker) besideReplacement(path []ast.Node, r replacement) bool {
	for i := 1; i < len(path); i++ {
		switch n := path[i].(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.CaseClause:
			if i+2 < len(path) {
				if body, ok := path[i+1].(*ast.BlockStmt); ok && c.otherClauseMentions(body, n, r) {
					return true
				}
			}
		case *ast.IfStmt:
			for _, other := range c.otherBranches(n, path[i-1], path[i+1:]) {
				if c.mentionsDeep(other, r) {
					return true
				}
			}
			if path[i-1] == n.Body && c.fallsBack(n, path[i+1:], r) {
				return true
			}
		case *ast.BlockStmt:
			if c.afterReturningBranch(n, path[i-1], r) {
				return true
			}
		case *ast.KeyValueExpr:
			if i+1 < len(path) && path[i-1] == n.Value && c.otherEntryMentions(path[i+1], n, r) {
				return true
			}
		}
	}
	return false
}

// otherEntryMentions reports whether lit is a map literal another entry
// of which uses the replacement: a table of a kind's clients keyed by
// version (velero's ClusterRoleBinding listers, map[string]Lister{"v1":
// …, "v1beta1": …}) from which the caller takes the entry for the
// version discovery found; each entry is used only where its key is
// looked up, as each branch of a switch runs only for its case.
func (c *checker) otherEntryMentions(lit ast.Node, kv *ast.KeyValueExpr, r replacement) bool {
	cl, ok := lit.(*ast.CompositeLit)
	if !ok {
		return false
	}
	t := c.pass.TypesInfo.TypeOf(cl)
	if t == nil {
		return false
	}
	if _, isMap := t.Underlying().(*types.Map); !isMap {
		return false
	}
	for _, e := range cl.Elts {
		if e != kv && c.mentionsDeep(e, r) {
			return true
		}
	}
	return false
}

// afterReturningBranch reports whether st, a statement of block, follows
// an if without an else whose body uses the replacement and returns: st
// runs only where that branch was not taken, as if it were its else
// (if served(v1) { return current() }; return legacy()).
func (c *checker) afterReturningBranch(block *ast.BlockStmt, st ast.Node, r replacement) bool {
	for _, prev := range block.List {
		if prev == st {
			return false
		}
		if ifs, ok := prev.(*ast.IfStmt); ok && ifs.Else == nil && endsInReturn(ifs.Body) && c.mentionsDeep(ifs.Body, r) {
			return true
		}
	}
	return false
}

// fallsBack reports whether the body of ifs runs only when a call that
// uses the replacement failed: the condition tests an error for nil, and
// the if's init, or the statement before the if, sets it from that call
// (if _, err := v1.Get(…); err != nil { legacy.Get(…) }). On a cluster
// that no longer serves the removed version the fallback fails as the
// first call did; removing it changes only the error returned.
func (c *checker) fallsBack(ifs *ast.IfStmt, outer []ast.Node, r replacement) bool {
	errVar := c.nonNilTested(ifs.Cond)
	if errVar == nil {
		return false
	}
	if ifs.Init != nil {
		return c.setsFromReplacement(ifs.Init, errVar, r)
	}
	if len(outer) == 0 {
		return false
	}
	block, ok := outer[0].(*ast.BlockStmt)
	if !ok {
		return false
	}
	prev := stmtBefore(block, ifs)
	return prev != nil && c.setsFromReplacement(prev, errVar, r)
}

// stmtBefore returns the statement just before st in block, or nil.
func stmtBefore(block *ast.BlockStmt, st ast.Stmt) ast.Stmt {
	for i, s := range block.List {
		if s == st {
			if i == 0 {
				return nil
			}
			return block.List[i-1]
		}
	}
	return nil
}

// nonNilTested returns the error variable that cond tests with err !=
// nil, or nil.
func (c *checker) nonNilTested(cond ast.Expr) types.Object {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return nil
	}
	x, y := ast.Unparen(be.X), ast.Unparen(be.Y)
	if astx.IsNil(c.pass.TypesInfo, x) {
		x, y = y, x
	}
	id, ok := x.(*ast.Ident)
	if !ok || !astx.IsNil(c.pass.TypesInfo, y) {
		return nil
	}
	obj := c.pass.TypesInfo.ObjectOf(id)
	if obj == nil || !types.Identical(obj.Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	return obj
}

// setsFromReplacement reports whether st assigns v from a call that uses
// the replacement.
func (c *checker) setsFromReplacement(st ast.Stmt, v types.Object, r replacement) bool {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return false
	}
	if _, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); !ok {
		return false
	}
	for _, lhs := range as.Lhs {
		if id, ok := lhs.(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == v {
			return c.mentionsDeep(as.Rhs[0], r)
		}
	}
	return false
}

// otherClauseMentions reports whether a clause of the switch body other
// than cc uses the replacement.
func (c *checker) otherClauseMentions(body *ast.BlockStmt, cc *ast.CaseClause, r replacement) bool {
	for _, st := range body.List {
		if other, ok := st.(*ast.CaseClause); ok && other != cc && c.mentionsDeep(other, r) {
			return true
		}
	}
	return false
}

// otherBranches returns the branches of ifs other than the one child lies
// in: the else for the body and the body for the else; for a body that
// always leaves without an else, the statements after the if in its
// block (if legacy { return old() }; return current()).
func (c *checker) otherBranches(ifs *ast.IfStmt, child ast.Node, outer []ast.Node) []ast.Node {
	switch child {
	case ifs.Body:
		if ifs.Else != nil {
			return []ast.Node{ifs.Else}
		}
		if len(outer) == 0 {
			return nil
		}
		block, ok := outer[0].(*ast.BlockStmt)
		if !ok {
			return nil
		}
		if !endsInReturn(ifs.Body) {
			if def := c.overriddenDefault(block, ifs); def != nil {
				return []ast.Node{def}
			}
			return nil
		}
		return continuation(ifs, outer)
	case ifs.Else:
		return []ast.Node{ifs.Body}
	}
	return nil
}

// continuation returns the statements that run after st when its block
// goes on past it: those after it in its block (outer[0]) and, when that
// block falls through as the body of an enclosing if, those after that
// if, and so on outwards (`if compat { if !served(v1) { return legacy()
// } }; return current()`). A loop's body or a case clause ends the walk:
// what runs after them is the next iteration or another statement.
func continuation(st ast.Node, outer []ast.Node) []ast.Node {
	var after []ast.Node
	for k := 0; k < len(outer); k += 2 {
		block, ok := outer[k].(*ast.BlockStmt)
		if !ok {
			break
		}
		seen := false
		for _, s := range block.List {
			if seen {
				after = append(after, s)
			}
			seen = seen || s == st
		}
		if endsInReturn(block) || k+1 >= len(outer) {
			break
		}
		owner, ok := outer[k+1].(*ast.IfStmt)
		if !ok {
			break
		}
		st = owner
	}
	return after
}

// overriddenDefault returns the statement just before ifs in block when
// it sets a variable that the body of ifs sets again: `f := current; if
// legacy { f = old }` chooses between the two values as an if/else would.
func (c *checker) overriddenDefault(block *ast.BlockStmt, ifs *ast.IfStmt) ast.Stmt {
	def, ok := stmtBefore(block, ifs).(*ast.AssignStmt)
	if !ok {
		return nil
	}
	set := map[types.Object]bool{}
	for _, lhs := range def.Lhs {
		if id, ok := lhs.(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) != nil {
			set[c.pass.TypesInfo.ObjectOf(id)] = true
		}
	}
	for _, st := range ifs.Body.List {
		as, ok := st.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN {
			continue
		}
		for _, lhs := range as.Lhs {
			if id, ok := lhs.(*ast.Ident); ok && set[c.pass.TypesInfo.ObjectOf(id)] {
				return def
			}
		}
	}
	return nil
}

// endsInReturn reports whether a block's last statement is a return.
func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// mentionsDeep reports whether n uses the replacement, itself or in the
// body of a function of the package that it calls or takes as a value.
func (c *checker) mentionsDeep(n ast.Node, r replacement) bool {
	if c.mentions(n, r, true) {
		return true
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		var fn *types.Func
		switch n := n.(type) {
		case *ast.CallExpr:
			fn = k8s.Callee(c.pass.TypesInfo, n)
		case *ast.Ident:
			fn, _ = c.pass.TypesInfo.Uses[n].(*types.Func)
		case *ast.CompositeLit:
			// A value of the package's type whose methods use the
			// replacement (&v1Approver{c: c} beside &v1beta1Approver{}).
			found = c.methodsMention(n, r)
			return !found
		}
		if fn == nil || fn.Pkg() != c.pass.Pkg {
			return true
		}
		if d := c.declOf(fn); d != nil && d.Body != nil && c.mentions(d.Body, r, true) {
			found = true
		}
		return !found
	})
	return found
}

// receiverType returns the named type of fn's receiver, or nil.
func receiverType(fn *types.Func) *types.TypeName {
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	if named, ok := types.Unalias(astx.Deref(recv.Type())).(*types.Named); ok {
		return named.Obj()
	}
	return nil
}

// methodsMention reports whether lit is a value of a type of the package
// one of whose methods uses the replacement.
func (c *checker) methodsMention(lit *ast.CompositeLit, r replacement) bool {
	named := c.ownNamed(c.pass.TypesInfo.TypeOf(lit))
	if named == nil {
		return false
	}
	for m := range named.Methods() {
		if d := c.declOf(m); d != nil && d.Body != nil && c.mentions(d.Body, r, true) {
			return true
		}
	}
	return false
}

// declOf returns the declaration of a function of the package.
func (c *checker) declOf(fn *types.Func) *ast.FuncDecl {
	if c.decls == nil {
		c.decls = astx.FuncDecls(c.pass.Files, c.pass.TypesInfo)
	}
	return c.decls[fn]
}
