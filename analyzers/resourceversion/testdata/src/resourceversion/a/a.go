// Package a exercises resourceversion.
package a

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	v1 "example.com/operator/api/v1"
)

type Reconciler struct {
	client.Client
}

// Flagged.

func (r *Reconciler) literalCRD(ctx context.Context, owner *v1.Widget) error {
	w := &v1.Widget{
		ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace},
		Spec:       v1.WidgetSpec{Size: 1},
	}
	if err := controllerutil.SetControllerReference(owner, w, r.Scheme()); err != nil {
		return err
	}
	w.Labels = map[string]string{"app": "x"}
	return r.Update(ctx, w) // want `resourceversion: w is built fresh and never read from the API server, so Update sends it without a resourceVersion and the API server rejects it \("metadata.resourceVersion: Invalid value: 0x0: must be specified for an update"\) because Widget is a custom resource: Get the current object and change it, or copy its resourceVersion`
}

func (r *Reconciler) literalBuiltin(ctx context.Context, ns string, data map[string]string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings", Namespace: ns}, Data: data}
	return r.Update(ctx, cm) // want `cm is built fresh .* and it silently overwrites concurrent changes to the ConfigMap`
}

func (r *Reconciler) statusOfFresh(ctx context.Context, name string) error {
	var w v1.Widget
	w.Name = name
	w.Status.Phase = "Ready"
	return r.Status().Update(ctx, &w) // want `w is built fresh .* so Status\(\).Update sends it without a resourceVersion and the API server rejects it`
}

func newWidget(owner *v1.Widget) *v1.Widget {
	w := new(v1.Widget)
	w.Name = owner.Name
	w.Namespace = owner.Namespace
	return w
}

func buildWidget(owner *v1.Widget) (*v1.Widget, error) {
	if owner == nil {
		return nil, fmt.Errorf("no owner")
	}
	return newWidget(owner), nil
}

