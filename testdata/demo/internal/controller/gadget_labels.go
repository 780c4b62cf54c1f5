package controller

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	demov1 "example.com/demo-operator/api/v1"
)

// GadgetLabelReconciler labels each Gadget with the Widget it belongs to,
// so that `kubectl get gadgets -l demo.example.com/widget=NAME` finds them.
type GadgetLabelReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=demo.example.com,resources=gadgets,verbs=get;list;watch;update

// Reconcile labels the Gadgets of the Widget named by req.
func (r *GadgetLabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// A namespace holds thousands of Gadgets and this runs on every
	// Widget event: list them from the cache without copying each one.
	var gadgets demov1.GadgetList
	if err := r.List(ctx, &gadgets, client.InNamespace(req.Namespace), client.UnsafeDisableDeepCopy); err != nil {
		return ctrl.Result{}, err
	}
	for i := range gadgets.Items {
		gadget := &gadgets.Items[i]
		if gadget.Spec.Widget != req.Name || gadget.Labels[widgetLabel] == req.Name {
			continue
		}
		if gadget.Labels == nil {
			gadget.Labels = map[string]string{}
		}
		gadget.Labels[widgetLabel] = req.Name
		if err := r.Update(ctx, gadget); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
