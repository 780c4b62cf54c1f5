package statusupdate_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/opvet/opvet/analyzers/resourceversion"
	"github.com/opvet/opvet/analyzers/statusupdate"
	"github.com/opvet/opvet/internal/testroot"
)

// BenchmarkLargeReconciler runs statusupdate and resourceversion on one
// generated function of 1,250, 2,500 and 5,000 lines whose blocks each
// hold a fetched object, a fresh object and a constructor call: ns/line
// stays flat when the analysis is linear in the function's size.
//
//	go test ./analyzers/statusupdate -run '^$' -bench LargeReconciler
func BenchmarkLargeReconciler(b *testing.B) {
	for _, lines := range []int{1250, 2500, 5000} {
		pkgs := loadReconciler(b, lines)
		for _, a := range []*analysis.Analyzer{statusupdate.Analyzer, resourceversion.Analyzer} {
			b.Run(fmt.Sprintf("%s/lines=%d", a.Name, lines), func(b *testing.B) {
				for b.Loop() {
					if _, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
			})
		}
	}
}

// TestLargeReconcilerFindings checks that the generated function is
// analysed as intended: per block, one status dropped by Update, one spec
// change dropped by Status().Update and one fresh object updated.
func TestLargeReconcilerFindings(t *testing.T) {
	const lines = 400
	pkgs := loadReconciler(t, lines)
	graph, err := checker.Analyze([]*analysis.Analyzer{statusupdate.Analyzer, resourceversion.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for act := range graph.All() {
		if act.IsRoot {
			got[act.Analyzer.Name] += len(act.Diagnostics)
		}
	}
	blocks := lines / blockLines
	if got["statusupdate"] != 2*blocks || got["resourceversion"] != blocks {
		t.Errorf("findings = %v, want statusupdate %d and resourceversion %d", got, 2*blocks, blocks)
	}
}

// blockLines is the size of one generated block.
const blockLines = 25

func loadReconciler(tb testing.TB, lines int) []*packages.Package {
	tb.Helper()
	return testroot.Load(tb, "big", generate(lines))
}

// generate writes one reconcile function of about lines lines.
func generate(lines int) string {
	var b strings.Builder
	b.WriteString(`package big

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	v1 "example.com/operator/api/v1"
)

type R struct{ client.Client }

func newWidget(name string) *v1.Widget {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: name}}
	return w
}

func (r *R) Reconcile(ctx context.Context, key client.ObjectKey) error {
`)
	for i := 0; i < lines/blockLines; i++ {
		fmt.Fprintf(&b, `	a%[1]d := &v1.Widget{}
	if err := r.Get(ctx, key, a%[1]d); err != nil {
		return err
	}
	a%[1]d.Status.Phase = "Ready"
	if a%[1]d.Spec.Size > %[1]d {
		a%[1]d.Status.Ready = true
	}
	if err := r.Update(ctx, a%[1]d); err != nil {
		return err
	}
	b%[1]d := &v1.Widget{}
	if err := r.Get(ctx, key, b%[1]d); err != nil {
		return err
	}
	controllerutil.AddFinalizer(b%[1]d, "example.com/f")
	if err := r.Status().Update(ctx, b%[1]d); err != nil {
		return err
	}
	c%[1]d := newWidget("c")
	c%[1]d.Spec.Size = %[1]d
	if err := r.Update(ctx, c%[1]d); err != nil {
		return err
	}
	_ = a%[1]d.GetName() + b%[1]d.GetName()
`, i)
	}
	b.WriteString("\treturn nil\n}\n")
	return b.String()
}
