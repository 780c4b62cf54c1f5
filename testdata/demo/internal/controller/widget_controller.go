// Package controller holds the demo operator's reconcilers.
package controller

import (
	"context"
	"fmt"
	"runtime"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	demov1 "example.com/demo-operator/api/v1"
)

// widgetFinalizer guards the widget's external resources.
const widgetFinalizer = "demo.example.com/cleanup"

// WidgetReconciler reconciles a Widget object.
type WidgetReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=demo.example.com,resources=widgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=demo.example.com,resources=widgets/status,verbs=get;update;patch
// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list;watch;create;update;patch

// Reconcile moves a Widget towards its desired state.
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	widget := &demov1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, widget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Release the widget's external resources when the object goes away.
	runtime.SetFinalizer(widget, func(w *demov1.Widget) {
		log.Info("releasing widget", "name", w.Name)
	})

	if !controllerutil.ContainsFinalizer(widget, widgetFinalizer) {
		controllerutil.AddFinalizer(widget, widgetFinalizer)
		if err := r.Update(ctx, widget); err != nil {
			return ctrl.Result{}, err
		}
	}

	if err := r.ensureConfigMap(ctx, widget); err != nil {
		return ctrl.Result{}, err
	}

	if err := r.defaultSize(ctx, widget); err != nil {
		return ctrl.Result{}, err
	}

	widget.Status.Ready = true
	widget.Status.ObservedGeneration = widget.Generation
	meta.SetStatusCondition(&widget.Status.Conditions, metav1.Condition{
		Type:    "Ready",
		Status:  metav1.ConditionTrue,
		Reason:  "ConfigMapReady",
		Message: "the widget's ConfigMap is up to date",
	})
	if err := r.Update(ctx, widget); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ensureConfigMap renders the widget's message into its ConfigMap.
func (r *WidgetReconciler) ensureConfigMap(ctx context.Context, widget *demov1.Widget) error {
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{
			Name:      widget.Name + "-config",
			Namespace: widget.Namespace,
		},
		Data: map[string]string{"message": widget.Spec.Message},
	}
	if err := controllerutil.SetControllerReference(widget, cm, r.Scheme()); err != nil {
		return err
	}
	err := r.Update(ctx, cm)
	if apierrors.IsNotFound(err) {
		return r.Create(ctx, cm)
	}
	if err != nil {
		return fmt.Errorf("updating ConfigMap %s: %w", cm.Name, err)
	}
	return nil
}

// defaultSize gives a widget without a size the default of one replica.
func (r *WidgetReconciler) defaultSize(ctx context.Context, widget *demov1.Widget) error {
	if widget.Spec.Size != 0 {
		return nil
	}
	patch := client.MergeFrom(widget)
	widget.Spec.Size = 1
	return r.Patch(ctx, widget, patch)
}

// SetupWithManager sets up the controller with the Manager.
func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&demov1.Widget{}).
		Owns(&corev1.ConfigMap{}).
		Named("widget").
		Complete(r)
}
