// Package snapshot: changes made before cluster-api's patch.NewHelper
// takes its snapshot are in the helper's base, so its Patch never sends
// them.
package snapshot

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/conditions"
	"sigs.k8s.io/cluster-api/util/patch"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"mergefrom/snapscope"
)

// A label set before the helper is made: never sent.
func labelBeforeHelper(ctx context.Context, c client.Client, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Labels["ready"] = "true" // want `the assignment to pod.Labels\["ready"\] changes pod before patch.NewHelper at line 24 takes its snapshot of it: cluster-api's patch helper sends only what changed after that snapshot, so this change is never sent; make it after the helper is created`
	helper, err := patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	return helper.Patch(ctx, pod)
}

// A condition marked before the scope constructor of another package
// takes the snapshot (cluster-api-provider-hetzner#889).
func conditionBeforeScope(ctx context.Context, c client.Client, key client.ObjectKey) (reterr error) {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	conditions.MarkTrue(pod, "TokenAvailable") // want `conditions.MarkTrue changes pod before snapscope.NewPodScope at line 39 takes the patch-helper snapshot \(patch.NewHelper\) of it`
	scope, err := snapscope.NewPodScope(snapscope.PodParams{
		ClusterParams: snapscope.ClusterParams{Client: c},
		Pod:           pod,
	})
	if err != nil {
		return err
	}
	defer func() {
		if err := scope.Close(ctx); err != nil && reterr == nil {
			reterr = err
		}
	}()
	return nil
}

// The same, the object handed straight to a constructor of the helper.
func nodeBeforeHelper(ctx context.Context, c client.Client, key client.ObjectKey) error {
	node := &corev1.Node{}
	if err := c.Get(ctx, key, node); err != nil {
		return err
	}
	node.Spec.Unschedulable = true // want `node.Spec.Unschedulable changes node before snapscope.NewNodeHelper`
	helper, err := snapscope.NewNodeHelper(node, c)
	if err != nil {
		return err
	}
	return helper.Patch(ctx, node)
}

// The fix: the condition marked after the scope is made. Quiet.
func conditionAfterScope(ctx context.Context, c client.Client, key client.ObjectKey) (reterr error) {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	scope, err := snapscope.NewPodScope(snapscope.PodParams{Pod: pod})
	if err != nil {
		return err
	}
	defer func() {
		if err := scope.Close(ctx); err != nil && reterr == nil {
			reterr = err
		}
	}()
	conditions.MarkTrue(pod, "TokenAvailable")
	return nil
}

// Changed and updated before the helper is made: sent. Quiet.
func updatedBeforeHelper(ctx context.Context, c client.Client, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Labels["ready"] = "true"
	if err := c.Update(ctx, pod); err != nil {
		return err
	}
	helper, err := patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	pod.Annotations["seen"] = "yes"
	return helper.Patch(ctx, pod)
}

// Changed before the helper is made and sent by an Update after it. Quiet.
func updatedAfterHelper(ctx context.Context, c client.Client, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Labels["ready"] = "true"
	helper, err := patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	if err := c.Update(ctx, pod); err != nil {
		return err
	}
	return helper.Patch(ctx, pod)
}

// A field of the parameter struct that the constructor takes no snapshot
// of, changed before it, and TypeMeta, which no patch carries. Quiet.
func otherFieldBeforeScope(ctx context.Context, c client.Client, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	cm := &corev1.ConfigMap{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	if err := c.Get(ctx, key, cm); err != nil {
		return err
	}
	cm.Data["a"] = "b"
	pod.Kind = "Pod"
	scope, err := snapscope.NewPodScope(snapscope.PodParams{Pod: pod, Config: cm})
	if err != nil {
		return err
	}
	return scope.Close(ctx)
}

// An object built here, not read: the helper of an object being created
// has nothing older to compare with. Quiet.
func builtBeforeHelper(ctx context.Context, c client.Client) error {
	pod := &corev1.Pod{}
	pod.Labels = map[string]string{"a": "b"}
	helper, err := patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	return helper.Patch(ctx, pod)
}

// Changed after one helper is made and sent by its Patch in a function
// literal that the test framework runs (Gomega's Eventually), then a
// second helper: the literal that holds the object may have sent the
// change. Quiet.
func patchedInLiteral(ctx context.Context, c client.Client, key client.ObjectKey, eventually func(func() error)) error {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	helper, err := patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	pod.Labels["ready"] = "true"
	eventually(func() error { return helper.Patch(ctx, pod) })
	helper, err = patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	pod.Labels["ready"] = "false"
	return helper.Patch(ctx, pod)
}

// The same in a test framework's nested literals, the object a variable of
// the enclosing literal (a Ginkgo It inside a Describe). Quiet.
func patchedInNestedLiteral(ctx context.Context, c client.Client, key client.ObjectKey, it func(func()), eventually func(func() error)) {
	var pod *corev1.Pod
	it(func() {
		pod = &corev1.Pod{}
		_ = c.Get(ctx, key, pod)
	})
	it(func() {
		_ = c.Create(ctx, pod)
		helper, _ := patch.NewHelper(pod, c)
		pod.Labels["ready"] = "true"
		eventually(func() error { return helper.Patch(ctx, pod) })
		helper, _ = patch.NewHelper(pod, c)
		pod.Labels["ready"] = "false"
		eventually(func() error { return helper.Patch(ctx, pod) })
	})
}

// A helper of another package that sets a condition and sends it with a
// helper of its own, before this function's helper is made. Quiet.
func ensuredBeforeHelper(ctx context.Context, c client.Client, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	if err := snapscope.EnsureReady(ctx, c, pod); err != nil {
		return err
	}
	helper, err := patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	return helper.Patch(ctx, pod)
}

// newLocalHelper takes the helper's snapshot of pod, in this package.
func newLocalHelper(pod *corev1.Pod, c client.Client) (*patch.Helper, error) {
	return patch.NewHelper(pod, c)
}

// A change before a function of the package takes the snapshot.
func labelBeforeLocalHelper(ctx context.Context, c client.Client, key client.ObjectKey) error {
	pod := &corev1.Pod{}
	if err := c.Get(ctx, key, pod); err != nil {
		return err
	}
	pod.Labels["local"] = "true" // want `changes pod before newLocalHelper`
	helper, err := newLocalHelper(pod, c)
	if err != nil {
		return err
	}
	return helper.Patch(ctx, pod)
}
