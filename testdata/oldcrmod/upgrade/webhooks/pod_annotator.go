// Package webhooks has a raw admission handler that received its decoder
// by injection before controller-runtime v0.15.
package webhooks

import (
	"context"
	"net/http"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

// PodAnnotator annotates Pods.
type PodAnnotator struct {
	decoder *admission.Decoder // want `admission.Decoder changed its definition in controller-runtime v0.18 to interface\{Decode\(req Request, into runtime.Object\) error; DecodeRaw\(rawObj runtime.RawExtension, into runtime.Object\) error\} \(go.mod has v0.14.6, target v0.21\), so this does not compile at the target; hold an admission.Decoder, an interface now`
}

// Handle decodes the Pod.
func (a *PodAnnotator) Handle(ctx context.Context, req admission.Request) admission.Response {
	pod := &corev1.Pod{}
	if err := a.decoder.Decode(req, pod); err != nil {
		return admission.Errored(http.StatusBadRequest, err)
	}
	return admission.Allowed("")
}

// NewPodAnnotator builds the handler with its decoder.
func NewPodAnnotator(scheme *runtime.Scheme) (*PodAnnotator, error) {
	dec, err := admission.NewDecoder(scheme) // want `admission.NewDecoder changed its signature in controller-runtime v0.15 to func\(\*runtime.Scheme\) \*Decoder`
	return &PodAnnotator{decoder: dec}, err
}

// InjectDecoder was called by the webhook server before v0.15.
func (a *PodAnnotator) InjectDecoder(d *admission.Decoder) error { // want `InjectDecoder is never called: from controller-runtime v0.15 .*stays nil.*admission.NewDecoder\(mgr.GetScheme\(\)\)` `admission.Decoder changed its definition`
	a.decoder = d
	return nil
}
