// Package controller holds the demo operator's reconcilers.
package controller

import (
	"context"
	"fmt"
	"runtime"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	demov1 "example.com/demo-operator/api/v1"
	"example.com/demo-operator/internal/conditions"
)

// widgetFinalizer guards the widget's external resources.
const widgetFinalizer = "demo.example.com/cleanup"

// widgetLabel marks the children of a widget.
const widgetLabel = "demo.example.com/widget"

// WidgetReconciler reconciles a Widget object.
type WidgetReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=demo.example.com,resources=widgets,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=demo.example.com,resources=widgets/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=demo.example.com,resources=gadgets,verbs=get;list;watch;create;update;patch;delete
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

	if err := r.defaultSize(ctx, widget); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureConfigMap(ctx, widget); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureGadget(ctx, widget); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.markReady(ctx, req.NamespacedName)
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

// ensureConfigMap renders the widget's message into its ConfigMap.
func (r *WidgetReconciler) ensureConfigMap(ctx context.Context, widget *demov1.Widget) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{
		Name:      widget.Name + "-config",
		Namespace: widget.Namespace,
	}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"message": widget.Spec.Message}
		return controllerutil.SetControllerReference(widget, cm, r.Scheme())
	})
	return err
}

// ensureGadget keeps the widget's Gadget in line with its size.
func (r *WidgetReconciler) ensureGadget(ctx context.Context, widget *demov1.Widget) error {
	var gadgets demov1.GadgetList
	if err := r.List(ctx, &gadgets, client.InNamespace(widget.Namespace), client.MatchingLabels{widgetLabel: widget.Name}); err != nil {
		return fmt.Errorf("listing the Gadgets of %s: %w", widget.Name, err)
	}
	if len(gadgets.Items) == 0 {
		return r.Create(ctx, gadgetFor(widget))
	}
	desired := gadgetFor(widget)
	return r.Update(ctx, desired)
}

// gadgetFor returns the Gadget that widget should have.
func gadgetFor(widget *demov1.Widget) *demov1.Gadget {
	return &demov1.Gadget{
		ObjectMeta: metav1.ObjectMeta{
			Name:      widget.Name,
			Namespace: widget.Namespace,
			Labels:    map[string]string{widgetLabel: widget.Name},
		},
		Spec: demov1.GadgetSpec{Widget: widget.Name, Replicas: widget.Spec.Size},
	}
}

// markReady records that the widget's children are in place.
func (r *WidgetReconciler) markReady(ctx context.Context, key types.NamespacedName) error {
	widget := &demov1.Widget{}
	if err := r.Get(ctx, key, widget); err != nil {
		return err
	}
	conditions.MarkReady(widget)
	return r.Update(ctx, widget)
}

// SetupWithManager sets up the controller with the Manager.
func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&demov1.Widget{}).
		Owns(&corev1.ConfigMap{}).
		Owns(&demov1.Gadget{}).
		Named("widget").
		Complete(r)
}
