package controller

import (
	"context"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	demov1 "example.com/demo-operator/api/v1"
)

// gadgetRetry is how long a Gadget waits for its Widget.
const gadgetRetry = 30 * time.Second

// GadgetReconciler keeps each Gadget in line with the Widget it belongs to.
type GadgetReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=demo.example.com,resources=gadgets,verbs=get;list;watch;update;patch

// Reconcile copies the owning Widget's size into the Gadget.
func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	gadget := &demov1.Gadget{}
	if err := r.Get(ctx, req.NamespacedName, gadget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	widget, err := r.owner(ctx, gadget)
	if err != nil {
		// The Widget may not exist yet: look again in half a minute.
		log.Info("waiting for the gadget's widget", "widget", gadget.Spec.Widget)
		return ctrl.Result{RequeueAfter: gadgetRetry}, err
	}

	if gadget.Spec.Replicas == widget.Spec.Size {
		return ctrl.Result{}, nil
	}
	patch := client.MergeFrom(gadget.DeepCopy())
	gadget.Spec.Replicas = widget.Spec.Size
	return ctrl.Result{}, r.Patch(ctx, gadget, patch)
}

// owner returns the Widget that gadget belongs to.
func (r *GadgetReconciler) owner(ctx context.Context, gadget *demov1.Gadget) (*demov1.Widget, error) {
	logf.FromContext(ctx).V(1).Info("looking up the owner", "gadget", gadget.Name)
	widget := &demov1.Widget{}
	key := types.NamespacedName{Namespace: gadget.Namespace, Name: gadget.Spec.Widget}
	if err := r.Get(context.TODO(), key, widget); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, fmt.Errorf("widget %s not found", key)
		}
		return nil, err
	}
	return widget, nil
}

// SetupWithManager sets up the controller with the Manager.
func (r *GadgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&demov1.Gadget{}).
		Named("gadget").
		Complete(r)
}
