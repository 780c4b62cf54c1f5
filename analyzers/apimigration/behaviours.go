package apimigration

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/apimigration"
	"github.com/opvet/opvet/internal/astx"
)

const (
	crRoot    = apimigration.ControllerRuntimePath
	crBuilder = crRoot + "/pkg/builder"
	crClient  = crRoot + "/pkg/client"
	crFake    = crRoot + "/pkg/client/fake"
)

// behaviours reports the code that relies on a behaviour the span
// changes without breaking the build.
func (c *checker) behaviours() {
	s, ok := c.spanOf(crRoot)
	if !ok {
		return
	}
	active := func(id string) bool { return s.contains(apimigration.BehaviourOf(id).Minor) }
	if active(apimigration.FakeDeletion) {
		c.fakeDeletions(s)
	}
	if !active(apimigration.InjectMethods) && !active(apimigration.FakeStatus) &&
		!active(apimigration.ControllerNames) && !active(apimigration.LegacyWebhooks) {
		return
	}
	c.index()
	var chains [][]*ast.CallExpr
	writesStatus := false
	for _, f := range c.files {
		c.file = f
		if active(apimigration.InjectMethods) {
			c.injectMethods(f, s)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if !c.inner[call] {
				chains = append(chains, chainOf(call))
			}
			if pkg, key := c.callee(call); pkg == crClient && key == "StatusClient.Status" {
				writesStatus = true
			}
			return true
		})
	}
	names := map[string]bool{}
	for _, chain := range chains {
		switch root := c.rootOf(chain); {
		case active(apimigration.FakeStatus) && writesStatus && root == crFake+".NewClientBuilder":
			c.fakeStatus(chain, s)
		case active(apimigration.ControllerNames) && (root == crBuilder+".ControllerManagedBy" || root == crRoot+".NewControllerManagedBy"):
			c.controllerName(chain, s, names)
		case active(apimigration.LegacyWebhooks) && (root == crBuilder+".WebhookManagedBy" || root == crRoot+".NewWebhookManagedBy"):
			c.legacyWebhook(chain, s)
		}
	}
}

// chainOf returns the calls of the method chain that ends in call,
// outermost first: x.A().B().C() gives C, B, A, x's call if any.
func chainOf(call *ast.CallExpr) []*ast.CallExpr {
	var out []*ast.CallExpr
	for {
		out = append(out, call)
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return out
		}
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return out
		}
		call = inner
	}
}

// callee returns the package and table key of the function or method a
// call calls.
func (c *checker) callee(call *ast.CallExpr) (pkg, key string) {
	id := astx.NameIdent(call.Fun)
	if id == nil {
		return "", ""
	}
	pkg, key, _ = c.objectKey(c.pass.TypesInfo.Uses[id])
	return pkg, key
}

// rootOf names the function that starts a chain: "<pkg>.<key>".
func (c *checker) rootOf(chain []*ast.CallExpr) string {
	pkg, key := c.callee(chain[len(chain)-1])
	if pkg == "" {
		return ""
	}
	return pkg + "." + key
}

// method returns the call of chain to the method name, or nil.
func method(chain []*ast.CallExpr, names ...string) *ast.CallExpr {
	for _, call := range chain {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			for _, n := range names {
				if sel.Sel.Name == n {
					return call
				}
			}
		}
	}
	return nil
}

// reportBehaviour reports a behaviour change at node (at the method name
// of a call of a method).
func (c *checker) reportBehaviour(node ast.Node, subject string, id string, s span) {
	if call, ok := node.(*ast.CallExpr); ok {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			node = sel.Sel
		}
	}
	if c.reported[node] {
		return
	}
	c.reported[node] = true
	b := apimigration.BehaviourOf(id)
	c.rep.Report(analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Message: fmt.Sprintf(
		"%s: from %s (%s) %s; %s (%s)", subject, s.release(b.Minor), s.context(), b.What, b.Advice, b.Source)})
}

// injectNames are the methods the manager called before v0.15.
var injectNames = map[string]bool{
	"InjectClient": true, "InjectScheme": true, "InjectCache": true, "InjectConfig": true, "InjectDecoder": true,
	"InjectLogger": true, "InjectFunc": true, "InjectStopChannel": true, "InjectAPIReader": true, "InjectMapper": true,
}

// injectMethods reports the Inject* methods declared in f.
func (c *checker) injectMethods(f *ast.File, s span) {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || !injectNames[fd.Name.Name] {
			continue
		}
		fn, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Signature()
		if sig.Params().Len() != 1 || sig.Results().Len() != 1 || sig.Results().At(0).Type().String() != "error" {
			continue
		}
		c.reportBehaviour(fd.Name, fmt.Sprintf("%s is never called", fd.Name.Name), apimigration.InjectMethods, s)
	}
}

