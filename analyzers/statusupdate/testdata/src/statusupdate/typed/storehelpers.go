package typed

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/operator/api/clientset"
	v1 "example.com/operator/api/v1"

	"statusupdate/typed/datastore"
)

// Not flagged: the owner is sent by the datastore's status helper (a typed
// client's UpdateStatus), whose result is assigned back to the variable
// on that path only; the finalizer's removal then sends either that
// object or the unchanged one (longhorn-manager's controllers).
func claimThenRemoveFinalizer(ds *datastore.DataStore, name string) (err error) {
	w, err := ds.GetWidget(name)
	if err != nil {
		return err
	}
	if w.Status.Phase != "Owned" {
		w.Status.Phase = "Owned"
		w, err = ds.UpdateWidgetStatus(w)
		if err != nil {
			return err
		}
	}
	if !w.DeletionTimestamp.IsZero() {
		return ds.RemoveFinalizerForWidget(w)
	}
	return nil
}

// Not flagged: the same with the typed client itself.
func claimThenUpdate(ctx context.Context, c clientset.WidgetInterface, name string) error {
	w, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if w.Status.Phase != "Owned" {
		w.Status.Phase = "Owned"
		w, err = c.UpdateStatus(ctx, w, metav1.UpdateOptions{})
		if err != nil {
			return err
		}
	}
	w.Spec.Size = 2
	_, err = c.Update(ctx, w, metav1.UpdateOptions{})
	return err
}

// Not flagged: a typed UpdateStatus persists the status it sends, and the
// object keeps it in memory; the Update that follows drops nothing.
func statusThenUpdateSameObject(ctx context.Context, c clientset.WidgetInterface, name string) error {
	w, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Status.Phase = "Owned"
	if _, err := c.UpdateStatus(ctx, w, metav1.UpdateOptions{}); err != nil {
		return err
	}
	w.Spec.Size = 2
	_, err = c.Update(ctx, w, metav1.UpdateOptions{})
	return err
}

// Flagged: a status change made after the status write is sent only with
// the Update.
func statusChangedAfterStatusWrite(ctx context.Context, c clientset.WidgetInterface, name string) error {
	w, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Status.Phase = "Owned"
	if _, err := c.UpdateStatus(ctx, w, metav1.UpdateOptions{}); err != nil {
		return err
	}
	w.Status.Ready = true
	_, err = c.Update(ctx, w, metav1.UpdateOptions{}) // want `w.Status.Ready is written but w is sent only with Update`
	return err
}

// Flagged: the status write failed and the code goes on; only the Update
// is reached.
func statusWriteFailedThenUpdate(ctx context.Context, c clientset.WidgetInterface, name string) error {
	w, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Status.Phase = "Owned"
	if _, err := c.UpdateStatus(ctx, w, metav1.UpdateOptions{}); err != nil {
		_, err = c.Update(ctx, w, metav1.UpdateOptions{}) // want `w.Status.Phase is written but w is sent only with Update`
		return err
	}
	return nil
}

// Not flagged: a typed client's Update leaves the object as it was, so
// the deferred status write sends the status changed before it
// (longhorn-manager's finalizer removal on the deletion path).
func deferredStatusAfterTypedUpdate(ctx context.Context, c clientset.WidgetInterface, name string) (err error) {
	w, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	defer func() {
		if err == nil {
			_, err = c.UpdateStatus(ctx, w, metav1.UpdateOptions{})
		}
	}()
	w.Status.Phase = "Deleting"
	w.Finalizers = nil
	_, err = c.Update(ctx, w, metav1.UpdateOptions{})
	return err
}

// Flagged: the deferred status write sends what the Update returned.
func deferredStatusAfterTypedUpdateRebound(ctx context.Context, c clientset.WidgetInterface, name string) (err error) {
	w, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	defer func() {
		if err == nil {
			_, err = c.UpdateStatus(ctx, w, metav1.UpdateOptions{})
		}
	}()
	w.Status.Phase = "Deleting"
	w.Finalizers = nil
	w, err = c.Update(ctx, w, metav1.UpdateOptions{}) // want `w.Status.Phase is written`
	return err
}

// Not flagged: after the first status write w may hold either object;
// the second status change and write go through w, to whichever it holds.
func claimThenMarkDeleting(ds *datastore.DataStore, name string) (err error) {
	w, err := ds.GetWidget(name)
	if err != nil {
		return err
	}
	if w.Status.Phase == "" {
		w.Status.Phase = "Owned"
		if w, err = ds.UpdateWidgetStatus(w); err != nil {
			return err
		}
	}
	if !w.DeletionTimestamp.IsZero() {
		if !w.Status.Ready {
			w.Status.Ready = true
			if w, err = ds.UpdateWidgetStatus(w); err != nil {
				return err
			}
		}
		return ds.RemoveFinalizerForWidget(w)
	}
	return nil
}

type widgetRequest struct {
	widget *v1.Widget
}

// Not flagged: the widget is the caller's, in a field of its per-request
// struct: the datastore's Update leaves the status changes in it, for the
// caller's own status write (longhorn-manager's shard group cleanup).
func (r *widgetRequest) cleanup(ds *datastore.DataStore) error {
	w := r.widget
	w.Status.Phase = ""
	w.Status.Ready = false
	return ds.RemoveFinalizerForWidget(w)
}

// Flagged: the field is given what Update stored, whose status is the old
// one, so the caller's later status write sends that (longhorn-manager's
// system restore).
func (r *widgetRequest) initialize(ds *datastore.DataStore) (err error) {
	r.widget.Status.Phase = "Initializing"
	r.widget, err = ds.UpdateWidget(r.widget) // want `r.widget.Status.Phase is written but r.widget is sent only with ds.UpdateWidget`
	return err
}
