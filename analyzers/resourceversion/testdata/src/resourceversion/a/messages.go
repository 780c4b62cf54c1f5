package a

// What the messages say of the kind and of where the resourceVersion is
// given (zalando postgres-operator: Secrets ranged from a map of desired
// objects; a Service given the live resourceVersion inside the helper
// that updates it, for one case only).

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type syncer struct {
	c client.Client
}

func (s *syncer) desiredSecrets() map[string]*corev1.Secret {
	return map[string]*corev1.Secret{
		"app": {ObjectMeta: metav1.ObjectMeta{Name: "app"}},
	}
}

func (s *syncer) updateSecret(ctx context.Context, secret *corev1.Secret) error {
	return s.c.Update(ctx, secret)
}

// The kind is the Secret's, though the object came out of a map.
func (s *syncer) syncSecrets(ctx context.Context) error {
	for _, generated := range s.desiredSecrets() {
		if err := s.updateSecret(ctx, generated); err != nil { // want `generated is built fresh and never read from the API server, so s.updateSecret \(which calls Update\) sends it without a resourceVersion and it silently overwrites concurrent changes to the Secret: `
			return err
		}
	}
	return nil
}

func (s *syncer) updateService(ctx context.Context, old, desired *corev1.Service) error {
	if desired.Spec.ClusterIP == "" {
		desired.ResourceVersion = old.ResourceVersion
	}
	return s.c.Update(ctx, desired) // want `desired is given a resourceVersion on some paths only \(the assignment to desired.ResourceVersion at messages.go:\d+\), and on the others Update sends it without one, so the update silently overwrites concurrent changes to the Service \(API servers before Kubernetes 1.23 reject it: "must be specified for an update"\): set the resourceVersion on every path to the Update`
}

// A condition on the current object decides in the helper: quiet.
func (s *syncer) updateServiceOfType(ctx context.Context, old, desired *corev1.Service) error {
	if old.Spec.ClusterIP != desired.Spec.ClusterIP {
		desired.ResourceVersion = old.ResourceVersion
	}
	if err := s.c.Update(ctx, desired); err != nil {
		return err
	}
	return nil
}

// The helper's paths are judged in the helper, not again at each call.
func (s *syncer) syncService(ctx context.Context) error {
	current := &corev1.Service{}
	if err := s.c.Get(ctx, client.ObjectKey{Name: "app"}, current); err != nil {
		return err
	}
	desired := s.generateService()
	if err := s.updateService(ctx, current, desired); err != nil {
		return err
	}
	return s.updateServiceOfType(ctx, current, desired)
}

func (s *syncer) generateService() *corev1.Service {
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: "app"}}
}
