package depth

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"

	"statusupdate/depth/enginetypes"
)

// A per-request struct holds the object; its methods change the status
// and send the object (the shape of RamenDR/ramen's VRGInstance).
type widgetInstance struct {
	r   *Reconciler
	ctx context.Context
	obj *v1.Widget
}

// Flagged: the status set by Reconcile is replaced by the stored one when
// addFinalizer updates the object, before setStatus sends it.
func (r *Reconciler) reconcileInstance(ctx context.Context, req reconcile.Request) error {
	v := widgetInstance{r: r, ctx: ctx, obj: &v1.Widget{}}
	if err := r.Get(ctx, req.NamespacedName, v.obj); err != nil {
		return err
	}
	v.obj.Status.Phase = "Reconciling"
	return v.process()
}

func (v *widgetInstance) process() error {
	if err := v.addFinalizer("example.com/f"); err != nil {
		return err
	}
	return v.setStatus()
}

func (v *widgetInstance) addFinalizer(f string) error {
	v.obj.Finalizers = append(v.obj.Finalizers, f)
	return v.r.Update(v.ctx, v.obj) // want `v.obj.Status.Phase is written before the call of v.process at instance.go:29, which sends v.obj here with Update, so the status change is lost`
}

func (v *widgetInstance) setStatus() error {
	return v.r.Status().Update(v.ctx, v.obj)
}

// Not flagged: the method saves the status and restores it after the
// update (the fix).
func (r *Reconciler) reconcileInstanceSaved(ctx context.Context, req reconcile.Request) error {
	v := &savingInstance{r: r, ctx: ctx, obj: &v1.Widget{}}
	if err := r.Get(ctx, req.NamespacedName, v.obj); err != nil {
		return err
	}
	v.obj.Status.Phase = "Reconciling"
	if err := v.addFinalizer("example.com/f"); err != nil {
		return err
	}
	return v.r.Status().Update(ctx, v.obj)
}

type savingInstance struct {
	r   *Reconciler
	ctx context.Context
	obj *v1.Widget
}

func (v *savingInstance) addFinalizer(f string) error {
	v.obj.Finalizers = append(v.obj.Finalizers, f)
	status := v.obj.Status
	if err := v.r.Update(v.ctx, v.obj); err != nil {
		return err
	}
	v.obj.Status = status
	return nil
}

// Not flagged: the status is set after the finalizer is sent.
func (r *Reconciler) reconcileInstanceOrdered(ctx context.Context, req reconcile.Request) error {
	v := widgetInstance{r: r, ctx: ctx, obj: &v1.Widget{}}
	if err := r.Get(ctx, req.NamespacedName, v.obj); err != nil {
		return err
	}
	if err := v.addFinalizer("example.com/f"); err != nil {
		return err
	}
	v.obj.Status.Phase = "Reconciling"
	return v.setStatus()
}

// Not flagged: a method that replaces the object in the field; what the
// caller changed before is not what is sent.
func (r *Reconciler) reconcileInstanceRefetched(ctx context.Context, req reconcile.Request) error {
	v := widgetInstance{r: r, ctx: ctx, obj: &v1.Widget{}}
	if err := r.Get(ctx, req.NamespacedName, v.obj); err != nil {
		return err
	}
	v.obj.Status.Phase = "Reconciling"
	v.refetch()
	return v.addFinalizer("example.com/f")
}

func (v *widgetInstance) refetch() { v.obj = &v1.Widget{} }

// Flagged at the method's call of the helper that sends the object of its
// field.
func (r *Reconciler) reconcileInstanceDeleting(ctx context.Context, req reconcile.Request) error {
	v := widgetInstance{r: r, ctx: ctx, obj: &v1.Widget{}}
	if err := r.Get(ctx, req.NamespacedName, v.obj); err != nil {
		return err
	}
	v.obj.Status.Phase = "Deleting"
	if err := v.removeFinalizers(); err != nil {
		return err
	}
	return v.setStatus()
}

func (v *widgetInstance) removeFinalizers() error {
	return clearFinalizers(v.ctx, v.r, v.obj) // want `v.obj.Status.Phase is written before the call of v.removeFinalizers at instance.go:\d+, which sends v.obj here with clearFinalizers \(which calls Update\)`
}

func clearFinalizers(ctx context.Context, r *Reconciler, obj *v1.Widget) error {
	obj.Finalizers = nil
	return r.Update(ctx, obj)
}

// engineInfo holds the object a helper reads into it (the shape of
// litmuschaos chaos-operator's EngineInfo, declared in another package).
type engineInfo = enginetypes.EngineInfo

func (r *Reconciler) getEngine(ctx context.Context, e *engineInfo, req reconcile.Request) error {
	obj := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return err
	}
	e.Instance = obj
	return nil
}

// Only initEngine's own write is reported: nothing changed the status
// before the call.
func (r *Reconciler) reconcileEngine(ctx context.Context, req reconcile.Request) error {
	e := &engineInfo{}
	if err := r.getEngine(ctx, e, req); err != nil {
		return err
	}
	if e.Instance.DeletionTimestamp != nil {
		return r.engineForDelete(ctx, e)
	}
	return r.initEngine(ctx, e)
}

func (r *Reconciler) engineForDelete(ctx context.Context, e *engineInfo) error {
	e.Instance.Status.Phase = "Stopped"
	return r.Update(ctx, e.Instance) // want `e.Instance.Status.Phase is written but e.Instance is sent only with Update`
}

func (r *Reconciler) initEngine(ctx context.Context, e *engineInfo) error {
	if e.Instance.Status.Phase == "" {
		e.Instance.Status.Phase = "Initialized"
	}
	return r.Update(ctx, e.Instance) // want `e.Instance.Status.Phase is written but e.Instance is sent only with Update`
}

// Only initEngine2's own write is reported, not again at its call as a
// status the caller set before it: the change is the method's own, made
// on a path where its Update may follow (chaos-operator's initEngine).
func (r *Reconciler) reconcileEngine2(ctx context.Context, req reconcile.Request) (bool, error) {
	e := &engineInfo{}
	if err := r.getEngine(ctx, e, req); err != nil {
		return false, err
	}
	if e.Instance.GetDeletionTimestamp() != nil {
		return false, r.engineForDelete(ctx, e)
	}
	if requeue, err := r.initEngine2(ctx, e); err != nil {
		if requeue {
			return true, nil
		}
		return false, err
	}
	if e.Instance.Status.Phase == "Initialized" {
		return false, r.engineForDelete(ctx, e)
	}
	return false, nil
}

func (r *Reconciler) initEngine2(ctx context.Context, e *engineInfo) (bool, error) {
	if e.Instance.Spec.Size == 0 {
		e.Instance.Spec.Size = 1
	}
	if e.Instance.Spec.Size == 1 && e.Instance.Status.Phase == "" {
		e.Instance.Status.Phase = "Initialized"
	}
	if e.Instance.Status.Phase == "Initialized" {
		if e.Instance.Finalizers == nil {
			e.Instance.Finalizers = append(e.Instance.Finalizers, "example.com/f")
			if err := r.Update(ctx, e.Instance); err != nil { // want `e.Instance.Status.Phase is written but e.Instance is sent only with Update`
				return true, err
			}
		}
	}
	return false, nil
}
