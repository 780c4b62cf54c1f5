package a

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
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
