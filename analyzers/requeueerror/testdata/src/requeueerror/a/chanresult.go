package a

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

// A Result and its error carried in one struct through a channel
// (trivy-operator's ScanJobResult, sent by a worker goroutine and
// returned by Reconcile): the pair was decided where the struct was
// filled.

type jobResult struct {
	Result ctrl.Result
	Error  error
}

type jobReconciler struct {
	requests chan string
	results  chan jobResult
}

// Every literal sent sets a requeue or an error, never both: quiet.
func (r *jobReconciler) work(ctx context.Context) {
	for name := range r.requests {
		if err := submit(ctx, name); err != nil {
			r.results <- jobResult{Result: ctrl.Result{}, Error: err}
			continue
		}
		if limited(name) {
			r.results <- jobResult{Result: ctrl.Result{RequeueAfter: time.Minute}, Error: nil}
			continue
		}
		r.results <- jobResult{Error: submit(ctx, name)}
	}
}

func (r *jobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.requests <- req.Name
	res := <-r.results
	return res.Result, res.Error
}

// One literal packs a requeue with an error: reported.
type mixedResult struct {
	Result ctrl.Result
	Error  error
}

type mixedReconciler struct {
	results chan mixedResult
}

func (r *mixedReconciler) work(ctx context.Context, name string) {
	err := submit(ctx, name)
	r.results <- mixedResult{Result: ctrl.Result{RequeueAfter: time.Minute}, Error: err}
}

func (r *mixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	res := <-r.results
	return res.Result, res.Error // want `res.Result, which may request a requeue`
}

func submit(ctx context.Context, name string) error { return nil }

func limited(name string) bool { return false }
