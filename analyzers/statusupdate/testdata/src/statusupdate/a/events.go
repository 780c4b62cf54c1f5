package a

import (
	"context"
	"strconv"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// An event helper of the package reads the object through meta.Accessor
// and hands it to an event recorder: neither changes nor keeps it.

type eventReporter struct {
	recorder record.EventRecorder
	last     map[string]string
}

func (e *eventReporter) reportOnce(obj runtime.Object, reason string) {
	m, err := meta.Accessor(obj)
	if err != nil {
		return
	}
	key := m.GetNamespace() + "/" + m.GetName()
	if e.last[key] == reason {
		return
	}
	e.last[key] = reason
	e.recorder.Event(obj, "Warning", reason, "validation failed")
}

type EventReconciler struct {
	Reconciler
	events *eventReporter
}

func (r *EventReconciler) invalid(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Invalid"
	r.events.reportOnce(w, "Invalid")
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// A mutate function only reads the owner (its name, its size, and as the
// owner of a controller reference): the owner stays in the function.
func (r *EventReconciler) ownedConfigMap(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Configuring"
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-config", Namespace: w.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"owner": w.GetName(), "size": strconv.Itoa(w.Spec.Size)}
		return controllerutil.SetControllerReference(w, cm, r.Scheme())
	}); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// Not flagged (a limit): the mutate function changes the owner too, and
// opvet does not follow when a function literal runs, so the object may
// be anything after the call.
func (r *EventReconciler) ownerChangedInMutate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Configuring"
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-config", Namespace: w.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		w.Status.Phase = "Configured"
		return controllerutil.SetControllerReference(w, cm, r.Scheme())
	}); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

// Not flagged: the status is sent with the status writer.
func (r *EventReconciler) invalidStatus(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Invalid"
	r.events.reportOnce(w, "Invalid")
	return r.Status().Update(ctx, w)
}
