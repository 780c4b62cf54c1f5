// Package typed exercises statusupdate with client-go typed clientsets,
// a clientset generated for a CRD, and the dynamic client.
package typed

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"

	"example.com/operator/api/clientset"
	v1 "example.com/operator/api/v1"
)

func podStatusWithUpdate(ctx context.Context, cs kubernetes.Interface, ns, name string) error {
	pod, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	pod.Status.Message = "checked"
	_, err = cs.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{}) // want `pod.Status.Message is written but pod is sent only with Update, .*Pod has the status subresource: write status with UpdateStatus`
	return err
}

func widgetSpecWithUpdateStatus(ctx context.Context, c clientset.WidgetInterface, name string) error {
	w, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Spec.Size = 4
	_, err = c.UpdateStatus(ctx, w, metav1.UpdateOptions{}) // want `w.Spec.Size is written but w is sent only with UpdateStatus`
	return err
}

// Not flagged: the whole spec cleared before UpdateStatus trims what is
// sent (minio's operator); no write is meant to store an empty spec.
func widgetSpecTrimmed(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget) error {
	wc := w.DeepCopy()
	wc.Spec = v1.WidgetSpec{}
	wc.Status.Phase = "Ready"
	_, err := c.UpdateStatus(ctx, wc, metav1.UpdateOptions{})
	return err
}

// Flagged: a spec replaced by one with values, or cleared and then set.
func widgetSpecReplaced(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget) error {
	wc := w.DeepCopy()
	wc.Spec = v1.WidgetSpec{Size: 3}
	_, err := c.UpdateStatus(ctx, wc, metav1.UpdateOptions{}) // want `wc.Spec is written but wc is sent only with UpdateStatus`
	if err != nil {
		return err
	}
	wc = w.DeepCopy()
	wc.Spec = v1.WidgetSpec{}
	wc.Spec.Size = 5
	_, err = c.UpdateStatus(ctx, wc, metav1.UpdateOptions{}) // want `wc.Spec.Size is written but wc is sent only with UpdateStatus`
	return err
}

func widgetBoth(ctx context.Context, c clientset.WidgetInterface, name string) error {
	w, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Spec.Size = 4
	w.Status.Phase = "Resizing"
	// w is re-bound to what Update stored, whose status is the old one.
	if w, err = c.Update(ctx, w, metav1.UpdateOptions{}); err != nil { // want `w.Status.Phase is written but w is sent only with Update`
		return err
	}
	_, err = c.UpdateStatus(ctx, w, metav1.UpdateOptions{})
	return err
}

func gadgetUpdateStatus(ctx context.Context, c clientset.GadgetInterface, g *v1.Gadget) error {
	_, err := c.UpdateStatus(ctx, g, metav1.UpdateOptions{}) // want `UpdateStatus of Gadget fails with 404`
	return err
}

func configMapStatusPatch(ctx context.Context, cs kubernetes.Interface, ns, name string, data []byte) error {
	_, err := cs.CoreV1().ConfigMaps(ns).Patch(ctx, name, types.MergePatchType, data, metav1.PatchOptions{}, "status") // want `Patch\(\.\.\., "status"\) of ConfigMap fails with 404`
	return err
}

func podStatusPatch(ctx context.Context, cs kubernetes.Interface, ns, name string, data []byte) error {
	_, err := cs.CoreV1().Pods(ns).Patch(ctx, name, types.MergePatchType, data, metav1.PatchOptions{}, "status")
	return err
}

func dynamicStatus(ctx context.Context, dc dynamic.Interface, u *unstructured.Unstructured) error {
	// The kind of an unstructured object is unknown: silent.
	_, err := dc.Resource(schema.GroupVersionResource{Resource: "widgets"}).Namespace("ns").UpdateStatus(ctx, u, metav1.UpdateOptions{})
	return err
}

// Not flagged: the status change is sent with UpdateStatus, whose result
// (the object the server stored, the new status included) is assigned
// back to the variable that Update sends next.
func widgetStatusThenUpdate(ctx context.Context, c clientset.WidgetInterface, name string) error {
	w, err := c.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	w, err = c.UpdateStatus(ctx, w, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	w.Spec.Size = 2
	_, err = c.Update(ctx, w, metav1.UpdateOptions{})
	return err
}

// Not flagged: the same with the status change made after a failed-write
// check in a retry loop.
func widgetStatusThenUpdateLoop(ctx context.Context, c clientset.WidgetInterface, names []string) error {
	for _, name := range names {
		w, err := c.Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		w.Status.Phase = "Ready"
		if w, err = c.UpdateStatus(ctx, w, metav1.UpdateOptions{}); err != nil {
			continue
		}
		if w.Labels == nil {
			w.Labels = map[string]string{}
		}
		w.Labels["ready"] = "true"
		if _, err = c.Update(ctx, w, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// Not flagged: the same through a clientset's chain.
func podStatusThenUpdate(ctx context.Context, cs kubernetes.Interface, ns, name string) error {
	pod, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	pod.Status.Message = "checked"
	pod, err = cs.CoreV1().Pods(ns).UpdateStatus(ctx, pod, metav1.UpdateOptions{})
	if err != nil {
		return err
	}
	pod.Labels["checked"] = "true"
	_, err = cs.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

// Not flagged: the status change stays in the caller's object, which a
// client-go Update does not replace; the caller may send it (knative's
// generated reconcilers update the status of ReconcileKind's object after
// it returns), as it would had this function made no write.
func widgetMarkUpgrade(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget) error {
	w.Status.Phase = "Upgrading"
	w.Labels = map[string]string{"version": "2"}
	_, err := c.Update(ctx, w, metav1.UpdateOptions{})
	return err
}

// Flagged: the function writes the status itself after the Update, with
// what the Update stored.
func widgetParamBoth(ctx context.Context, c clientset.WidgetInterface, w *v1.Widget) error {
	w.Spec.Size = 4
	w.Status.Phase = "Resizing"
	stored, err := c.Update(ctx, w, metav1.UpdateOptions{}) // want `w.Status.Phase is written but w is sent only with Update`
	if err != nil {
		return err
	}
	_, err = c.UpdateStatus(ctx, stored, metav1.UpdateOptions{})
	return err
}
