package a

// The shapes of real bugs: objects that reach Update fresh through
// builders, decoders, collections, helpers and wrappers.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	"example.com/operator/api/legacyclient"
	v1 "example.com/operator/api/v1"
	"resourceversion/res"
)

// Flagged.

// The variable was filled by Get, then re-bound to the builder's result.
func (r *Reconciler) reboundToDesired(ctx context.Context, owner *v1.Widget, key client.ObjectKey) error {
	child := &v1.Widget{}
	if err := r.Get(ctx, key, child); err != nil {
		return err
	}
	child = r.desiredChild(owner)
	return r.Update(ctx, child) // want `child is built fresh .* because Widget is a custom resource`
}

func (r *Reconciler) desiredChild(owner *v1.Widget) *v1.Widget {
	return &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace}}
}

// A client-go clientset of the pre-context era.
func legacyUpdate(c legacyclient.WidgetInterface, name string) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: name}}
	_, err := c.Update(w) // want `w is built fresh .* so Update sends it`
	return err
}

// The dynamic client with an unstructured object.
func dynamicUpdate(ctx context.Context, dc dynamic.Interface, gvr schema.GroupVersionResource) error {
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("example.com/v1")
	u.SetKind("Widget")
	u.SetName("w")
	_, err := dc.Resource(gvr).Namespace("ns").Update(ctx, u, metav1.UpdateOptions{}) // want `u is built fresh .* rejects the update of a custom resource`
	return err
}

// A client wrapper of the package that forwards to a write.
type kube struct{ c client.Client }

func (k *kube) Save(ctx context.Context, obj client.Object) error { return k.c.Update(ctx, obj) }

func (r *Reconciler) throughWrapper(ctx context.Context, k *kube) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "w"}}
	return k.Save(ctx, w) // want `w is built fresh .* so k.Save \(which calls Update\) sends it`
}

// A helper that updates the object it is given.
func (r *Reconciler) apply(ctx context.Context, w *v1.Widget) error {
	return r.Update(ctx, w)
}

func (r *Reconciler) throughHelper(ctx context.Context) error {
	return r.apply(ctx, &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "w"}}) // want `the new Widget is built fresh .* r.apply \(which calls Update\)`
}

// Decoded from a manifest, then updated.
func (r *Reconciler) decodedManifest(ctx context.Context, manifest []byte) error {
	w := &v1.Widget{}
	if err := yaml.Unmarshal(manifest, w); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `w is built fresh .* custom resource`
}

// Desired objects collected into a slice, updated in a later loop; the
// resourceVersion is copied for Services only.
func (r *Reconciler) desiredObjects(ctx context.Context, owner *v1.Widget) error {
	desired := []client.Object{r.desiredDeployment(owner), r.desiredService(owner)}
	for _, obj := range desired {
		existing := &corev1.Service{}
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), existing); err != nil {
			return err
		}
		if svc, ok := obj.(*corev1.Service); ok {
			svc.ResourceVersion = existing.ResourceVersion
		}
		if err := r.Update(ctx, obj); err != nil { // want `obj \(when it holds the Deployment built by desiredDeployment\) is built fresh .* the Deployment`
			return err
		}
	}
	return nil
}

func (r *Reconciler) desiredDeployment(owner *v1.Widget) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: owner.Name}}
}

func (r *Reconciler) desiredService(owner *v1.Widget) *corev1.Service {
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: owner.Name}}
}

// Taken from a range loop over built objects, by value.
func (r *Reconciler) rangeByValue(ctx context.Context, names []string) error {
	var cms []corev1.ConfigMap
	for _, n := range names {
		cms = append(cms, corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: n}})
	}
	for _, cm := range cms {
		if err := r.Update(ctx, &cm); err != nil { // want `cm is built fresh .* ConfigMap`
			return err
		}
	}
	return nil
}

// Passed by value to a helper that updates it.
func (r *Reconciler) updateValue(ctx context.Context, w v1.Widget) error {
	return r.Update(ctx, &w)
}

func (r *Reconciler) byValue(ctx context.Context) error {
	w := v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "w"}}
	return r.updateValue(ctx, w) // want `w is built fresh .* r.updateValue \(which calls Update\)`
}

// Not flagged.

