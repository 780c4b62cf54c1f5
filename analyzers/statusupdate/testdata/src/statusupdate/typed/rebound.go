package typed

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"example.com/operator/api/clientset"
	v1 "example.com/operator/api/v1"
)

// scaleWidget sends w's status with UpdateStatus and rebinds w to the
// server's copy, whose spec and labels it then changes and updates: the
// changes after the rebind are made to that copy, not to the caller's
// object, which a typed clientset leaves as it was (zalando's es-operator,
// scaleEDS). Quiet here and at the call.
func scaleWidget(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget, size int, bump, up bool) error {
	if bump {
		var err error
		w, err = c.UpdateStatus(ctx, w, metav1.UpdateOptions{})
		if err != nil {
			return err
		}
		w.Spec.Size = size
	}
	if up {
		w.Labels["scaled"] = "true"
		_, err := c.Update(ctx, w, metav1.UpdateOptions{})
		if err != nil {
			return err
		}
	}
	return nil
}

func callScaleWidget(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget) error {
	return scaleWidget(ctx, c, w, 3, true, true)
}

// resizeWidget sets the size it starts from, sends the status, and sets
// the new size again on the server's copy before updating it: the size
// set before UpdateStatus is dropped by it and made again after it.
// Quiet (es-operator's scaleEDS).
func resizeWidget(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget, next int) error {
	w.Spec.Size = len(w.Labels)
	if next != w.Spec.Size {
		var err error
		w, err = c.UpdateStatus(ctx, w, metav1.UpdateOptions{})
		if err != nil {
			return err
		}
		w.Spec.Size = next
	}
	if next > 0 {
		w.Labels["scaled"] = "true"
		if _, err := c.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}

func callResizeWidget(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget) error {
	return resizeWidget(ctx, c, w, 3)
}

// markWidget sets the size only after its UpdateStatus: that write did
// not drop it. Quiet at the call.
func markWidget(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget) error {
	if _, err := c.UpdateStatus(ctx, w, metav1.UpdateOptions{}); err != nil {
		return err
	}
	w.Spec.Size = 1
	return nil
}

func callMarkWidget(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget) error {
	return markWidget(ctx, c, w)
}
