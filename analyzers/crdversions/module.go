package crdversions

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/opvet/opvet/internal/astx"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/passes/crdkinds"
)

// Import paths that the module scan matches.
const (
	webhookConversion = "sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
	managerPkg        = "sigs.k8s.io/controller-runtime/pkg/manager"
)

// maxModuleFiles bounds the files the module scan reads.
const maxModuleFiles = 20000

// objRef is an object type named in a call: &pkg.Kind{} and the like.
// An empty name means the argument could not be resolved.
type objRef struct {
	importPath string // "" when unqualified
	name       string
}

// moduleScan is what the module's files say about managers, webhooks and
// function-style converters.
type moduleScan struct {
	manager  bool     // some file creates a controller-runtime manager
	convert  bool     // some file serves conversion by hand ("/convert", NewWebhookHandler)
	webhooks []objRef // objects of (New)WebhookManagedBy(...).For(...)
	hubSpoke []objRef // objects of NewHubSpokeConverter / NewSpokeConverter
}

// scanModule reads the Go files of the module rooted at root (nested
// modules, vendor, testdata and hidden directories excluded), parsing only
// the files that mention what it looks for. Tests count for webhook and
// converter registrations (test-only kinds are registered there), not for
// managers.
func scanModule(root string) *moduleScan {
	ms := &moduleScan{}
	if root == "" {
		return ms
	}
	fset := token.NewFileSet()
	n := 0
	var buf []byte // reused: most files are read only to be skipped
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if modtree.SkipDir(root, p) {
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		if n++; n > maxModuleFiles {
			return filepath.SkipAll
		}
		src, err := readInto(buf[:0], p)
		buf = src
		if err != nil || !mentionsAny(src) {
			return nil
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil || f == nil {
			return nil
		}
		ms.scanFile(f, strings.HasSuffix(name, "_test.go"))
		return nil
	})
	return ms
}

// readInto reads the file at name into buf, grown as needed.
func readInto(buf []byte, name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return buf, err
	}
	defer f.Close() //nolint:errcheck // opened for reading: Close reports nothing that was not already read
	if fi, err := f.Stat(); err == nil && int64(cap(buf)) < fi.Size()+1 {
		buf = make([]byte, 0, fi.Size()+512)
	}
	for {
		n, err := f.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // grow: the file grew since Stat
		}
	}
}

var scanWords = [][]byte{
	[]byte("NewManager"), []byte("manager.New"), []byte("WebhookManagedBy"),
	[]byte("/convert"), []byte("NewHubSpokeConverter"), []byte("NewWebhookHandler"),
}

func mentionsAny(src []byte) bool {
	for _, w := range scanWords {
		if bytes.Contains(src, w) {
			return true
		}
	}
	return false
}

// scanFile records the calls of f that the check cares about.
func (ms *moduleScan) scanFile(f *ast.File, isTest bool) {
	ast.Inspect(f, func(n ast.Node) bool {
		fd, ok := n.(*ast.FuncDecl)
		if ok && fd.Body != nil {
			ms.scanFunc(f, fd, fd.Body, isTest)
			return false
		}
		if vs, ok := n.(*ast.ValueSpec); ok {
			for _, v := range vs.Values {
				ms.scanFunc(f, nil, v, isTest)
			}
			return false
		}
		return true
	})
}

// scanFunc records the calls in body; fd (may be nil) resolves receiver
// and parameter names.
func (ms *moduleScan) scanFunc(f *ast.File, fd *ast.FuncDecl, body ast.Node, isTest bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		path, name := calleeName(f, call.Fun)
		switch {
		case (path == k8s.Ctrl && name == "NewManager") || (path == managerPkg && name == "New"):
			ms.manager = ms.manager || !isTest
		case path == webhookConversion && name == "NewWebhookHandler":
			ms.convert = true
		case (path == k8s.Ctrl && name == "NewWebhookManagedBy") || (path == k8s.Builder && name == "WebhookManagedBy"):
			if len(call.Args) == 2 {
				ms.webhooks = append(ms.webhooks, resolveObj(f, fd, call.Args[1]))
			}
		case path == webhookConversion && (name == "NewHubSpokeConverter" || name == "NewSpokeConverter"):
			if len(call.Args) > 0 {
				ms.hubSpoke = append(ms.hubSpoke, resolveObj(f, fd, call.Args[0]))
			}
		case name == "Register" && path == "" && len(call.Args) == 2:
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if v, _ := strconv.Unquote(lit.Value); v == "/convert" {
					ms.convert = true
				}
			}
		}
		if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "For" && len(call.Args) == 1 && chainHasWebhookBuilder(f, sel.X) {
			ms.webhooks = append(ms.webhooks, resolveObj(f, fd, call.Args[0]))
		}
		return true
	})
}

// calleeName returns the import path and name of a package-level function
// call (pkg.Name or, for a method call, "" and the method name).
func calleeName(f *ast.File, fun ast.Expr) (string, string) {
	if ix, ok := fun.(*ast.IndexExpr); ok {
		fun = ix.X
	}
	if ix, ok := fun.(*ast.IndexListExpr); ok {
		fun = ix.X
	}
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return "", ""
	}
	if x, ok := sel.X.(*ast.Ident); ok {
		if p := crdkinds.ImportOf(f, x.Name); p != "" {
			return p, sel.Sel.Name
		}
	}
	return "", sel.Sel.Name
}

// chainHasWebhookBuilder reports whether the method chain e starts with
// a (New)WebhookManagedBy call.
func chainHasWebhookBuilder(f *ast.File, e ast.Expr) bool {
	for depth := 0; depth < 32; depth++ {
		call, ok := e.(*ast.CallExpr)
		if !ok {
			return false
		}
		path, name := calleeName(f, call.Fun)
		if (path == k8s.Ctrl && name == "NewWebhookManagedBy") || (path == k8s.Builder && name == "WebhookManagedBy") {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		e = sel.X
	}
	return false
}

// resolveObj names the type of an object argument: &pkg.T{}, pkg.T{},
// new(pkg.T), or a receiver or parameter of fd declared as *pkg.T. It
// returns objRef{} when it cannot tell.
func resolveObj(f *ast.File, fd *ast.FuncDecl, e ast.Expr) objRef {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	switch x := e.(type) {
	case *ast.CompositeLit:
		return typeRef(f, x.Type)
	case *ast.CallExpr:
		if id, ok := x.Fun.(*ast.Ident); ok && id.Name == "new" && len(x.Args) == 1 {
			return typeRef(f, x.Args[0])
		}
	case *ast.Ident:
		if fd == nil {
			return objRef{}
		}
		var lists []*ast.FieldList
		if fd.Recv != nil {
			lists = append(lists, fd.Recv)
		}
		lists = append(lists, fd.Type.Params)
		for _, l := range lists {
			for _, fld := range l.List {
				for _, n := range fld.Names {
					if n.Name == x.Name {
						return typeRef(f, fld.Type)
					}
				}
			}
		}
	}
	return objRef{}
}

func typeRef(f *ast.File, t ast.Expr) objRef {
	ip, name := crdkinds.Qualified(f, t)
	if name == "" {
		return objRef{}
	}
	if _, isSel := astx.StripStar(t).(*ast.SelectorExpr); isSel && ip == "" {
		return objRef{} // unknown import: cannot tell
	}
	return objRef{importPath: ip, name: name}
}
