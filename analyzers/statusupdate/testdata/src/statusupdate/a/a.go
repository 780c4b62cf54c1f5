// Package a exercises statusupdate with the current controller-runtime
// client (SubResourceWriter).
package a

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	v1 "example.com/operator/api/v1"
)

type Reconciler struct {
	client.Client
}

type FieldReconciler struct {
	Client client.Client
}

// Rule 1: status written, then sent only with a plain write.

func (r *Reconciler) statusWithUpdate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	return r.Update(ctx, w) // want `statusupdate: w.Status.Phase is written but w is sent only with Update, which drops status changes because Widget has the status subresource: write status with Status\(\).Update`
}

func (r *FieldReconciler) conditionWithPatch(ctx context.Context, req reconcile.Request) error {
	var w v1.Sprocket
	if err := r.Client.Get(ctx, req.NamespacedName, &w); err != nil {
		return err
	}
	orig := w.DeepCopy()
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue})
	w.Status.Ready = true
	return r.Client.Patch(ctx, &w, client.MergeFrom(orig)) // want `w.Status.Conditions and w.Status.Ready are written but w is sent only with Patch, .*Sprocket.*Status\(\).Patch`
}

func (r *Reconciler) specAndStatusWithUpdate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	w.Status.Ready = true
	// No fix: the spec changed too.
	return r.Update(ctx, w) // want `w.Status.Ready is written but w is sent only with Update`
}

func (r *Reconciler) builtinStatusWithUpdate(ctx context.Context, req reconcile.Request) error {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return err
	}
	d.Status.AvailableReplicas = 0
	return r.Update(ctx, d) // want `d.Status.AvailableReplicas is written but d is sent only with Update, .*Deployment has the status subresource`
}

func (r *Reconciler) listItems(ctx context.Context) error {
	var list appsv1.DeploymentList
	if err := r.List(ctx, &list); err != nil {
		return err
	}
	for i := range list.Items {
		list.Items[i].Status.Replicas = 1
		if err := r.Update(ctx, &list.Items[i]); err != nil { // want `list.Items\[i\].Status.Replicas is written`
			return err
		}
	}
	return nil
}

// Rule 1 with a status write after the plain write: Update replaces w with
// what the server stored, whose status is the old one, and the status
// write then sends that.

func (r *Reconciler) bothWrites(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 2
	w.Status.Phase = "Resizing"
	if err := r.Update(ctx, w); err != nil { // want `w.Status.Phase is written before w is sent with Update, .* replaces w with what the server stored, so the status write after it sends the old status: change the status after Update, or save it before and restore it`
		return err
	}
	return r.Status().Update(ctx, w)
}

func (r *Reconciler) passedToHelper(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	if err := r.Update(ctx, w); err != nil { // want `w.Status.Phase is written before w is sent with Update`
		return err
	}
	return r.saveStatus(ctx, w)
}

func (r *Reconciler) saveStatus(ctx context.Context, w *v1.Widget) error {
	return r.Status().Update(ctx, w)
}

// A parameter: the caller's later status write would send the status
// that Update put back.
func (r *Reconciler) parameter(ctx context.Context, w *v1.Widget) error {
	w.Status.Phase = "Deleting"
	controllerutil.RemoveFinalizer(w, "example.com/cleanup")
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// The status is copied after Update, which had already put the old one
// back.
func (r *Reconciler) statusCopiedAfter(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	if err := r.Update(ctx, w); err != nil { // want `w.Status.Phase is written but w is sent only with Update`
		return err
	}
	latest := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, latest); err != nil {
		return err
	}
	latest.Status = w.Status
	return r.Status().Update(ctx, latest)
}

// The deferred status write runs after Update has put the old status back.
func (r *Reconciler) deferredStatus(ctx context.Context, req reconcile.Request) (err error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	defer func() {
		if uerr := r.Status().Update(ctx, w); uerr != nil && err == nil {
			err = uerr
		}
	}()
	w.Status.Phase = "Ready"
	controllerutil.AddFinalizer(w, "example.com/cleanup")
	return r.Update(ctx, w) // want `w.Status.Phase is written before w is sent with Update`
}

// Rule 1, not flagged.

