package statusupdate

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/objref"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/passes/statussubresource"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "statusupdate"

// Config is the check's configuration.
type Config struct {
	// NoStatusSubresource enables the report of status writes to kinds
	// that have no status subresource (404 at runtime).
	NoStatusSubresource bool `json:"no-status-subresource" help:"report Status().Update/Patch and UpdateStatus of kinds without the status subresource"`
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{NoStatusSubresource: true} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Autofix:  true,
	Requires: []*analysis.Analyzer{statussubresource.Analyzer},
	Run:      run,
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

func run(pass *analysis.Pass, rep *report.Reporter, cfg Config) error {
	c := &checker{
		pass: pass,
		rep:  rep,
		kind: pass.ResultOf[statussubresource.Analyzer].(*statussubresource.Result),
		cfg:  cfg,
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			// Every rule needs an Update or Patch (plain or status):
			// skip other functions before any type or data-flow work.
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && k8s.CallsNamed(fd.Body, "Update", "Patch", "UpdateStatus") {
				c.function(fd.Body)
			}
		}
	}
	return nil
}

type checker struct {
	pass *analysis.Pass
	rep  *report.Reporter
	kind *statussubresource.Result
	cfg  Config
}

// change is one write of a field of an object.
type change struct {
	pos   token.Pos
	label string // "obj.Status.Phase"
	class fieldClass
}

type fieldClass int

const (
	classStatus fieldClass = iota + 1
	classSpec
	classMeta  // labels, annotations, finalizers, owner references
	classOther // other persisted fields of the main resource (ConfigMap.Data)
)

// object is what a function does with one object.
type object struct {
	ref     objref.Ref
	expr    ast.Expr // the object expression, for messages
	changes []change
	writes  []k8s.Write
	// unknownChange: a method of the object that is not a metav1
	// accessor was called; it may change anything.
	unknownChange bool
	// escaped: the object was passed to code opvet cannot see, copied,
	// returned or stored: it may be persisted elsewhere.
	escaped bool
	// statusCopied: obj.Status was copied out as a whole value.
	statusCopied bool
}

func (c *checker) function(body *ast.BlockStmt) {
	info := c.pass.TypesInfo
	isLocal := objref.Locals(body, info)
	objects := map[objref.Ref]*object{}
	get := func(acc objref.Access) *object {
		o := objects[acc.Ref]
		if o == nil {
			o = &object{ref: acc.Ref, expr: acc.Object}
			objects[acc.Ref] = o
		}
		return o
	}
	writeArgs := map[ast.Expr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		w, ok := k8s.ClassifyWrite(info, call)
		if !ok {
			return true
		}
		c.checkNoSubresource(w)
		if w.Object == nil {
			return true
		}
		writeArgs[ast.Unparen(w.Object)] = true
		if acc, ok := objref.Resolve(info, objref.StripAddr(w.Object)); ok && len(acc.Fields) == 0 {
			o := get(acc)
			o.writes = append(o.writes, w)
		}
		return true
	})
	objref.Uses(body, info, func(u objref.Use) {
		if writeArgs[u.Top] {
			return
		}
		c.use(get(u.Access), u)
	})
	refs := make([]*object, 0, len(objects))
	for _, o := range objects {
		refs = append(refs, o)
	}
	sort.Slice(refs, func(i, j int) bool { return refs[i].expr.Pos() < refs[j].expr.Pos() })
	for _, o := range refs {
		if isLocal(o.ref.Root) && !o.escaped {
			c.checkObject(o)
		}
	}
}

// use records what one occurrence of an object does to it.
func (c *checker) use(o *object, u objref.Use) {
	fields := u.Fields
	switch p := u.Parent.(type) {
	case *ast.AssignStmt:
		for _, lhs := range p.Lhs {
			if lhs == u.Top {
				c.assigned(o, u)
				return
			}
		}
	case *ast.IncDecStmt:
		c.changed(o, u)
		return
	case *ast.UnaryExpr:
		if p.Op == token.AND && len(fields) > 0 {
			c.changed(o, u) // &obj.Status.Conditions: handed out to be changed
			return
		}
	case *ast.SelectorExpr:
		c.methodCall(o, u, p)
		return
	case *ast.CallExpr:
		c.argument(o, u, p)
		return
	case *ast.ExprStmt, *ast.IfStmt, *ast.SwitchStmt, *ast.BinaryExpr, *ast.IndexExpr:
		return // read
	}
	c.valueUse(o, u)
}

// valueUse handles the object or a field used as a value: copied,
// returned, stored, compared.
func (c *checker) valueUse(o *object, u objref.Use) {
	switch {
	case len(u.Fields) == 0:
		if _, ok := u.Parent.(*ast.RangeStmt); !ok {
			o.escaped = true
		}
	case len(u.Fields) == 1 && u.Fields[0] == "Status":
		o.statusCopied = true
	}
}

