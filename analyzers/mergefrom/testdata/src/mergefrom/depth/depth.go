// Package depth exercises mergefrom on the shapes of real bugs: bases held
// in other variables, accessors, swapped base and object, changes made on
// a copy that is never sent.
package depth

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const fin = "example.com/f"

// Flagged.

// The base is held in another variable that aliases the object.
func otherVariable(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	orig := pod
	patch := client.MergeFrom(orig) // want `client.MergeFrom\(orig\) takes orig itself as the patch base, and controllerutil.RemoveFinalizer at line 22 changes it`
	controllerutil.RemoveFinalizer(pod, fin)
	return c.Patch(ctx, pod, patch)
}

// An accessor returns the same pointer every time.
type scope struct{ pod *corev1.Pod }

func (s *scope) Pod() *corev1.Pod { return s.pod }

func accessor(ctx context.Context, c client.Client, s *scope) error {
	patch := client.MergeFrom(s.Pod()) // want `client.MergeFrom\(s.Pod\(\)\) takes s.Pod\(\) itself as the patch base, and the assignment to s.Pod\(\).Labels at line 33`
	s.Pod().Labels = map[string]string{"a": "b"}
	return c.Patch(ctx, s.Pod(), patch)
}

// Base and object swapped: the changed copy is the base, the unchanged
// original is sent, so the patch reverts the change.
func swapped(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	modified := pod.DeepCopy()
	modified.Labels = map[string]string{"a": "b"}
	patch := client.MergeFrom(modified) // want `client.MergeFrom\(modified\) takes modified, a copy changed by the assignment to modified.Labels at line 41, as the base of the patch that c.Patch at line 43 sends for the unchanged pod, so the patch reverts the change; patch the copy against the original: c.Patch\(ctx, modified, client.MergeFrom\(pod\)\)`
	return c.Patch(ctx, pod, patch)
}

// The change is made on a copy that is never sent.
func changedCopy(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	patch := client.MergeFrom(pod) // want `the change is made on the copy updated, which is never sent; patch the copy against the original: c.Patch\(ctx, updated, client.MergeFrom\(pod\)\)`
	updated := pod.DeepCopy()
	controllerutil.AddFinalizer(updated, fin)
	return c.Patch(ctx, pod, patch)
}

// Not flagged.

func copiedBase(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	orig := pod.DeepCopy()
	patch := client.MergeFrom(orig)
	controllerutil.RemoveFinalizer(pod, fin)
	return c.Patch(ctx, pod, patch)
}

func accessorCopied(ctx context.Context, c client.Client, s *scope) error {
	patch := client.MergeFrom(s.Pod().DeepCopy())
	s.Pod().Labels = map[string]string{"a": "b"}
	return c.Patch(ctx, s.Pod(), patch)
}

// The copy is changed and sent against the original.
func copySentAgainstOriginal(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	modified := pod.DeepCopy()
	modified.Labels = map[string]string{"a": "b"}
	return c.Patch(ctx, modified, client.MergeFrom(pod))
}

// The base is copied after the change: the patch is empty.
func copiedAfterChange(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	controllerutil.AddFinalizer(pod, fin)
	old := pod.DeepCopy()
	return c.Patch(ctx, pod, client.MergeFrom(old)) // want `client.MergeFrom\(old\) takes old, a copy taken at line 79 after controllerutil.AddFinalizer at line 78 changed pod, as the base of the patch that c.Patch at line 80 sends, so the patch is empty and the change is lost; take the copy before changing pod`
}

// Copied after one change, changed again after the copy: that change is
// sent.
func changedBeforeAndAfterCopy(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	pod.Labels = map[string]string{"a": "b"}
	old := pod.DeepCopy()
	controllerutil.AddFinalizer(pod, fin)
	return c.Patch(ctx, pod, client.MergeFrom(old))
}

// Flagged: the change on a copy, with the patch sent by a deferred call (met
// at every exit).
func changedCopyDeferred(ctx context.Context, c client.Client, pod *corev1.Pod) (err error) {
	patch := client.MergeFrom(pod) // want `the change is made on the copy updated, which is never sent; patch the copy against the original: c.Patch\(ctx, updated, client.MergeFrom\(pod\)\)`
	defer func() {
		err = c.Patch(ctx, pod, patch)
	}()
	updated := pod.DeepCopy()
	if updated.Labels == nil {
		return nil
	}
	controllerutil.AddFinalizer(updated, fin)
	return nil
}

// describeObject stands for code opvet cannot see (a library that reads
// the object, such as apiutil.GVKForObject).
var describeObject func(client.Object) string

// Not flagged: before the copy the object was only handed to code opvet
// cannot see, which may read it (cluster-api's patch.NewHelper): no change
// is known to be lost.
func copiedAfterUnseenCall(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	_ = describeObject(pod)
	old := pod.DeepCopy()
	return c.Patch(ctx, pod, client.MergeFrom(old))
}

// Two changes before the copy, the first sent by a patch of its own
// (whose failure is only logged), in a loop: the message names the
// second, which is lost whether or not that patch failed (cass-operator
// reconcile_racks.go).
func copiedAfterSecondChange(ctx context.Context, c client.Client, names []string) error {
	pod := &corev1.Pod{}
	for _, name := range names {
		if err := c.Get(ctx, client.ObjectKey{Name: name}, pod); err != nil {
			return err
		}
		p := client.MergeFrom(pod.DeepCopy())
		if len(name) > 3 {
			pod.SetLabels(map[string]string{"a": "b"})
			if err := c.Patch(ctx, pod, p); err != nil {
				println(err.Error())
			}
		}
		pod.SetAnnotations(map[string]string{"c": "d"})
		old := pod.DeepCopy()
		if err := c.Patch(ctx, pod, client.MergeFrom(old)); err != nil { // want `a copy taken at line 138 after pod.SetAnnotations at line 137 changed pod`
			return err
		}
	}
	return nil
}
