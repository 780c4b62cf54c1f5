package v1

import (
	"errors"

	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
)

// SetupWebhookWithManager registers the webhooks the way kubebuilder
// scaffolded them before controller-runtime v0.20.
func (w *Widget) SetupWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr).For(w).Complete() // want `Widget implements the Defaulter and Validator interfaces this webhook builder relies on: from controller-runtime v0.20 .*registers no webhook.*WithDefaulter or WithValidator \(https://github.com/kubernetes-sigs/controller-runtime/pull/2877\)`
}

var _ webhook.Defaulter = &Widget{} // want `webhook.Defaulter was removed in controller-runtime v0.20 \(go.mod has v0.14.6, target v0.21\), so this does not compile at the target; implement admission.CustomDefaulter`

// Default sets the size.
func (w *Widget) Default() { // want `Default implements the Defaulter interface a webhook builder of this package relies on: from controller-runtime v0.20`
	if w.Spec.Size == 0 {
		w.Spec.Size = 1
	}
}

var _ webhook.Validator = &Widget{} // want `webhook.Validator was removed in controller-runtime v0.20`

// ValidateCreate rejects negative sizes.
func (w *Widget) ValidateCreate() error { return w.validate() } // want `ValidateCreate implements the Validator interface`

// ValidateUpdate rejects negative sizes.
func (w *Widget) ValidateUpdate(runtime.Object) error { return w.validate() } // want `ValidateUpdate implements the Validator interface`

// ValidateDelete accepts every deletion.
func (w *Widget) ValidateDelete() error { return nil } // want `ValidateDelete implements the Validator interface`

// validate is no method of the interfaces.
func (w *Widget) validate() error {
	if w.Spec.Size < 0 {
		return errors.New("size must not be negative")
	}
	return nil
}