// assigned handles the object or a field on the left of an assignment.
func (c *checker) assigned(o *object, u objref.Use) {
	if len(u.Fields) > 0 {
		c.changed(o, u)
		return
	}
	if _, isIdent := u.Top.(*ast.Ident); !isIdent {
		o.escaped = true // *obj = other, list.Items[i] = x: replaced
	}
}

// changed records a change of the field path of u.
func (c *checker) changed(o *object, u objref.Use) {
	c.record(o, u.Top.Pos(), u.Fields)
}

func (c *checker) record(o *object, pos token.Pos, fields []string) {
	class := classify(fields)
	if class == 0 {
		return
	}
	label := types.ExprString(o.expr)
	for i, f := range fields {
		if i == 2 {
			break
		}
		label += "." + f
	}
	o.changes = append(o.changes, change{pos: pos, label: label, class: class})
}

// classify sorts a field path by what a write drops.
func classify(fields []string) fieldClass {
	if len(fields) == 0 {
		return 0
	}
	switch fields[0] {
	case "Status":
		return classStatus
	case "Spec":
		return classSpec
	case "Labels", "Annotations", "Finalizers", "OwnerReferences":
		return classMeta
	case "ObjectMeta":
		return classMeta // &obj.ObjectMeta handed to a metav1 helper
	case "TypeMeta", "Name", "Namespace", "GenerateName", "UID", "ResourceVersion", "Generation",
		"CreationTimestamp", "DeletionTimestamp", "DeletionGracePeriodSeconds", "ManagedFields", "SelfLink":
		return 0
	}
	return classOther
}

// metaSetters are the metav1.Object setters of fields that a status
// write drops.
var metaSetters = map[string]string{
	"SetLabels": "Labels", "SetAnnotations": "Annotations",
	"SetFinalizers": "Finalizers", "SetOwnerReferences": "OwnerReferences",
}

// methodCall handles obj.Method(...) and obj.Field.Method(...).
func (c *checker) methodCall(o *object, u objref.Use, sel *ast.SelectorExpr) {
	if len(u.Fields) > 0 {
		if len(u.Fields) == 1 && u.Fields[0] == "Status" {
			o.statusCopied = true // obj.Status.DeepCopy(), obj.Status.DeepCopyInto(...)
		}
		return
	}
	fn, _ := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	switch {
	case fn == nil:
		o.unknownChange = true
	case k8s.IsObjectMetaMethod(fn):
		if f, ok := metaSetters[fn.Name()]; ok {
			c.record(o, sel.Pos(), []string{f})
		}
	case fn.Name() == "DeepCopy" || fn.Name() == "DeepCopyObject" || fn.Name() == "DeepCopyInto" ||
		fn.Name() == "GetObjectKind":
	default:
		o.unknownChange = true
	}
}

// argument handles the object or a field passed to a call.
func (c *checker) argument(o *object, u objref.Use, call *ast.CallExpr) {
	info := c.pass.TypesInfo
	if call.Fun == u.Top {
		return // a func-typed field called
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "delete", "clear":
				c.changed(o, u)
			case "append", "copy":
				if call.Args[0] == u.Top {
					return // append(obj.Finalizers, ...): the assignment records it
				}
				c.valueUse(o, u)
			}
			return
		}
	}
	fn := k8s.Callee(info, call)
	if len(u.Fields) > 0 {
		if len(u.Fields) == 1 && u.Fields[0] == "Status" {
			o.statusCopied = true
		}
		return
	}
	switch {
	case fn == nil:
		o.escaped = true
	case k8s.IsFunc(fn, k8s.Controllerutil, "AddFinalizer") || k8s.IsFunc(fn, k8s.Controllerutil, "RemoveFinalizer"):
		c.record(o, call.Pos(), []string{"Finalizers"})
	case k8s.IsFunc(fn, k8s.Controllerutil, "SetControllerReference") ||
		k8s.IsFunc(fn, k8s.Controllerutil, "SetOwnerReference"):
		if len(call.Args) > 1 && call.Args[1] == u.Top {
			c.record(o, call.Pos(), []string{"OwnerReferences"})
		}
	case k8s.IsInertCall(fn), isReaderOrPatchBase(fn):
	default:
		o.escaped = true
	}
}

// isReaderOrPatchBase reports whether fn reads into an object (Get,
// List) or takes it as a patch base (MergeFrom): it does not persist it.
func isReaderOrPatchBase(fn *types.Func) bool {
	if k8s.PkgPath(fn.Pkg()) != k8s.Client {
		return false
	}
	switch fn.Name() {
	case "Get", "List", "MergeFrom", "MergeFromWithOptions", "StrategicMergeFrom":
		return true
	}
	return false
}
