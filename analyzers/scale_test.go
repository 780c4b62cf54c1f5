package analyzers_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/testroot"
)

// BenchmarkScale runs each check on one generated reconciler of growing
// size. ns/line should stay flat as lines grow: every check is linear in
// function size.
//
//	go test ./analyzers -run '^$' -bench Scale
func BenchmarkScale(b *testing.B) {
	for _, lines := range []int{1000, 5000, 20000} {
		pkgs := loadGenerated(b, lines)
		for _, c := range analyzers.Checks() {
			if !c.Enabled() {
				continue
			}
			b.Run(fmt.Sprintf("%s/lines=%d", c.Name(), lines), func(b *testing.B) {
				cpu := processCPU()
				for b.Loop() {
					if _, err := checker.Analyze([]*analysis.Analyzer{c.Analyzer()}, pkgs, nil); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
				if cpu >= 0 {
					// CPU time, unlike wall time, does not grow when other
					// processes share the machine.
					b.ReportMetric(float64(processCPU()-cpu)/float64(b.N)/float64(lines), "cpu-ns/line")
				}
			})
		}
	}
}

// TestGeneratedReconcilerLoads keeps the generator honest: the generated
// code must type-check against the shared stubs, or the benchmark would
// measure nothing.
func TestGeneratedReconcilerLoads(t *testing.T) {
	loadGenerated(t, 200)
}

func loadGenerated(tb testing.TB, lines int) []*packages.Package {
	tb.Helper()
	return testroot.Load(tb, "scale", generate(lines))
}

// generate writes a reconciler whose body has about n lines, made of
// blocks that exercise every check: Get, label and status writes,
// MergeFrom and Patch, Update and Status().Update, finalizers, an
// unstructured List whose apiVersion is set in the function, lister reads
// and their copies (cachemutation's flow), a requeue returned where the
// error is nil (requeueerror's flow), and API calls judged for their
// context (a deferred cleanup with context.Background() makes
// reconcilecontext look at the whole function).
func generate(n int) string {
	var b strings.Builder
	b.WriteString(`package scale

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	corelisters "k8s.io/client-go/listers/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const finalizer = "example.com/cleanup"

type Reconciler struct {
	client.Client
	pods corelisters.PodLister
}

func (r *Reconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if !pod.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(pod, finalizer)
		return reconcile.Result{}, r.Update(ctx, pod)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = r.Get(cctx, req.NamespacedName, &corev1.Pod{})
	}()
	var err error
`)
	const blockLines = 43 // the lines of the block below
	for i := 0; i < n/blockLines; i++ {
		fmt.Fprintf(&b, `	base%[1]d := pod.DeepCopy()
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	pod.Labels["step-%[1]d"] = "done"
	if err := r.Patch(ctx, pod, client.MergeFrom(base%[1]d)); err != nil {
		return reconcile.Result{}, err
	}
	pod.Status.Message = "step %[1]d"
	meta.SetStatusCondition(&[]metav1.Condition{}, metav1.Condition{Type: "Step%[1]d"})
	if err := r.Status().Update(ctx, pod); err != nil {
		return reconcile.Result{}, err
	}
	if controllerutil.AddFinalizer(pod, finalizer) {
		if err := r.Update(ctx, pod); err != nil {
			return reconcile.Result{}, err
		}
	}
	cached%[1]d, _ := r.pods.Pods(pod.Namespace).Get("p%[1]d")
	cached%[1]d = cached%[1]d.DeepCopy()
	cached%[1]d.Labels["step-%[1]d"] = "seen"
	cm%[1]d := &corev1.ConfigMap{}
	cm%[1]d.Name = "cm-%[1]d"
	if err := r.Create(ctx, cm%[1]d); err != nil {
		return reconcile.Result{}, err
	}
	jobs%[1]d := &unstructured.UnstructuredList{}
	jobs%[1]d.SetAPIVersion("batch/v1")
	jobs%[1]d.SetKind("JobList")
	if err := r.List(ctx, jobs%[1]d); err != nil {
		return reconcile.Result{}, err
	}
	res%[1]d := reconcile.Result{}
	if pod.Annotations["wait-%[1]d"] != "" {
		res%[1]d.RequeueAfter = time.Second
	}
	err = r.Get(ctx, req.NamespacedName, pod)
	if err != nil {
		return reconcile.Result{}, err
	}
	if !res%[1]d.IsZero() {
		return res%[1]d, err
	}
`, i)
	}
	b.WriteString("\treturn reconcile.Result{RequeueAfter: time.Minute}, err\n}\n")
	return b.String()
}
