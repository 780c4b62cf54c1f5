package controller

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	demov1 "example.com/demo-operator/api/v1"
)

// BackupReconciler schedules a nightly backup of every Widget. It was
// written for Kubernetes 1.20, when batch/v1beta1 was the CronJob API.
type BackupReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=batch,resources=cronjobs,verbs=get;list;watch;create

// Reconcile creates the widget's backup CronJob.
func (r *BackupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	widget := &demov1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, widget); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	backup := &batchv1beta1.CronJob{
		ObjectMeta: metav1.ObjectMeta{Name: widget.Name + "-backup", Namespace: widget.Namespace},
		Spec: batchv1beta1.CronJobSpec{
			Schedule: "0 3 * * *",
			JobTemplate: batchv1beta1.JobTemplateSpec{Spec: batchv1.JobSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
				RestartPolicy: corev1.RestartPolicyOnFailure,
				Containers:    []corev1.Container{{Name: "backup", Image: "example.com/widget-backup:1.0"}},
			}}}},
		},
	}
	if err := ctrl.SetControllerReference(widget, backup, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, backup); err != nil {
		return ctrl.Result{}, client.IgnoreAlreadyExists(err)
	}
	return ctrl.Result{}, nil
}

// SetupWithManager watches widgets and their backup CronJobs.
func (r *BackupReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("backup").
		For(&demov1.Widget{}).
		Owns(&batchv1beta1.CronJob{}).
		Complete(r)
}