// The status is saved before Update and restored before the status write.
func (r *Reconciler) statusSaved(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 2
	w.Status.Phase = "Resizing"
	status := w.Status.DeepCopy()
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status = *status
	return r.Status().Update(ctx, w)
}

// The status is changed after Update.
func (r *Reconciler) statusAfter(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 2
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = "Resizing"
	return r.Status().Update(ctx, w)
}

func (r *Reconciler) unknownKind(ctx context.Context, req reconcile.Request) error {
	m := &v1.Mystery{}
	if err := r.Get(ctx, req.NamespacedName, m); err != nil {
		return err
	}
	m.Status.Phase = "Ready"
	return r.Update(ctx, m) // unknown status subresource: silent
}

func (r *Reconciler) noSubresourceUpdate(ctx context.Context, req reconcile.Request) error {
	g := &v1.Gadget{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return err
	}
	g.Status.Phase = "Ready"
	return r.Update(ctx, g) // Gadget has no status subresource: Update writes status
}

func (r *Reconciler) statusAfterUpdate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 1
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = "Scaled" // only kept in memory
	return nil
}

func (r *Reconciler) serverSideApply(ctx context.Context, w *v1.Widget) error {
	obj := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	obj.Status.Phase = "Ready"
	return r.Patch(ctx, obj, client.Apply, client.ForceOwnership)
}

func (r *Reconciler) createOrUpdate(ctx context.Context, w *v1.Widget) error {
	obj := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, obj, func() error {
		obj.Status.Phase = "Ready"
		return nil
	})
	return err
}

// Rule 2: spec or metadata written, then sent only with a status write.

func (r *Reconciler) specWithStatusUpdate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Spec.Size = 2
	w.Status.Phase = "Resized"
	return r.Status().Update(ctx, w) // want `statusupdate: w.Spec.Size is written but w is sent only with Status\(\).Update, which persists nothing but status because Widget has the status subresource: send those changes with Update or Patch as well`
}

func (r *FieldReconciler) finalizerWithSubResource(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Client.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	controllerutil.AddFinalizer(w, "example.com/cleanup")
	w.Labels["owner"] = "me"
	return r.Client.SubResource("status").Update(ctx, w) // want `w.Finalizers and w.Labels are written but w is sent only with SubResource\("status"\).Update`
}

func (r *Reconciler) builtinSpecWithStatus(ctx context.Context, req reconcile.Request) error {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return err
	}
	d.Spec.Paused = true
	return r.Status().Update(ctx, d) // want `d.Spec.Paused is written but d is sent only with Status\(\).Update`
}

// Rule 2, not flagged.

func (r *Reconciler) builtinLabelsWithStatus(ctx context.Context, req reconcile.Request) error {
	p := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, p); err != nil {
		return err
	}
	p.SetLabels(map[string]string{"phase": "done"}) // pods/status keeps label changes
	p.Status.Message = "done"
	return r.Status().Update(ctx, p)
}

func (r *Reconciler) specThenBoth(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	w.Spec.Size = 2
	return r.Update(ctx, w)
}

func (r *Reconciler) specAfterStatus(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	w.Spec.Size = 0 // local bookkeeping after the write
	return nil
}

// Rule 3: status write of a kind without the status subresource.

func (r *Reconciler) configMapStatus(ctx context.Context, cm *corev1.ConfigMap) error {
	cm.Data = map[string]string{"a": "b"}
	return r.Status().Update(ctx, cm) // want `statusupdate: Status\(\).Update of ConfigMap fails with 404 "the server could not find the requested resource" because ConfigMap has no status subresource: use Update`
}

func (r *FieldReconciler) gadgetStatusPatch(ctx context.Context, g *v1.Gadget) error {
	return r.Client.Status().Patch(ctx, g, client.Merge) // want `Status\(\).Patch of Gadget fails with 404`
}

func (r *Reconciler) gadgetStatusWithOptions(ctx context.Context, g *v1.Gadget) error {
	// No fix: Update takes UpdateOption, not SubResourceUpdateOption.
	return r.Status().Update(ctx, g, client.FieldOwner("me")) // want `Status\(\).Update of Gadget fails with 404`
}

