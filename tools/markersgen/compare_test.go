package main

// TestSameAssociation proves that opvet's marker index (passes/markers)
// associates markers with the same nodes as controller-gen's collector.
// It runs on a sample package, and on the packages matched by
// OPVET_COMPARE (a directory and pattern, "dir:./api/..."), for a corpus.

import (
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
	"sigs.k8s.io/controller-tools/pkg/loader"
	"sigs.k8s.io/controller-tools/pkg/markers"

	"github.com/opvet/opvet/internal/markersyntax"
	"github.com/opvet/opvet/passes/markerindex"
)

const sample = `// +groupName=apps.example.com
// +kubebuilder:object:generate=true
package v1

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// Widget is a widget.
// +kubebuilder:storageversion
type Widget struct {
	// +optional
	Spec WidgetSpec ` + "`json:\"spec\"`" + ` // +fake:trailing

	// +kubebuilder:validation:Minimum=1

	// Replicas is ...
	// +kubebuilder:default:=3
	Replicas int

	// +fake:inner
	Inner struct {
		// +optional
		X int
	}
	// +fake:afterlast
}

// +kubebuilder:rbac:groups=x,resources=y,verbs=get
type WidgetSpec struct{}

type (
	// +kubebuilder:object:root=true
	A struct{}
	// +fake:pkgblock

	B struct{}
)

// Reconcile reconciles.
// +kubebuilder:rbac:groups=core,resources=pods,verbs=get
func Reconcile() {
	// +fake:inbody
	_ = 1
}

// +kubebuilder:webhook:path=/x,mutating=false,failurePolicy=fail,groups=a,resources=b,verbs=create,versions=v1,name=x,sideEffects=None,admissionReviewVersions=v1

// V is a var.
// +fake:vardoc
var V = 1

// +fake:free1
// +kubebuilder:scaffold:imports
`

func TestSameAssociation(t *testing.T) {
	dir, pattern := t.TempDir(), "./..."
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/x\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.go"), []byte(sample), 0o644); err != nil {
		t.Fatal(err)
	}
	if env := os.Getenv("OPVET_COMPARE"); env != "" {
		dir, pattern, _ = strings.Cut(env, ":")
	}
	pkgs, err := loader.LoadRootsWithConfig(&packages.Config{Dir: dir, Mode: packages.NeedName | packages.NeedFiles}, pattern)
	if err != nil {
		t.Fatal(err)
	}
	reg := &markers.Registry{}
	if err := registerAll(reg); err != nil {
		t.Fatal(err)
	}
	// Register every other marker name the sources use, on every target,
	// so that the collector reports it.
	extra := map[string]bool{}
	for _, pkg := range pkgs {
		pkg.NeedSyntax()
		for _, f := range pkg.Syntax {
			for _, cg := range f.Comments {
				for _, c := range cg.List {
					m, ok := markersyntax.Parse(c.Text)
					if !ok || m.Extra != "" {
						continue
					}
					if _, _, ok := m.Resolve(markersyntax.Known); ok || extra[m.Name] {
						continue
					}
					extra[m.Name] = true
					for _, tgt := range []markers.TargetType{markers.DescribesPackage, markers.DescribesType, markers.DescribesField} {
						var out any = struct{}{}
						if m.HasValue {
							out = markers.RawArguments(nil)
						}
						if err := reg.Register(markers.Must(markers.MakeDefinition(m.Name, tgt, out))); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		}
	}
	col := &markers.Collector{Registry: reg}
	compared := 0
	for _, pkg := range pkgs {
		byNode, err := col.MarkersInPackage(pkg)
		if err != nil {
			t.Logf("%s: controller-gen: %v", pkg.PkgPath, err)
		}
		idx := markerindex.IndexFiles(pkg.Syntax...)
		want := map[string][]string{}
		for node, vals := range byNode {
			for name, vs := range vals {
				for range vs {
					want[key(pkg, node)] = append(want[key(pkg, node)], name)
				}
			}
		}
		got := map[string][]string{}
		for _, m := range idx.All {
			if m.Target == 0 {
				continue
			}
			name := m.Registered
			if name == "" {
				name = m.Name
			}
			if !extra[name] {
				// controller-gen drops a marker whose definition is
				// not registered for the node it describes.
				if d, ok := markersyntax.Lookup(m.Registered); !ok || d.Targets&m.Target == 0 {
					continue
				}
			}
			got[key(pkg, m.Node)] = append(got[key(pkg, m.Node)], name)
		}
		for k := range want {
			sort.Strings(want[k])
		}
		for k := range got {
			sort.Strings(got[k])
		}
		keys := map[string]bool{}
		for k := range want {
			keys[k] = true
		}
		for k := range got {
			keys[k] = true
		}
		for k := range keys {
			compared++
			if fmt.Sprint(want[k]) != fmt.Sprint(got[k]) {
				t.Errorf("%s: controller-gen %v, opvet %v", k, want[k], got[k])
			}
		}
	}
	if testing.Verbose() {
		for _, pkg := range pkgs {
			byNode, _ := col.MarkersInPackage(pkg)
			for node, vals := range byNode {
				if _, ok := node.(*ast.File); ok {
					t.Logf("package markers of %s: %v", pkg.PkgPath, vals)
				}
			}
		}
	}
	t.Logf("%d packages, %d nodes with markers compared", len(pkgs), compared)
	if compared == 0 {
		t.Error("nothing compared")
	}
}

func key(pkg *loader.Package, n ast.Node) string {
	return fmt.Sprintf("%s %d %T", pkg.PkgPath, n.Pos(), n)
}
