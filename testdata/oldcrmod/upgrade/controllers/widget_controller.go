// Package controllers reconciles Widgets with the controller-runtime v0.14
// idioms that later releases break.
package controllers

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	v1 "example.com/oldcr/upgrade/api/v1"
)

// WidgetReconciler reconciles Widgets.
type WidgetReconciler struct {
	client.Client
}

// Reconcile marks the Widget ready once its Deployment exists.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w v1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err := wait.PollImmediate(time.Second, time.Minute, func() (bool, error) { // want `wait.PollImmediate is deprecated since k8s.io/apimachinery v0.27 \(go.mod has v0.26.1, target v0.33\), so a later release can remove it; use wait.PollUntilContextTimeout`
		var d appsv1.Deployment
		return r.Get(ctx, req.NamespacedName, &d) == nil, nil
	})
	if err != nil {
		return ctrl.Result{}, err
	}
	var d appsv1.Deployment
	if err := controllerutil.SetControllerReference(&w, &d, r.Scheme()); err != nil { // v0.18 adds a variadic parameter: the call compiles
		return ctrl.Result{}, err
	}
	w.Status.Ready = true
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// SetupWithManager watches Widgets, their Deployments, and the ConfigMaps
// and Secrets they name.
func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.Widget{}).
		Owns(&appsv1.Deployment{}).
		Watches(&source.Kind{Type: &corev1.ConfigMap{}}, handler.EnqueueRequestsFromMapFunc(r.configMapWidgets)).                    // want `builder.Builder.Watches changed its signature in controller-runtime v0.15 to func\(client.Object, handler.EventHandler, ...WatchesOption\) \*Builder .*pass the object itself` `source.Kind changed its definition in controller-runtime v0.15 to func\(cache cache.Cache, object client.Object\) SyncingSource` `r.configMapWidgets is a handler.MapFunc, which changed its definition in controller-runtime v0.15`
		Watches(&source.Kind{Type: &corev1.Secret{}}, handler.EnqueueRequestsFromMapFunc(func(o client.Object) []reconcile.Request { // want `builder.Builder.Watches changed its signature` `source.Kind changed` `this function is a handler.MapFunc, which changed its definition in controller-runtime v0.15 to func\(context.Context, client.Object\) \[\]reconcile.Request .*take a context first`
			return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: o.GetNamespace(), Name: o.GetName()}}}
		})).
		Complete(r)
}

func (r *WidgetReconciler) configMapWidgets(o client.Object) []reconcile.Request {
	return nil
}

// WidgetStatusReconciler is a second controller of Widgets.
type WidgetStatusReconciler struct {
	client.Client
}

// Reconcile does nothing.
func (r *WidgetStatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

// SetupWithManager registers a second controller of Widgets without a name.
func (r *WidgetStatusReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.Widget{}).                                                                                                               // want `another controller of this package is named "widget": from controller-runtime v0.19 .*must be unique.*Named`
		Watches(&source.Kind{Type: &appsv1.Deployment{}}, &handler.EnqueueRequestForOwner{OwnerType: &v1.Widget{}, IsController: true}). // want `builder.Builder.Watches changed its signature` `source.Kind changed` `handler.EnqueueRequestForOwner changed its definition in controller-runtime v0.15 .*call handler.EnqueueRequestForOwner\(mgr.GetScheme\(\)`
		Watches(&source.Kind{Type: &corev1.Pod{}}, &podEvents{}).                                                                        // want `builder.Builder.Watches changed its signature` `source.Kind changed`
		Complete(r)
}

// podEvents is an event handler of the v0.14 shape.
type podEvents struct{}

func (*podEvents) Create(event.CreateEvent, workqueue.RateLimitingInterface) {} // want `podEvents.Create implements handler.EventHandler.Create, which changed its signature in controller-runtime v0.15 to func\(context.Context, event.CreateEvent, workqueue.RateLimitingInterface\)` `workqueue.RateLimitingInterface is deprecated since k8s.io/client-go v0.31 \(go.mod has v0.26.1, target v0.33\), so a later release can remove it; Use TypedRateLimitingInterface instead`

func (*podEvents) Update(event.UpdateEvent, workqueue.RateLimitingInterface) {} // want `podEvents.Update implements handler.EventHandler.Update` `workqueue.RateLimitingInterface is deprecated since k8s.io/client-go v0.31 \(go.mod has v0.26.1, target v0.33\), so a later release can remove it; Use TypedRateLimitingInterface instead`

func (*podEvents) Delete(event.DeleteEvent, workqueue.RateLimitingInterface) {} // want `podEvents.Delete implements handler.EventHandler.Delete` `workqueue.RateLimitingInterface is deprecated since k8s.io/client-go v0.31 \(go.mod has v0.26.1, target v0.33\), so a later release can remove it; Use TypedRateLimitingInterface instead`

func (*podEvents) Generic(event.GenericEvent, workqueue.RateLimitingInterface) {} // want `podEvents.Generic implements handler.EventHandler.Generic` `workqueue.RateLimitingInterface is deprecated since k8s.io/client-go v0.31 \(go.mod has v0.26.1, target v0.33\), so a later release can remove it; Use TypedRateLimitingInterface instead`

// auditClient wraps the client; it embeds client.Client, so it gains the
// methods client.Client gains.
type auditClient struct {
	client.Client
}

// NewAuditClient is a near miss: auditClient keeps implementing client.Client.
func NewAuditClient(c client.Client) client.Client {
	return &auditClient{Client: c}
}
