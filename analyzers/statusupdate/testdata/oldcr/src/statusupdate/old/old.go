// Package old exercises statusupdate with controller-runtime before v0.15,
// whose Status() returns client.StatusWriter. Its CRD type is declared in
// this package.
package old

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Backup is a CRD with the status subresource.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Backup struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              BackupSpec   `json:"spec,omitempty"`
	Status            BackupStatus `json:"status,omitempty"`
}

type BackupSpec struct {
	Schedule string `json:"schedule"`
}

type BackupStatus struct {
	LastRun string `json:"lastRun,omitempty"`
}

func (in *Backup) DeepCopy() *Backup              { out := *in; return &out }
func (in *Backup) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type Reconciler struct {
	client.Client
}

func (r *Reconciler) statusWithUpdate(ctx context.Context, key types.NamespacedName) error {
	b := &Backup{}
	if err := r.Get(ctx, key, b); err != nil {
		return err
	}
	b.Status.LastRun = "now"
	return r.Update(ctx, b) // want `b.Status.LastRun is written but b is sent only with Update, .*Backup has the status subresource: write status with Status\(\).Update`
}

func (r *Reconciler) specWithStatusWriter(ctx context.Context, key types.NamespacedName) error {
	b := &Backup{}
	if err := r.Get(ctx, key, b); err != nil {
		return err
	}
	b.Spec.Schedule = "@daily"
	return r.Status().Update(ctx, b) // want `b.Spec.Schedule is written but b is sent only with Status\(\).Update`
}

func (r *Reconciler) heldStatusWriter(ctx context.Context, key types.NamespacedName) error {
	b := &Backup{}
	if err := r.Get(ctx, key, b); err != nil {
		return err
	}
	b.Status.LastRun = "now"
	sw := r.Status()
	return sw.Update(ctx, b) // a StatusWriter always writes status: fine
}

func (r *Reconciler) both(ctx context.Context, key types.NamespacedName) error {
	b := &Backup{}
	if err := r.Get(ctx, key, b); err != nil {
		return err
	}
	b.Spec.Schedule = "@daily"
	b.Status.LastRun = ""
	if err := r.Update(ctx, b); err != nil { // want `b.Status.LastRun is written before b is sent with Update`
		return err
	}
	return r.Status().Update(ctx, b)
}

func (r *Reconciler) secretStatus(ctx context.Context, s *corev1.Secret) error {
	// Old StatusWriter takes UpdateOption, like Writer: the fix keeps the options.
	return r.Status().Update(ctx, s, nil) // want `Status\(\).Update of Secret fails with 404`
}
