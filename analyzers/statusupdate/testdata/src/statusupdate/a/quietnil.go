package a

import (
	"context"
	"errors"
	"fmt"

	pkgerrors "github.com/pkg/errors"

	v1 "example.com/operator/api/v1"
)

// Error results that say whether a helper did anything (crunchy-bridge's
// reconcileBridgeConnectionSecret in percona-postgresql-operator): the
// helper marks the status only where it returns an error, and the caller
// returns on that error, so no status change reaches the Update past it.

func (r *Reconciler) secretKey(ctx context.Context, w *v1.Widget) (string, error) {
	key, err := r.lookupKey(ctx, w.Name)
	if err != nil {
		w.Status.Phase = "SecretInvalid"
		return "", err
	}
	return key, err
}

func (r *Reconciler) lookupKey(ctx context.Context, name string) (string, error) {
	if name == "" {
		return "", errors.New("no name")
	}
	return name, nil
}

// Not flagged: past the error check, secretKey changed nothing.
func (r *Reconciler) addLabelAfterKey(ctx context.Context, w *v1.Widget) error {
	if _, err := r.secretKey(ctx, w); err != nil {
		return nil // the status change is written by someone else
	}
	w.Labels = map[string]string{"a": "b"}
	return r.Update(ctx, w)
}

// Not flagged: the same, with err == nil tested.
func (r *Reconciler) keyThenUpdate(ctx context.Context, w *v1.Widget) error {
	key, err := r.secretKey(ctx, w)
	if err == nil {
		w.Annotations = map[string]string{"key": key}
		return r.Update(ctx, w)
	}
	return err
}

// Flagged: the caller goes on where the helper failed.
func (r *Reconciler) keyLogged(ctx context.Context, w *v1.Widget) error {
	if _, err := r.secretKey(ctx, w); err != nil {
		fmt.Println(err)
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// checkedKey marks the status where it fails with an error of its own.
func (r *Reconciler) checkedKey(w *v1.Widget) error {
	if w.Spec.Size < 0 {
		w.Status.Phase = "Invalid"
		return fmt.Errorf("size %d", w.Spec.Size)
	}
	if w.Spec.Size > 10 {
		w.Status.Phase = "TooLarge"
		return &sizeError{w.Spec.Size}
	}
	return nil
}

type sizeError struct{ size int }

func (e *sizeError) Error() string { return fmt.Sprint(e.size) }

// Not flagged.
func (r *Reconciler) checkedThenUpdate(ctx context.Context, w *v1.Widget) error {
	if err := r.checkedKey(w); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

// phaseOnAnyPath marks the status on the path that returns nil too.
func (r *Reconciler) phaseOnAnyPath(ctx context.Context, w *v1.Widget) (string, error) {
	key, err := r.lookupKey(ctx, w.Name)
	if err != nil {
		w.Status.Phase = "SecretInvalid"
		return "", err
	}
	w.Status.Phase = "Ready"
	return key, nil
}

// Flagged: the helper's status change stands where it succeeded.
func (r *Reconciler) anyPathThenUpdate(ctx context.Context, w *v1.Widget) error {
	if _, err := r.phaseOnAnyPath(ctx, w); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// phaseThenWrap returns the error through a function that may return
// nil (as errors.Wrap does for a nil error).
func (r *Reconciler) phaseThenWrap(ctx context.Context, w *v1.Widget) error {
	_, err := r.lookupKey(ctx, w.Name)
	w.Status.Phase = "Checked"
	return wrap(err)
}

func wrap(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("lookup: %w", err)
}

// Flagged: nothing says that phaseThenWrap fails where it changed w.
func (r *Reconciler) wrapThenUpdate(ctx context.Context, w *v1.Widget) error {
	if err := r.phaseThenWrap(ctx, w); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// phaseThenReassigned sets err again after the check that proved it
// non-nil: the return may give nil.
func (r *Reconciler) phaseThenReassigned(ctx context.Context, w *v1.Widget) error {
	_, err := r.lookupKey(ctx, w.Name)
	if err != nil {
		w.Status.Phase = "Retrying"
		_, err = r.lookupKey(ctx, "retry")
		return err
	}
	return nil
}

// Flagged.
func (r *Reconciler) reassignedThenUpdate(ctx context.Context, w *v1.Widget) error {
	if err := r.phaseThenReassigned(ctx, w); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}

// wrappedKey wraps the error it proved non-nil (github.com/pkg/errors'
// Wrap is nil only for a nil error).
func (r *Reconciler) wrappedKey(ctx context.Context, w *v1.Widget) error {
	if _, err := r.lookupKey(ctx, w.Name); err != nil {
		w.Status.Phase = "SecretInvalid"
		return pkgerrors.Wrap(err, "lookup")
	}
	return nil
}

// Not flagged.
func (r *Reconciler) wrappedThenUpdate(ctx context.Context, w *v1.Widget) error {
	if err := r.wrappedKey(ctx, w); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

// wrapsAnyway wraps an error that may be nil.
func (r *Reconciler) wrapsAnyway(ctx context.Context, w *v1.Widget) error {
	_, err := r.lookupKey(ctx, w.Name)
	w.Status.Phase = "Looked"
	return pkgerrors.Wrap(err, "lookup")
}

// Flagged.
func (r *Reconciler) wrapsAnywayThenUpdate(ctx context.Context, w *v1.Widget) error {
	if err := r.wrapsAnyway(ctx, w); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w.Status.Phase is written but w is sent only with Update`
}