func (r *Reconciler) fromConstructor(ctx context.Context, owner *v1.Widget) error {
	w, err := buildWidget(owner)
	if err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w is built fresh`
}

func typedClient(ctx context.Context, cs kubernetes.Interface, ns string) error {
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: ns}}
	_, err := cs.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{}) // want `pod is built fresh .* overwrites concurrent changes to the Pod`
	return err
}

func (r *Reconciler) unstructuredFresh(ctx context.Context) error {
	u := &unstructured.Unstructured{}
	u.SetName("x")
	return r.Update(ctx, u) // want `u is built fresh .* rejects the update of a custom resource .* or overwrites concurrent changes of a built-in kind`
}

// The shape of keda v2.0's updateHPAIfNeeded: a method constructor that
// sets the controller reference, then Update of its result.
func (r *Reconciler) newChild(owner *v1.Widget) (*v1.Widget, error) {
	child := &v1.Widget{
		ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-hpa", Namespace: owner.Namespace},
		Spec:       owner.Spec,
	}
	if err := controllerutil.SetControllerReference(owner, child, r.Scheme()); err != nil {
		return nil, err
	}
	return child, nil
}

func (r *Reconciler) updateChildIfNeeded(ctx context.Context, owner, found *v1.Widget) error {
	child, err := r.newChild(owner)
	if err != nil {
		return err
	}
	if child.Spec.Size != found.Spec.Size {
		if err := r.Update(ctx, child); err != nil { // want `child is built fresh .* because Widget is a custom resource`
			return err
		}
	}
	return r.Update(ctx, child) // one report per object: the first Update
}

// Update first, Create when it fails: the Update of the fresh object
// overwrites whatever is stored (Create only runs after it).
func (r *Reconciler) updateOrCreate(ctx context.Context, ns string, data map[string]string) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "settings", Namespace: ns}, Data: data}
	if err := r.Update(ctx, cm); err != nil { // want `cm is built fresh .* overwrites concurrent changes to the ConfigMap`
		return r.Create(ctx, cm)
	}
	return nil
}

// Not flagged.

func (r *Reconciler) fetched(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	w.Spec.Size = 2
	return r.Update(ctx, w)
}

func (r *Reconciler) versionCopied(ctx context.Context, existing *v1.Widget) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: existing.Name, Namespace: existing.Namespace}}
	w.ResourceVersion = existing.ResourceVersion
	return r.Update(ctx, w)
}

func (r *Reconciler) versionSet(ctx context.Context, existing *v1.Widget) error {
	w := &v1.Widget{}
	w.SetResourceVersion(existing.GetResourceVersion())
	return r.Update(ctx, w)
}

func (r *Reconciler) versionInLiteral(ctx context.Context, existing *v1.Widget) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: existing.Name, ResourceVersion: existing.ResourceVersion}}
	return r.Update(ctx, w)
}

func (r *Reconciler) metaCopied(ctx context.Context, existing *v1.Widget) error {
	w := &v1.Widget{ObjectMeta: existing.ObjectMeta}
	return r.Update(ctx, w)
}

func (r *Reconciler) deepCopy(ctx context.Context, existing *v1.Widget) error {
	w := existing.DeepCopy()
	w.Spec.Size = 3
	return r.Update(ctx, w)
}

func (r *Reconciler) parameter(ctx context.Context, w *v1.Widget) error {
	return r.Update(ctx, w)
}

func (r *Reconciler) listItem(ctx context.Context) error {
	var list corev1.ConfigMapList
	if err := r.List(ctx, &list); err != nil {
		return err
	}
	for _, cm := range list.Items {
		cm.Data = nil
		if err := r.Update(ctx, &cm); err != nil {
			return err
		}
	}
	return nil
}

func (r *Reconciler) createdFirst(ctx context.Context) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
	if err := r.Create(ctx, w); err != nil {
		return err
	}
	w.Spec.Size = 2
	return r.Update(ctx, w)
}

func (r *Reconciler) passedToHelper(ctx context.Context) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
	if err := r.load(ctx, w); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

func (r *Reconciler) load(ctx context.Context, w *v1.Widget) error {
	return r.Get(ctx, client.ObjectKeyFromObject(w), w)
}

func otherPackageConstructor(existing *v1.Widget) *v1.Widget { return existing.DeepCopy() }

func (r *Reconciler) notAConstructor(ctx context.Context, existing *v1.Widget) error {
	w := otherPackageConstructor(existing)
	return r.Update(ctx, w)
}

func (r *Reconciler) patchIsFine(ctx context.Context) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
	return r.Patch(ctx, w, client.Merge)
}

func (r *Reconciler) patchedThenUpdated(ctx context.Context) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "x"}}
	if err := r.Patch(ctx, w, client.Merge); err != nil {
		return err
	}
	w.Spec.Size = 1
	return r.Update(ctx, w)
}

func (r *Reconciler) unstructuredContent(ctx context.Context, content map[string]interface{}) error {
	u := &unstructured.Unstructured{Object: content}
	return r.Update(ctx, u)
}

func (r *Reconciler) aliased(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	obj := client.Object(w)
	if err := r.Get(ctx, key, obj); err != nil {
		return err
	}
	return r.Update(ctx, w)
}

// A typed client's call that fails returns an empty object with the
// error: sending it again sends no name and no resourceVersion
// (rook#5078).
func createOrUpdateFailed(ctx context.Context, cs kubernetes.Interface, def *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	cm, err := cs.CoreV1().ConfigMaps(def.Namespace).Create(ctx, def, metav1.CreateOptions{})
	if err != nil {
		if !apierrors.IsAlreadyExists(err) {
			return nil, err
		}
		cm, err = cs.CoreV1().ConfigMaps(def.Namespace).Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is the empty object that Create returns when it fails`
	}
	return cm, err
}

// The object the typed client returned when the call succeeded holds the
// stored resourceVersion.
func createThenUpdate(ctx context.Context, cs kubernetes.Interface, def *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	cm, err := cs.CoreV1().ConfigMaps(def.Namespace).Create(ctx, def, metav1.CreateOptions{})
	if err != nil {
		return nil, err
	}
	cm.Data = map[string]string{"a": "b"}
	return cs.CoreV1().ConfigMaps(def.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
}

// On failure the definition is sent, not the empty result: a parameter,
// which may hold a resourceVersion.
func createOrUpdateDef(ctx context.Context, cs kubernetes.Interface, def *corev1.ConfigMap) (*corev1.ConfigMap, error) {
	cm, err := cs.CoreV1().ConfigMaps(def.Namespace).Create(ctx, def, metav1.CreateOptions{})
	if apierrors.IsAlreadyExists(err) {
		return cs.CoreV1().ConfigMaps(def.Namespace).Update(ctx, def, metav1.UpdateOptions{})
	}
	return cm, err
}
