package a

// controller-runtime hands its event handlers (handler.EventHandler) the
// objects of the informer cache, as it hands them to predicates
// (oam-kubernetes-runtime's ComponentHandler recorded a revision in the
// status of the cache's Component).

import (
	"context"

	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

// revisionHandler has the methods of controller-runtime before v0.15: no
// context.
type revisionHandler struct{ c client.Client }

func (h *revisionHandler) Create(evt event.CreateEvent, q workqueue.RateLimitingInterface) {
	h.record(evt.Object)
}

func (h *revisionHandler) Update(evt event.UpdateEvent, q workqueue.RateLimitingInterface) {
	h.record(evt.ObjectNew)
}

func (h *revisionHandler) Delete(evt event.DeleteEvent, q workqueue.RateLimitingInterface) {}

func (h *revisionHandler) Generic(evt event.GenericEvent, q workqueue.RateLimitingInterface) {}

// record changes the Widget and writes it: the change is reported here.
func (h *revisionHandler) record(obj client.Object) {
	w := obj.(*v1.Widget)
	w.Status.Phase = "Revised" // want `changes w, which comes from the shared informer cache`
	if !w.Status.Ready {
		w.Status.Ready = true
	}
	if err := h.c.Status().Update(context.TODO(), w); err != nil {
		return
	}
}

// labelHandler has the methods of v0.15 on, with a context.
type labelHandler struct{}

func (labelHandler) Create(ctx context.Context, evt event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	evt.Object.SetLabels(nil) // want `evt.Object.SetLabels changes the Labels of evt.Object, which comes from the shared informer cache`
}

// Update changes a deep copy: quiet.
func (labelHandler) Update(ctx context.Context, evt event.UpdateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	obj := evt.ObjectNew.DeepCopyObject().(client.Object)
	obj.SetLabels(nil)
}

func (labelHandler) Delete(ctx context.Context, evt event.DeleteEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

func (labelHandler) Generic(ctx context.Context, evt event.GenericEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
}

func handlerFuncs() handler.Funcs {
	return handler.Funcs{
		UpdateFunc: func(ctx context.Context, e event.UpdateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
			e.ObjectNew.SetAnnotations(nil) // want `e.ObjectNew.SetAnnotations changes the Annotations of e.ObjectNew, which comes from the shared informer cache`
		},
	}
}

// notAHandler's Update takes an event it builds itself and returns an
// error: not an event handler, its argument is its caller's.
type notAHandler struct{}

func (notAHandler) Update(obj client.Object) error {
	obj.SetLabels(nil)
	return nil
}
