package a

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1 "cachemutation/api/v1"
)

// Status helpers of the API package, called on the lister's object: their
// bodies say whether they change it (knative/serving#225: the Revision
// from the lister marked ready with rev.Status.SetCondition).

// Flagged.

func (c *Controller) markReady(ns, name string) error {
	w, err := c.widgets.Widgets(ns).Get(name)
	if err != nil {
		return err
	}
	if w.Status.Ready() {
		return nil
	}
	w.Status.SetCondition(metav1.Condition{Type: "Ready"}) // want `w.Status.SetCondition changes the Status of w, which the WidgetNamespaceLister Get at line 16 returned from the shared informer cache`
	return nil
}

// Through a helper of the package, and a method that calls another.
func (c *Controller) markReadyVia(ns, name string) error {
	w, err := c.widgets.Widgets(ns).Get(name)
	if err != nil {
		return err
	}
	markWidgetReady(w) // want `markWidgetReady changes the Status of w, which the WidgetNamespaceLister Get at line 29`
	return nil
}

func markWidgetReady(w *v1.Widget) {
	w.Status.MarkReady()
}

// Not flagged.

// A pointer method that only reads.
func (c *Controller) readyOnly(ns, name string) (bool, error) {
	w, err := c.widgets.Widgets(ns).Get(name)
	if err != nil {
		return false, err
	}
	return w.Status.Ready(), nil
}

// A method that hands its receiver on: a presumed change, which the check
// does not report.
func (c *Controller) keep(ns, name string, into *[]*v1.WidgetStatus) error {
	w, err := c.widgets.Widgets(ns).Get(name)
	if err != nil {
		return err
	}
	w.Status.Keep(into)
	return nil
}

// The fix: a copy.
func (c *Controller) markReadyCopy(ns, name string) error {
	w, err := c.widgets.Widgets(ns).Get(name)
	if err != nil {
		return err
	}
	w = w.DeepCopy()
	w.Status.SetCondition(metav1.Condition{Type: "Ready"})
	return nil
}
