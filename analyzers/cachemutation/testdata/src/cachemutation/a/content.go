package a

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/cache"
)

// An unstructured object is its content map: the converter, Object and
// UnstructuredContent return the map itself, and a literal wrapping it
// makes no copy.

// claimConverted re-wraps the converter's map of a dynamic lister's
// object, and labels the wrapper: the cached object's labels.
func claimConverted(l cache.GenericLister, name string) error {
	obj, err := l.Get(name)
	if err != nil {
		return err
	}
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return err
	}
	u := &unstructured.Unstructured{Object: m}
	u.SetLabels(map[string]string{"claimed": "yes"}) // want `u.SetLabels changes the Labels of u, which the GenericLister Get at line 17 returned from the shared informer cache, .*; copy it before changing it: u = u.DeepCopy\(\)`
	return nil
}

// stripContent deletes from the content map of a cached object.
func stripContent(l cache.GenericLister, name string) {
	obj, _ := l.Get(name)
	u := obj.(*unstructured.Unstructured)
	content := u.UnstructuredContent()
	delete(content, "status") // want `delete\(content, "status"\) changes content, the content map of an object, which the GenericLister Get at line 32 returned from the shared informer cache, so every other reader of the cache sees the change and concurrent writes of its maps crash the process .*; take the content map of a deep copy of the object instead \(DeepCopy\)`
}

// nestedWrite writes a nested field into the cached object's map.
func nestedWrite(l cache.GenericLister, name string) {
	obj, _ := l.Get(name)
	u := obj.(*unstructured.Unstructured)
	_ = unstructured.SetNestedField(u.Object, "Ready", "status", "phase") // want `unstructured.SetNestedField\(u.Object\) changes the content map of an object, which the GenericLister Get at line 40`
}

// nestedAssign writes into a map nested in the content.
func nestedAssign(l cache.GenericLister, name string) {
	obj, _ := l.Get(name)
	m, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	m["spec"].(map[string]interface{})["paused"] = true // want `the assignment to m\["spec"\].\(map\[string\]interface\{\}\)\["paused"\] changes m, the content map of an object, which the GenericLister Get at line 47`
}

// Good.

// claimCopy converts a deep copy.
func claimCopy(l cache.GenericLister, name string) {
	obj, _ := l.Get(name)
	m, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(obj.DeepCopyObject())
	u := &unstructured.Unstructured{Object: m}
	u.SetLabels(map[string]string{"claimed": "yes"})
}

// typedConverted converts a typed object: its fields go to a new map.
func typedConverted(l cache.GenericLister, name string) {
	obj, _ := l.Get(name)
	pod := obj.(*corev1.Pod)
	m, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(pod)
	delete(m, "status")
	u := &unstructured.Unstructured{Object: m}
	u.SetLabels(nil)
}

// readContent only reads the map.
func readContent(l cache.GenericLister, name string) string {
	obj, _ := l.Get(name)
	u := obj.(*unstructured.Unstructured)
	phase, _, _ := unstructured.NestedString(u.Object, "status", "phase")
	for k := range u.UnstructuredContent() {
		phase += k
	}
	return phase
}

// newContent wraps a map of its own.
func newContent(l cache.GenericLister, name string) {
	obj, _ := l.Get(name)
	u := obj.(*unstructured.Unstructured)
	m := map[string]interface{}{"kind": u.GetKind()}
	m["apiVersion"] = "v1"
	fresh := &unstructured.Unstructured{Object: m}
	fresh.SetLabels(map[string]string{"claimed": "yes"})
}

// toUnstructured wraps the converter (karmada's helper.ToUnstructured):
// for an unstructured object, the object's own map.
func toUnstructured(obj interface{}) (*unstructured.Unstructured, error) {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
	if err != nil {
		return nil, err
	}
	return &unstructured.Unstructured{Object: m}, nil
}

// claimThroughHelper labels what the helper returns.
func claimThroughHelper(l cache.GenericLister, name string) {
	obj, _ := l.Get(name)
	u, _ := toUnstructured(obj)
	u.SetLabels(map[string]string{"claimed": "yes"}) // want `u.SetLabels changes the Labels of u, which the GenericLister Get at line 105`
}

// claimCopyThroughHelper labels what the helper returns for a copy.
func claimCopyThroughHelper(l cache.GenericLister, name string) {
	obj, _ := l.Get(name)
	u, _ := toUnstructured(obj.DeepCopyObject())
	u.SetLabels(map[string]string{"claimed": "yes"})
}

// sameBody compares two objects without their status: for a typed
// object the converter makes a new map.
func sameBody(x, y runtime.Object) bool {
	mx, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(x)
	my, _ := runtime.DefaultUnstructuredConverter.ToUnstructured(y)
	delete(mx, "status")
	delete(my, "status")
	return len(mx) == len(my)
}

// typedThroughHelper hands a cached typed object to sameBody.
func typedThroughHelper(l cache.GenericLister, name string, desired *corev1.Pod) bool {
	obj, _ := l.Get(name)
	pod := obj.(*corev1.Pod)
	return sameBody(pod, desired)
}

// unstructuredThroughHelper hands a cached unstructured object to it.
func unstructuredThroughHelper(l cache.GenericLister, name string, desired *unstructured.Unstructured) bool {
	obj, _ := l.Get(name)
	u := obj.(*unstructured.Unstructured)
	return sameBody(u, desired) // want `sameBody changes the Object of u, which the GenericLister Get at line 136`
}