// Re-bound to the builder's result, then its resourceVersion copied.
func (r *Reconciler) reboundVersionCopied(ctx context.Context, owner *v1.Widget, key client.ObjectKey) error {
	current := &v1.Widget{}
	if err := r.Get(ctx, key, current); err != nil {
		return err
	}
	child := r.desiredChild(owner)
	child.ResourceVersion = current.ResourceVersion
	return r.Update(ctx, child)
}

// Filled on one path only: the other path creates it.
func (r *Reconciler) getOrCreate(ctx context.Context, key client.ObjectKey) error {
	w := &v1.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		w = r.desiredChild(&v1.Widget{})
		return r.Create(ctx, w)
	}
	w.Spec.Size = 1
	return r.Update(ctx, w)
}

// A wrapper that fetches before it writes.
func (k *kube) Refresh(ctx context.Context, obj client.Object) error {
	if err := k.c.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		return err
	}
	return k.c.Update(ctx, obj)
}

func (r *Reconciler) wrapperFetches(ctx context.Context, k *kube) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "w"}}
	return k.Refresh(ctx, w)
}

// All desired objects get their resourceVersion copied.
func (r *Reconciler) desiredAllCopied(ctx context.Context, owner *v1.Widget) error {
	desired := []client.Object{r.desiredDeployment(owner), r.desiredService(owner)}
	for _, obj := range desired {
		existing := obj.DeepCopyObject().(client.Object)
		if err := r.Get(ctx, client.ObjectKeyFromObject(obj), existing); err != nil {
			return err
		}
		obj.SetResourceVersion(existing.GetResourceVersion())
		if err := r.Update(ctx, obj); err != nil {
			return err
		}
	}
	return nil
}

// A legacy clientset Get, then Update of the result.
func legacyFetched(c legacyclient.WidgetInterface, name string) error {
	w, err := c.Get(name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w.Spec.Size = 3
	_, err = c.Update(w)
	return err
}

// Flagged (more shapes of real bugs).

// Create, and on AlreadyExists an Update of the same object, which was not
// created and has no resourceVersion.
func (r *Reconciler) createThenUpdate(ctx context.Context) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "w"}}
	if err := r.Create(ctx, w); err != nil {
		if apierrors.IsAlreadyExists(err) {
			return r.Update(ctx, w) // want `w is built fresh .* custom resource`
		}
		return err
	}
	return nil
}

// The current object is read into another variable; the parameter, the
// desired object, is sent.
func applyService(ctx context.Context, c client.Client, svc *corev1.Service) error {
	var existing corev1.Service
	err := c.Get(ctx, client.ObjectKeyFromObject(svc), &existing)
	if apierrors.IsNotFound(err) {
		return c.Create(ctx, svc)
	} else if err != nil {
		return err
	}
	if existing.Spec.ClusterIP == svc.Spec.ClusterIP {
		return nil
	}
	return c.Update(ctx, svc) // want `svc is sent with Update, but the current object was read into existing: svc has no resourceVersion unless its caller gave it one`
}

// Decoded with a runtime.Decoder, then sent with the dynamic client.
func decodedDynamic(ctx context.Context, dec runtime.Decoder, dc dynamic.Interface, gvr schema.GroupVersionResource, manifest []byte) error {
	obj := &unstructured.Unstructured{}
	if _, _, err := dec.Decode(manifest, nil, obj); err != nil {
		return err
	}
	res := dc.Resource(gvr).Namespace("ns")
	if _, err := res.Get(ctx, obj.GetName(), metav1.GetOptions{}); err != nil {
		_, err = res.Create(ctx, obj, metav1.CreateOptions{})
		return err
	}
	_, err := res.Update(ctx, obj, metav1.UpdateOptions{}) // want `obj is built fresh`
	return err
}

// The resourceVersion copied from a Get that found nothing.
func (r *Reconciler) versionFromNotFound(ctx context.Context, owner *v1.Widget, key client.ObjectKey) error {
	desired := r.desiredChild(owner)
	current := &v1.Widget{}
	if err := r.Get(ctx, key, current); err != nil {
		if !apierrors.IsNotFound(err) {
			return err
		}
		desired.ResourceVersion = current.ResourceVersion
		return r.Update(ctx, desired) // want `desired is built fresh`
	}
	return nil
}

