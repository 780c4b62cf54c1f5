package mergefrom_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/opvet/opvet/analyzers/mergefrom"
	"github.com/opvet/opvet/internal/objflow"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/internal/testroot"
	objflowpass "github.com/opvet/opvet/passes/objflow"
)

// BenchmarkLargeFunction runs the check on generated reconcilers of 1,250,
// 2,500 and 5,000 lines in one function; ns/line and allocs/line stay flat
// when the walk is linear in the function's size (allocs/line is the
// steadier measure on a loaded machine).
func BenchmarkLargeFunction(b *testing.B) {
	for _, lines := range []int{1250, 2500, 5000} {
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			pass, n := loadGenerated(b, lines)
			b.ReportAllocs()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			for b.Loop() {
				if err := runOnce(pass); err != nil {
					b.Fatal(err)
				}
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/line")
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(b.N)/float64(n), "allocs/line")
		})
	}
}

// TestLargeFunctionFindings checks that the generated reconciler is
// analysed as intended: one finding per buggy block.
func TestLargeFunctionFindings(t *testing.T) {
	pass, _ := loadGenerated(t, 600)
	var got int
	pass.Report = func(analysis.Diagnostic) { got++ }
	if err := runOnce(pass); err != nil {
		t.Fatal(err)
	}
	if want := 600 / blockLines / 2; got != want {
		t.Errorf("got %d findings on the generated reconciler, want %d", got, want)
	}
}

// runOnce runs the check with a new object flow (the helper pass the
// check requires), so that each run pays for the flow analysis too.
func runOnce(pass *analysis.Pass) error {
	pass.ResultOf[objflowpass.Analyzer] = objflow.New(pass.Fset, pass.Pkg, pass.TypesInfo, pass.Files,
		pass.ResultOf[inspect.Analyzer].(*inspector.Inspector), nil)
	_, err := mergefrom.Analyzer.Run(pass)
	return err
}

// blockLines is the size of one generated block.
const blockLines = 30

// generate writes a reconciler whose one function has about lines lines:
// blocks with branches, loops, switches and patches, every other one with
// an aliased base.
func generate(lines int) (string, int) {
	var sb strings.Builder
	sb.WriteString(`package big

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func Reconcile(ctx context.Context, c client.Client, pod *corev1.Pod, pods []corev1.Pod, n int) error {
	keep := client.MergeFrom(pod.DeepCopy())
`)
	n := 0
	for i := 0; n+blockLines <= lines; i++ {
		base := "pod.DeepCopy()"
		if i%2 == 1 {
			base = "pod"
		}
		fmt.Fprintf(&sb, `	{
		patch := client.MergeFrom(%s)
		if n > %d {
			pod.Labels["k%d"] = "v"
		} else if n < 0 {
			controllerutil.AddFinalizer(pod, "example.com/f%d")
		}
		for j := range pods {
			if pods[j].Name == "" {
				continue
			}
			p := client.MergeFrom(pods[j].DeepCopy())
			pods[j].Spec.NodeName = "node"
			if err := c.Patch(ctx, &pods[j], p); err != nil {
				return err
			}
		}
		switch n %% 3 {
		case 0:
			pod.Spec.NodeName = "a"
		case 1:
			pod.Annotations = nil
		default:
		}
		if err := c.Patch(ctx, pod, patch); err != nil {
			return err
		}
		_ = keep
	}
`, base, i, i, i)
		n += blockLines
	}
	sb.WriteString("\treturn c.Patch(ctx, pod, keep)\n}\n")
	return sb.String(), n
}

func loadGenerated(tb testing.TB, lines int) (*analysis.Pass, int) {
	tb.Helper()
	src, n := generate(lines)
	pkgs := testroot.Load(tb, "big", src)
	pkg := pkgs[0]
	pass := &analysis.Pass{
		Analyzer:   mergefrom.Analyzer,
		Fset:       pkg.Fset,
		Files:      pkg.Syntax,
		Pkg:        pkg.Types,
		TypesInfo:  pkg.TypesInfo,
		TypesSizes: pkg.TypesSizes,
		ResultOf:   map[*analysis.Analyzer]any{},
		Report:     func(analysis.Diagnostic) {},
	}
	idx, err := report.Suppressions.Run(pass)
	if err != nil {
		tb.Fatal(err)
	}
	pass.ResultOf[report.Suppressions] = idx
	pass.ResultOf[inspect.Analyzer] = inspector.New(pass.Files) // the floor pays for it
	return pass, n
}
