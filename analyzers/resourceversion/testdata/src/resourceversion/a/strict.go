package a

import (
	"context"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The few built-in kinds whose API server strategy requires a
// resourceVersion reject the update, as custom resources do; they are
// reported with -resourceversion.builtin=false too (VictoriaMetrics
// operator: a PodDisruptionBudget rebuilt and updated failed every
// reconcile).

func (r *Reconciler) freshPDB(ctx context.Context, ns string) error {
	pdb := &policyv1.PodDisruptionBudget{ObjectMeta: metav1.ObjectMeta{Name: "pdb", Namespace: ns}}
	return r.Update(ctx, pdb) // want `pdb is built fresh and never read from the API server, so Update sends it without a resourceVersion and the API server rejects it \("metadata.resourceVersion: Invalid value: 0x0: must be specified for an update"\): unlike most built-in kinds, PodDisruptionBudget takes no update without one: Get the current object`
}

func (r *Reconciler) freshWebhookConfig(ctx context.Context) error {
	cfg := &admissionv1.ValidatingWebhookConfiguration{ObjectMeta: metav1.ObjectMeta{Name: "hooks"}}
	return r.Update(ctx, cfg) // want `the API server rejects it .*: unlike most built-in kinds, ValidatingWebhookConfiguration takes no update without one`
}

// Near miss: the current PodDisruptionBudget is read first.
func (r *Reconciler) readPDB(ctx context.Context, ns string) error {
	pdb := &policyv1.PodDisruptionBudget{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: ns, Name: "pdb"}, pdb); err != nil {
		return err
	}
	pdb.Labels = map[string]string{"a": "b"}
	return r.Update(ctx, pdb)
}