// The dynamic client reads the current object and returns it; the result
// is dropped and the desired parameter is sent.
func applyDynamic(ctx context.Context, res dynamic.ResourceInterface, obj *unstructured.Unstructured) error {
	if _, err := res.Get(ctx, obj.GetName(), metav1.GetOptions{}); err != nil {
		if apierrors.IsNotFound(err) {
			_, err = res.Create(ctx, obj, metav1.CreateOptions{})
		}
		return err
	}
	_, err := res.Update(ctx, obj, metav1.UpdateOptions{}) // want `obj is sent with Update, but the current object was read by res.Get at line \d+: .*copy the resourceVersion of the object res.Get returns`
	return err
}

// A typed clientset returns the current ConfigMap into a variable of its
// own; the desired one, compared by a function the caller passed, is sent.
func applyConfigMap(ctx context.Context, cs kubernetes.Interface, cm *corev1.ConfigMap, same func(a, b *corev1.ConfigMap) bool) error {
	cms := cs.CoreV1().ConfigMaps(cm.Namespace)
	current, err := cms.Get(ctx, cm.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if same(cm, current) {
		return nil
	}
	_, err = cms.Update(ctx, cm, metav1.UpdateOptions{}) // want `cm is sent with Update, but the current object was read by cms.Get`
	return err
}

// The update goes through a wrapper of the package.
func applyServiceWrapped(ctx context.Context, c client.Client, svc *corev1.Service) error {
	var existing corev1.Service
	if err := c.Get(ctx, client.ObjectKeyFromObject(svc), &existing); err != nil {
		return err
	}
	return updateObject(ctx, c, svc) // want `svc is sent with updateObject \(which calls Update\), but the current object was read into existing`
}

func updateObject(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Update(ctx, obj)
}

// One object decoded anew on each turn of a loop: the dynamic Create of an
// earlier turn did not give it a resourceVersion (client-go returns the
// created object and leaves its argument as it was).
func applyManifests(ctx context.Context, dec runtime.Decoder, res dynamic.ResourceInterface, manifests [][]byte) error {
	obj := &unstructured.Unstructured{}
	for _, m := range manifests {
		if _, _, err := dec.Decode(m, nil, obj); err != nil {
			return err
		}
		var err error
		if _, err = res.Get(ctx, obj.GetName(), metav1.GetOptions{}); apierrors.IsNotFound(err) {
			_, err = res.Create(ctx, obj, metav1.CreateOptions{})
		} else if err == nil {
			_, err = res.Update(ctx, obj, metav1.UpdateOptions{}) // want `obj is built fresh`
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Not flagged (near-misses of the shapes above).

// The resourceVersion of the object the dynamic client returned is copied.
func applyDynamicCopied(ctx context.Context, res dynamic.ResourceInterface, obj *unstructured.Unstructured) error {
	current, err := res.Get(ctx, obj.GetName(), metav1.GetOptions{})
	if err != nil {
		return err
	}
	obj.SetResourceVersion(current.GetResourceVersion())
	_, err = res.Update(ctx, obj, metav1.UpdateOptions{})
	return err
}

// The object the typed client returned is changed and sent.
func applyConfigMapFetched(ctx context.Context, cs kubernetes.Interface, cm *corev1.ConfigMap) error {
	cms := cs.CoreV1().ConfigMaps(cm.Namespace)
	current, err := cms.Get(ctx, cm.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	current.Data = cm.Data
	_, err = cms.Update(ctx, current, metav1.UpdateOptions{})
	return err
}

// A callback the caller passed may fill the object (it returns nothing,
// so it is no comparison).
func applyServiceMutated(ctx context.Context, c client.Client, svc *corev1.Service, mutate func(*corev1.Service)) error {
	var existing corev1.Service
	if err := c.Get(ctx, client.ObjectKeyFromObject(svc), &existing); err != nil {
		return err
	}
	mutate(svc)
	return c.Update(ctx, svc)
}

// controller-runtime decodes the created object into its argument: a
// later Update of it in the loop has the resourceVersion.
func (r *Reconciler) createdInLoop(ctx context.Context, names []string) error {
	w := &v1.Widget{}
	for _, n := range names {
		w.Name = n
		if err := r.Create(ctx, w); err != nil {
			return err
		}
		w.Spec.Size = 1
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	return nil
}

// The resourceVersion of the fetched object is copied.
func applyServiceCopied(ctx context.Context, c client.Client, svc *corev1.Service) error {
	var existing corev1.Service
	if err := c.Get(ctx, client.ObjectKeyFromObject(svc), &existing); err != nil {
		return err
	}
	svc.ResourceVersion = existing.ResourceVersion
	return c.Update(ctx, svc)
}

// The fetched object itself is changed and sent.
func applyServiceFetched(ctx context.Context, c client.Client, svc *corev1.Service) error {
	var existing corev1.Service
	if err := c.Get(ctx, client.ObjectKeyFromObject(svc), &existing); err != nil {
		return err
	}
	existing.Spec = svc.Spec
	return c.Update(ctx, &existing)
}

// Create succeeded, then Update.
func (r *Reconciler) createdThenUpdated(ctx context.Context) error {
	w := &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "w"}}
	if err := r.Create(ctx, w); err != nil {
		return err
	}
	w.Spec.Size = 3
	return r.Update(ctx, w)
}

// A Get-named helper of another package fills the object it is given.
func (r *Reconciler) filledByHelper(ctx context.Context, name, ns string) error {
	d := &appsv1.Deployment{}
	if err := res.GetResource(ctx, name, ns, r.Client, d); err != nil {
		return err
	}
	d.Spec.Paused = true
	return r.Update(ctx, d)
}

// A helper that takes the desired object's builder as a callback: the
// literals its callers bind run where it calls the parameter, and what
// they return is its object.
func (r *Reconciler) applyBuilt(ctx context.Context, build func(owner *v1.Widget) *v1.Widget, owner *v1.Widget) error {
	w := build(owner)
	return r.Update(ctx, w) // want `w is built fresh at depth.go:428 and never read .* because Widget is a custom resource`
}

func (r *Reconciler) applyChild(ctx context.Context, owner *v1.Widget) error {
	return r.applyBuilt(ctx, func(owner *v1.Widget) *v1.Widget {
		return &v1.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child"}}
	}, owner)
}

// Quiet: every builder bound to the parameter reads the object first.
func (r *Reconciler) applyFetched(ctx context.Context, fetch func() (*v1.Widget, error)) error {
	w, err := fetch()
	if err != nil {
		return err
	}
	w.Spec.Size = 2
	return r.Update(ctx, w)
}

func (r *Reconciler) applyCurrent(ctx context.Context, key client.ObjectKey) error {
	return r.applyFetched(ctx, func() (*v1.Widget, error) {
		w := &v1.Widget{}
		if err := r.Get(ctx, key, w); err != nil {
			return nil, err
		}
		return w, nil
	})
}

// A generic helper: its callers' literals are bound as well.
func applyGeneric[T client.Object](ctx context.Context, c client.Client, build func() T) error {
	obj := build()
	return c.Update(ctx, obj) // want `obj is built fresh at depth.go:459 and never read`
}

func (r *Reconciler) applyGenericWidget(ctx context.Context) error {
	return applyGeneric(ctx, r.Client, func() *v1.Widget { return &v1.Widget{} })
}

// Quiet: helpers whose callers are not all known or whose parameter may
// hold another function: one also used as a value, one that re-binds the
// parameter, and a method whose name an interface of the package declares
// (a call through the interface does not name it).
func (r *Reconciler) applyBuiltValue(ctx context.Context, build func() *v1.Widget) error {
	w := build()
	return r.Update(ctx, w)
}

func (r *Reconciler) applyAsValue(ctx context.Context) error {
	apply := r.applyBuiltValue
	_ = apply
	return r.applyBuiltValue(ctx, func() *v1.Widget { return &v1.Widget{} })
}

func (r *Reconciler) applyRebound(ctx context.Context, key client.ObjectKey, build func() *v1.Widget) error {
	build = r.fetcher(ctx, key)
	w := build()
	return r.Update(ctx, w)
}

func (r *Reconciler) fetcher(ctx context.Context, key client.ObjectKey) func() *v1.Widget {
	return func() *v1.Widget {
		w := &v1.Widget{}
		_ = r.Get(ctx, key, w)
		return w
	}
}

func (r *Reconciler) applyRebinding(ctx context.Context, key client.ObjectKey) error {
	return r.applyRebound(ctx, key, func() *v1.Widget { return &v1.Widget{} })
}

type widgetApplier interface {
	applyVia(ctx context.Context, build func() *v1.Widget) error
}

func (r *Reconciler) applyVia(ctx context.Context, build func() *v1.Widget) error {
	w := build()
	return r.Update(ctx, w)
}

func (r *Reconciler) applyThroughInterface(ctx context.Context) error {
	return r.applyVia(ctx, func() *v1.Widget { return &v1.Widget{} })
}
