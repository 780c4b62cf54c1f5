package v1

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// SetupWebhookWithManager registers the Widget's defaulting webhook.
func (w *Widget) SetupWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, w).WithDefaulter(widgetDefaulter{}).Complete()
}

// The marker from the operator's kubebuilder v2 days.
// +kubebuilder:webhook:path=/mutate-demo-example-com-v1-widget,mutating=true,failurePolicy=fail,groups=demo.example.com,resources=widgets,verbs=create;update,versions=v1,name=mwidget.kb.io

// widgetDefaulter gives new widgets one replica.
type widgetDefaulter struct{}

var _ admission.Defaulter[*Widget] = widgetDefaulter{}

// Default sets the widget's size when it has none.
func (widgetDefaulter) Default(ctx context.Context, w *Widget) error {
	if w.Spec.Size == 0 {
		w.Spec.Size = 1
	}
	return nil
}
