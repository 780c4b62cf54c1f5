package requeueerror_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/opvet/opvet/analyzers/requeueerror"
	"github.com/opvet/opvet/internal/testroot"
)

// BenchmarkSummaries runs the check on one generated package of growing
// size made of what the package-wide mechanisms look at: a chain of
// zero-on-error helpers (each calls the previous one), a package-level
// Result, a step-result struct and its accessor per block, and a
// reconciler per block that uses them. ns/line should stay flat: each
// summary is computed once, and the package's stores are indexed once.
//
//	go test ./analyzers/requeueerror -run '^$' -bench Summaries
func BenchmarkSummaries(b *testing.B) {
	for _, blocks := range []int{50, 250, 1000} {
		src, lines := generateSummaries(blocks)
		pkgs := testroot.Load(b, "summaries", src)
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			cpu := processCPU()
			for b.Loop() {
				if _, err := checker.Analyze([]*analysis.Analyzer{requeueerror.Analyzer}, pkgs, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
			if cpu >= 0 {
				b.ReportMetric(float64(processCPU()-cpu)/float64(b.N)/float64(lines), "cpu-ns/line")
			}
		})
	}
}

// TestSummariesLoad keeps the generator honest: the generated package
// must type-check, or the benchmark would measure nothing.
func TestSummariesLoad(t *testing.T) {
	src, _ := generateSummaries(3)
	testroot.Load(t, "summaries", src)
}

func generateSummaries(blocks int) (string, int) {
	var b strings.Builder
	b.WriteString(`package summaries

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type R struct{ client.Client }

func (r *R) delay0(ctx context.Context, pod *corev1.Pod) (time.Duration, error) {
	if err := r.Update(ctx, pod); err != nil {
		return 0, err
	}
	return time.Second, nil
}
`)
	for i := 1; i <= blocks; i++ {
		fmt.Fprintf(&b, `
var requeue%[1]d = reconcile.Result{RequeueAfter: %[1]d * time.Second}

type step%[1]d struct {
	result reconcile.Result
	errs   []error
}

func (s step%[1]d) Result() (reconcile.Result, error) { return s.result, errors.Join(s.errs...) }

func (r *R) delay%[1]d(ctx context.Context, pod *corev1.Pod) (time.Duration, error) {
	d, err := r.delay%[2]d(ctx, pod)
	if err != nil {
		return 0, err
	}
	if pod.Labels["wait-%[1]d"] == "" {
		return d, nil
	}
	return 2 * d, nil
}

func (r *R) reconcile%[1]d(ctx context.Context, pod *corev1.Pod) (reconcile.Result, error) {
	d, err := r.delay%[1]d(ctx, pod)
	if d > 0 {
		return reconcile.Result{RequeueAfter: d}, err
	}
	if err := r.Status().Update(ctx, pod); err != nil {
		return requeue%[1]d, err
	}
	s := step%[1]d{result: reconcile.Result{RequeueAfter: d}}
	return s.Result()
}
`, i, i-1)
	}
	src := b.String()
	return src, strings.Count(src, "\n")
}
