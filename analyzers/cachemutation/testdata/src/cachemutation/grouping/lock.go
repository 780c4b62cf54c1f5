package grouping

import "sigs.k8s.io/controller-runtime/pkg/client"

// Lock claims an object with an annotation: it writes the map that the
// object's getter returns, the object's own (openkruise/agents#386, whose
// LockSandbox lives in another package than the controller's).
func Lock(obj client.Object, owner string) {
	annotations := obj.GetAnnotations()
	if annotations == nil {
		annotations = make(map[string]string, 1)
	}
	annotations["example.com/lock"] = owner
	obj.SetAnnotations(annotations)
}

// LockFresh claims an object with a map of its own.
func LockFresh(obj client.Object, owner string) {
	annotations := map[string]string{}
	for k, v := range obj.GetAnnotations() {
		annotations[k] = v
	}
	annotations["example.com/lock"] = owner
	obj.SetAnnotations(annotations)
}

// Owner only reads the object.
func Owner(obj client.Object) string {
	return obj.GetAnnotations()["example.com/lock"]
}
