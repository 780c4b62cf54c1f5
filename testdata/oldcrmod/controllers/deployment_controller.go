// Package controllers is a reconciler written against controller-runtime
// v0.14, before client.SubResourceWriter replaced client.StatusWriter.
package controllers

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// DeploymentReconciler keeps a Deployment's annotations and status in line.
type DeploymentReconciler struct {
	client.Client
}

// Reconcile labels the Deployment and records its observed generation.
func (r *DeploymentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Good: spec and metadata through Update, status through Status().Update.
	if dep.Annotations == nil {
		dep.Annotations = map[string]string{}
	}
	dep.Annotations["oldcr.example.com/seen"] = "true"
	if err := r.Update(ctx, &dep); err != nil {
		return ctrl.Result{}, err
	}
	dep.Status.ObservedGeneration = dep.Generation
	if err := r.Status().Update(ctx, &dep); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: a status field written with plain Update is dropped by the API
	// server, since Deployments have the status subresource.
	dep.Status.CollisionCount = nil
	if err := r.Update(ctx, &dep); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: a spec field written with Status().Update is dropped too.
	replicas := int32(1)
	dep.Spec.Replicas = &replicas
	if err := r.Status().Update(ctx, &dep); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: a ConfigMap built here has no resourceVersion, so Update fails.
	cm := &corev1.ConfigMap{}
	cm.Name = dep.Name
	cm.Namespace = dep.Namespace
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}

	// Bad: the patch base aliases the object, so the patch is empty.
	base := client.MergeFrom(&dep)
	dep.Labels = map[string]string{"app": dep.Name}
	if err := r.Patch(ctx, &dep, base); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
