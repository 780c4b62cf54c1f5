// Package a is an operator built against k8s.io/api v0.29: its go.mod
// makes Kubernetes 1.29 the target.
package a

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	policyv1beta1 "k8s.io/api/policy/v1beta1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cj batchv1beta1.CronJob
	if err := r.Get(ctx, req.NamespacedName, &cj); err != nil { // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this Get fails on 1.29 \(k8s.io/api v0.29.0 in go.mod\) with no matches for kind "CronJob" in version "batch/v1beta1"; use batch/v1`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The current version: quiet.
func (r *Reconciler) current(ctx context.Context, key client.ObjectKey) error {
	var current batchv1.CronJob
	return r.Get(ctx, key, &current)
}

// A function that picks the version the cluster serves: quiet.
func (r *Reconciler) watchCronJobs(b *ctrl.Builder, v1Served bool) *ctrl.Builder {
	if v1Served {
		return b.Owns(&batchv1.CronJob{})
	}
	return b.Owns(&batchv1beta1.CronJob{})
}

// The same with an unstructured object.
func (r *Reconciler) listHPAsAnyVersion(ctx context.Context, v2Served bool) error {
	list := &unstructured.UnstructuredList{}
	if v2Served {
		list.SetAPIVersion("autoscaling/v2")
	} else {
		list.SetAPIVersion("autoscaling/v2beta2")
	}
	list.SetKind("HorizontalPodAutoscalerList")
	return r.List(ctx, list)
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Owns(&batchv1beta1.CronJob{}).                                                     // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this Owns fails on 1.29 .*; use batch/v1`
		Watches(&policyv1beta1.PodDisruptionBudget{}, &handler.EnqueueRequestForObject{}). // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so this Watches fails`
		Complete(r)
}

func (r *Reconciler) rawSource(mgr ctrl.Manager) source.Source {
	h := handler.EnqueueRequestForOwner(mgr.GetScheme(), mgr.GetRESTMapper(), &batchv1.Job{})
	return source.Kind(mgr.GetCache(), client.Object(&policyv1beta1.PodSecurityPolicy{}), h) // want `policy/v1beta1 PodSecurityPolicy was removed in Kubernetes 1.25, so this source.Kind watch fails on 1.29 .* it has no replacement, so remove this use`
}

// The HPA list is unstructured: its apiVersion is what the client asks
// for.
func (r *Reconciler) listHPAs(ctx context.Context) error {
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion("autoscaling/v2beta2")
	list.SetKind("HorizontalPodAutoscalerList")
	return r.List(ctx, list, client.InNamespace("default")) // want `autoscaling/v2beta2 HorizontalPodAutoscaler was removed in Kubernetes 1.26, so this List fails on 1.29 .*; use autoscaling/v2`
}

// crdGVK is the CRD kind the operator checks for at startup.
var crdGVK = schema.GroupVersionKind{Group: "apiextensions.k8s.io", Version: "v1beta1", Kind: "CustomResourceDefinition"}

func (r *Reconciler) crdInstalled(ctx context.Context, name string) bool {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(crdGVK)
	err := r.Get(ctx, client.ObjectKey{Name: name}, u) // want `apiextensions.k8s.io/v1beta1 CustomResourceDefinition was removed in Kubernetes 1.22, so this Get fails on 1.29 .*; use apiextensions.k8s.io/v1`
	return err == nil
}

func (r *Reconciler) pdbFromMap(ctx context.Context) error {
	u := &unstructured.Unstructured{Object: map[string]interface{}{
		"apiVersion": "policy/v1beta1",
		"kind":       "PodDisruptionBudget",
		"metadata":   map[string]interface{}{"name": "x", "namespace": "y"},
	}}
	return r.Create(ctx, u) // want `policy/v1beta1 PodDisruptionBudget was removed in Kubernetes 1.25, so this Create fails`
}

// Near misses.

// convert only converts in memory: nothing reaches the server.
func convert(in *batchv1beta1.CronJob) *batchv1.CronJob {
	out := &batchv1.CronJob{}
	out.Name = in.Name
	out.Spec.Schedule = in.Spec.Schedule
	return out
}

// The scheme decodes old manifests: registration talks to no server.
func newScheme() *runtime.Scheme {
	s := runtime.NewScheme()
	_ = batchv1beta1.AddToScheme(s)
	s.AddKnownTypes(batchv1beta1.SchemeGroupVersion, &batchv1beta1.CronJob{})
	return s
}

// The apiVersion comes from the caller: unknown, quiet.
func (r *Reconciler) listAny(ctx context.Context, apiVersion string) error {
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion(apiVersion)
	list.SetKind("CronJobList")
	return r.List(ctx, list)
}

// The operator's own group, which happens to be called batch: quiet.
func (r *Reconciler) ownGroup(ctx context.Context) error {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("batch.example.com/v1beta1")
	u.SetKind("CronJob")
	return r.Create(ctx, u)
}

// Two settings that disagree: quiet (which one wins is not known).
func (r *Reconciler) ambiguous(ctx context.Context, old bool) error {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("batch/v1")
	if old {
		u.SetAPIVersion("batch/v1beta1")
	}
	u.SetKind("CronJob")
	return r.Create(ctx, u)
}

// Comparing version strings (discovery) sends nothing.
func served(groupVersions []string) bool {
	for _, gv := range groupVersions {
		if gv == "batch/v1beta1" {
			return true
		}
	}
	return false
}

var _ reconcile.Reconciler = &Reconciler{}

// hpaGVK's version is moved on at start-up: what it holds at the Get is
// not its initializer, quiet.
var hpaGVK = schema.GroupVersionKind{Group: "autoscaling", Version: "v2beta2", Kind: "HorizontalPodAutoscaler"}

func init() { hpaGVK.Version = "v2" }

func (r *Reconciler) getHPA(ctx context.Context, key client.ObjectKey) error {
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(hpaGVK)
	return r.Get(ctx, key, u)
}