// Rule 3, not flagged.

func (r *Reconciler) deploymentStatus(ctx context.Context, d *appsv1.Deployment) error {
	return r.Status().Update(ctx, d)
}

func (r *Reconciler) mysteryStatus(ctx context.Context, m *v1.Mystery) error {
	return r.Status().Update(ctx, m)
}

func (r *Reconciler) ignored(ctx context.Context, cm *corev1.ConfigMap) error {
	//opvet:ignore statusupdate test of the directive
	return r.Status().Update(ctx, cm)
}

// A deferred closure patches the object, then its status, with one merge
// patch: the first Patch puts the stored status back into w, so the status
// patch finds no change to send (cluster-api's Cluster controller, 2019).
func (r *Reconciler) deferredPatchThenStatus(ctx context.Context, req reconcile.Request) (_ reconcile.Result, reterr error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	patch := client.MergeFrom(w.DeepCopy())
	defer func() {
		if err := r.Patch(ctx, w, patch); err != nil { // want `w.Status.Phase is written before w is sent with Patch`
			if reterr == nil {
				reterr = err
			}
			return
		}
		if err := r.Status().Patch(ctx, w, patch); err != nil && reterr == nil {
			reterr = err
		}
	}()
	if w.DeletionTimestamp.IsZero() {
		w.Finalizers = append(w.Finalizers, "example.com/cleanup")
	}
	if err := r.reconcileSteps(ctx, w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func (r *Reconciler) reconcileSteps(ctx context.Context, w *v1.Widget) (err error) {
	errs := []error{}
	errs = append(errs, r.reconcileReady(ctx, w))
	if !w.DeletionTimestamp.IsZero() {
		_, err := r.children(ctx, w)
		errs = append(errs, err)
	}
	for _, e := range errs {
		if e != nil && err == nil {
			err = e
		}
	}
	return err
}

func (r *Reconciler) reconcileReady(ctx context.Context, w *v1.Widget) error {
	if w.Status.Phase == "Ready" {
		return nil
	}
	w.Status.Phase = "Ready"
	return nil
}

// A method of the status type that sets it changes the status; it saves
// no copy of it.
func (r *Reconciler) statusMethodWithUpdate(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	w.Status.SetPhase("Ready")
	return r.Update(ctx, w) // want `w.Status is written but w is sent only with Update`
}

// A pointer method of the status type whose body only reads it changes
// nothing.
func (r *Reconciler) statusPointerRead(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	if !w.Status.Healthy() {
		w.Spec.Size = 2
	}
	return r.Update(ctx, w)
}

// A value method of the status type only reads it.
func (r *Reconciler) statusValueMethod(ctx context.Context, req reconcile.Request) (string, error) {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return "", err
	}
	w.Spec.Size = 2
	return w.Status.Summary(), r.Update(ctx, w)
}

// children lists the config maps that w owns: its closure reads w while
// meta.EachListItem runs it, and cannot change w after children returns.
func (r *Reconciler) children(ctx context.Context, w *v1.Widget) ([]runtime.Object, error) {
	list := &corev1.ConfigMapList{}
	if err := r.List(ctx, list, client.InNamespace(w.Namespace)); err != nil {
		return nil, err
	}
	var owned []runtime.Object
	each := func(o runtime.Object) error {
		if ownedBy(o, &w.ObjectMeta) {
			owned = append(owned, o)
		}
		return nil
	}
	return owned, meta.EachListItem(list, each)
}

func ownedBy(o runtime.Object, m *metav1.ObjectMeta) bool { return o != nil && m.UID != "" }

// A copy of the status saves the status as it was: a change made after
// the copy is lost by the Update all the same.
func (r *Reconciler) statusCopiedBefore(ctx context.Context, req reconcile.Request) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return err
	}
	saved := w.Status.DeepCopy()
	w.Status.Phase = "Pending"
	controllerutil.AddFinalizer(w, "example.com/cleanup")
	if err := r.Update(ctx, w); err != nil { // want `w.Status.Phase is written before w is sent with Update`
		return err
	}
	if saved.Phase != w.Status.Phase {
		return r.Status().Update(ctx, w)
	}
	return nil
}
