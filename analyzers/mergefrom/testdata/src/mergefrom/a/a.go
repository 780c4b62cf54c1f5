package a

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/finalizer"

type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

type WidgetSpec struct {
	Replicas *int32
	Items    []string
	Size     int
}

type WidgetStatus struct {
	Conditions []metav1.Condition
	Ready      bool
}

func (in *Widget) DeepCopy() *Widget {
	out := new(Widget)
	*out = *in
	return out
}

func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type Reconciler struct {
	client.Client
}

// Item 1: the base aliases the object, which is then changed.

func removeFinalizer(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w) // want `client.MergeFrom\(w\) takes w itself as the patch base, and controllerutil.RemoveFinalizer at line 50 changes it before r.Patch at line 51, so the patch is empty and the change is lost; copy the base: client.MergeFrom\(w.DeepCopy\(\)\)`
	controllerutil.RemoveFinalizer(w, finalizer)
	return r.Patch(ctx, w, patch)
}

func assignField(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w) // want `the assignment to w.Spec.Size at line`
	w.Spec.Size = 3
	return r.Patch(ctx, w, patch)
}

func labels(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w) // want `the assignment to w.Labels\["a"\]`
	w.Labels["a"] = "b"
	return r.Patch(ctx, w, patch)
}

func getterMap(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w) // want `the assignment to w.GetAnnotations\(\)\["a"\]`
	w.GetAnnotations()["a"] = "b"
	return r.Patch(ctx, w, patch)
}

func setter(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w) // want `w.SetLabels at line`
	w.SetLabels(map[string]string{"a": "b"})
	return r.Patch(ctx, w, patch)
}

func conditions(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w) // want `meta.SetStatusCondition at line`
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready"})
	return r.Status().Patch(ctx, w, patch)
}

func appendCond(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFromWithOptions(w, client.MergeFromWithOptimisticLock{}) // want `client.MergeFromWithOptions\(w, ...\) takes w itself`
	w.Status.Conditions = append(w.Status.Conditions, metav1.Condition{})
	return r.Client.Status().Patch(ctx, w, patch)
}

func subResource(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w) // want `r.SubResource\("status"\).Patch at line`
	w.Status.Ready = true
	return r.SubResource("status").Patch(ctx, w, patch)
}

func helper(w *Widget) { w.Spec.Size++ }

func passedToHelper(ctx context.Context, c client.Client, w *Widget) error {
	patch := client.MergeFrom(w) // want `helper at line`
	helper(w)
	return c.Patch(ctx, w, patch)
}

func strategic(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	patch := client.StrategicMergeFrom(pod) // want `client.StrategicMergeFrom\(pod\) takes pod itself`
	pod.Labels = map[string]string{}
	return c.Patch(ctx, pod, patch)
}

func valuePod(ctx context.Context, c client.Client) error {
	var pod corev1.Pod
	patch := client.MergeFrom(&pod) // want `client.MergeFrom\(&pod\) takes pod itself`
	pod.Annotations = nil
	return c.Patch(ctx, &pod, patch)
}

func varDecl(ctx context.Context, c client.Client, w *Widget) error {
	var patch client.Patch = client.MergeFrom(w) // want `takes w itself`
	controllerutil.AddFinalizer(w, finalizer)
	return c.Patch(ctx, w, patch)
}

func interfaceObj(ctx context.Context, c client.Client, obj client.Object) error {
	patch := client.MergeFrom(obj) // want `copy the base: client.MergeFrom\(obj.DeepCopyObject\(\).\(client.Object\)\)`
	obj.SetFinalizers(nil)
	return c.Patch(ctx, obj, patch)
}

func fieldBase(ctx context.Context, c client.Client, s *scope) error {
	patch := client.MergeFrom(s.widget) // want `takes s.widget itself`
	s.widget.Spec.Size = 1
	return c.Patch(ctx, s.widget, patch)
}

type scope struct{ widget *Widget }

func data(w *Widget) ([]byte, error) {
	patch := client.MergeFrom(w) // want `patch.Data at line`
	w.Spec.Size = 2
	return patch.Data(w)
}

// Item 2: base and object are the same.

func inline(ctx context.Context, r *Reconciler, w *Widget) error {
	controllerutil.AddFinalizer(w, finalizer)
	return r.Patch(ctx, w, client.MergeFrom(w)) // want `r.Patch sends w with client.MergeFrom\(w\) as its base, the same object, so the patch is always empty and the change is lost; copy the object before changing it \(base := w.DeepCopy\(\)\) and patch with client.MergeFrom\(base\)`
}