// fakeStatus reports a fake client built with objects and without
// WithStatusSubresource.
func (c *checker) fakeStatus(chain []*ast.CallExpr, s span) {
	build := chain[0]
	if sel, ok := ast.Unparen(build.Fun).(*ast.SelectorExpr); !ok || sel.Sel.Name != "Build" || method(chain, "WithStatusSubresource") != nil {
		return
	}
	if method(chain, "WithObjects", "WithRuntimeObjects", "WithLists") == nil {
		return // no object to write the status of (until the test creates one)
	}
	c.reportBehaviour(build, "this fake client has no WithStatusSubresource and the package writes status", apimigration.FakeStatus, s)
}

// controllerName reports a controller whose name another controller of
// the package already has.
func (c *checker) controllerName(chain []*ast.CallExpr, s span, names map[string]bool) {
	if sel, ok := ast.Unparen(chain[0].Fun).(*ast.SelectorExpr); !ok || (sel.Sel.Name != "Complete" && sel.Sel.Name != "Build") {
		return
	}
	var name string
	at := ast.Node(chain[0])
	if named := method(chain, "Named"); named != nil && len(named.Args) == 1 {
		tv := c.pass.TypesInfo.Types[named.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			return
		}
		name, at = constant.StringVal(tv.Value), named
	} else if forCall := method(chain, "For"); forCall != nil && len(forCall.Args) > 0 {
		t := namedOf(c.pass.TypesInfo.TypeOf(forCall.Args[0]))
		if t == nil {
			return
		}
		name, at = strings.ToLower(t.Obj().Name()), forCall
	}
	if name == "" {
		return
	}
	if names[name] {
		c.reportBehaviour(at, fmt.Sprintf("another controller of this package is named %q", name), apimigration.ControllerNames, s)
	}
	names[name] = true
}

// legacyWebhook reports a webhook builder whose type relies on the
// Defaulter or Validator interfaces.
func (c *checker) legacyWebhook(chain []*ast.CallExpr, s span) {
	if sel, ok := ast.Unparen(chain[0].Fun).(*ast.SelectorExpr); !ok || sel.Sel.Name != "Complete" {
		return
	}
	forCall := method(chain, "For")
	if forCall == nil || len(forCall.Args) != 1 {
		return
	}
	t := c.pass.TypesInfo.TypeOf(forCall.Args[0])
	var missing []string
	if hasNullary(t, c.pass.Pkg, "Default") && method(chain, "WithDefaulter") == nil {
		missing = append(missing, "Defaulter")
	}
	if hasNullary(t, c.pass.Pkg, "ValidateCreate") && method(chain, "WithValidator") == nil {
		missing = append(missing, "Validator")
	}
	if len(missing) == 0 {
		return
	}
	ifaces := "the " + strings.Join(missing, " and ") + " interface"
	if len(missing) > 1 {
		ifaces += "s"
	}
	typeName := types.TypeString(t, types.RelativeTo(c.pass.Pkg))
	c.reportBehaviour(chain[0], fmt.Sprintf("%s implements %s this webhook builder relies on", typeName, ifaces),
		apimigration.LegacyWebhooks, s)
	c.legacyWebhookMethods(t, missing, s)
}

// legacyMethods are the methods of the removed Defaulter and Validator
// interfaces.
var legacyMethods = map[string][]string{
	"Defaulter": {"Default"},
	"Validator": {"ValidateCreate", "ValidateUpdate", "ValidateDelete"},
}

// legacyWebhookMethods reports the methods of t declared in the package
// that implement the removed interfaces: each is to be moved to a
// CustomDefaulter or CustomValidator (found on spotify/flink-on-k8s-operator#960).
func (c *checker) legacyWebhookMethods(t types.Type, ifaces []string, s span) {
	for _, iface := range ifaces {
		for _, name := range legacyMethods[iface] {
			obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, name)
			fn, ok := obj.(*types.Func)
			if !ok {
				continue
			}
			if id := c.declIdent(fn); id != nil {
				c.reportBehaviour(id, fmt.Sprintf("%s implements the %s interface a webhook builder of this package relies on", name, iface),
					apimigration.LegacyWebhooks, s)
			}
		}
	}
}

// hasNullary reports whether t has a method name without parameters.
func hasNullary(t types.Type, pkg *types.Package, name string) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, name)
	fn, ok := obj.(*types.Func)
	return ok && fn.Signature().Params().Len() == 0
}
