// Package nearmiss uses names that the upgrade breaks elsewhere, from its
// own packages, and controller-runtime APIs that do not change.
package nearmiss

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"

	v1 "example.com/oldcr/upgrade/api/v1"
	"example.com/oldcr/upgrade/nearmiss/source"
)

// Settings builds the package's own options.
func Settings() source.Options {
	k := source.Kind{Type: "ConfigMap"}
	return source.Options{MetricsBindAddress: ":8080", Namespace: k.Type}
}

// Reconciler has nothing that changes.
type Reconciler struct {
	client.Client
}

// Reconcile reads a Widget.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w v1.Widget
	return ctrl.Result{}, client.IgnoreNotFound(r.Get(ctx, req.NamespacedName, &w))
}

// SetupWithManager uses builder methods that keep their signatures.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).Named("nearmiss-widget").For(&v1.Widget{}).Complete(r)
}

// NewManager sets options that every release keeps.
func NewManager() (ctrl.Manager, error) {
	return ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{HealthProbeBindAddress: ":8081", LeaderElection: true})
}

// NoMapper hands nil as a map function: nil converts to the new
// handler.MapFunc as it did to the old one.
func NoMapper() {
	_ = handler.EnqueueRequestsFromMapFunc(nil)
}