func inlineStatus(ctx context.Context, r *Reconciler, w *Widget) error {
	w.Status.Ready = true
	return r.Status().Patch(ctx, w, client.MergeFrom(w)) // want `as its base, the same object`
}

// Not reported: an empty object, never changed, has nothing to send (a
// test of a client's routing, gatekeeper's client_test.go).
func inlineEmpty(ctx context.Context, r *Reconciler) error {
	w := &Widget{}
	return r.Patch(ctx, w, client.MergeFrom(w))
}

// Reported: the literal's fields are what the patch was meant to send.
func inlineLiteral(ctx context.Context, r *Reconciler) error {
	w := &Widget{Spec: WidgetSpec{Size: 2}}
	return r.Patch(ctx, w, client.MergeFrom(w)) // want `as its base, the same object`
}

// Reported: read, then patched with itself as the base.
func inlineAfterGet(ctx context.Context, r *Reconciler, key client.ObjectKey) error {
	w := new(Widget)
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	return r.Patch(ctx, w, client.MergeFrom(w)) // want `as its base, the same object`
}

func inlineData(w *Widget) ([]byte, error) {
	return client.MergeFrom(w).Data(w) // want `client.MergeFrom\(w\).Data sends w`
}

// Unchanged between MergeFrom and Patch: changed before, so empty anyway.

func changedBefore(ctx context.Context, r *Reconciler, w *Widget) error {
	w.Spec.Size = 4
	patch := client.MergeFrom(w) // want `client.MergeFrom\(w\) takes w itself as the base of the patch that r.Patch at line 186 sends for the same object, so the patch is always empty; take the base from a copy made before w is changed: client.MergeFrom\(w.DeepCopy\(\)\)`
	return r.Patch(ctx, w, patch)
}

// Not flagged.

func deepCopied(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w.DeepCopy())
	controllerutil.RemoveFinalizer(w, finalizer)
	return r.Patch(ctx, w, patch)
}

func baseCopiedBefore(ctx context.Context, r *Reconciler, w *Widget) error {
	base := w.DeepCopy()
	w.Spec.Size = 3
	if err := r.Patch(ctx, w, client.MergeFrom(base)); err != nil {
		return err
	}
	patch := client.MergeFrom(base)
	w.Spec.Size = 4
	return r.Patch(ctx, w, patch)
}

func reassigned(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w)
	w = w.DeepCopy()
	w.Spec.Size = 3
	return r.Patch(ctx, w, patch)
}

func copySent(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w)
	updated := w.DeepCopy()
	updated.Spec.Size = 3
	return r.Patch(ctx, updated, patch)
}

func otherObject(ctx context.Context, r *Reconciler, w, v *Widget) error {
	patch := client.MergeFrom(w)
	v.Spec.Size = 1
	return r.Patch(ctx, v, patch)
}

func patchReassigned(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w)
	patch = client.MergeFrom(w.DeepCopy())
	w.Spec.Size = 1
	return r.Patch(ctx, w, patch)
}

func applyPatch(ctx context.Context, r *Reconciler, w *Widget) error {
	w.Spec.Size = 1
	return r.Patch(ctx, w, client.Apply, client.ForceOwnership)
}

func rawMerge(ctx context.Context, r *Reconciler, w *Widget) error {
	w.Spec.Size = 1
	return r.Patch(ctx, w, client.Merge)
}

func dataOfCopy(before, after *Widget) ([]byte, error) {
	return client.MergeFrom(before).Data(after)
}

func addrTaken(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w)
	load(&w)
	return r.Patch(ctx, w, patch)
}

func load(w **Widget) { *w = &Widget{} }

func rebindInClosure(ctx context.Context, r *Reconciler, w *Widget) error {
	patch := client.MergeFrom(w)
	refresh := func() { w = w.DeepCopy() }
	refresh()
	w.Spec.Size = 1
	return r.Patch(ctx, w, patch)
}

func rebindThroughMethod(ctx context.Context, r *Reconciler, s *scope) error {
	patch := client.MergeFrom(s.widget)
	s.reload()
	s.widget.Spec.Size = 1
	return r.Patch(ctx, s.widget, patch)
}

func (s *scope) reload() { s.widget = s.widget.DeepCopy() }

func differentItems(ctx context.Context, r *Reconciler, list []*Widget, i, j int) error {
	patch := client.MergeFrom(list[i])
	list[j].Spec.Size = 1
	return r.Patch(ctx, list[j], patch)
}
