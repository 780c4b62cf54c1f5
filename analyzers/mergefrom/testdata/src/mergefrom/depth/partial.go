package depth

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A patch object built with only the metadata of the object read, patched
// against the whole object (datadog-operator#1320): the merge patch from
// the base to it clears every field it leaves empty (the node's spec).
func labelNode(ctx context.Context, c client.Client, key client.ObjectKey, labels map[string]string) error {
	node := &corev1.Node{}
	if err := c.Get(ctx, key, node); err != nil {
		return err
	}
	partial := corev1.Node{
		TypeMeta:   node.TypeMeta,
		ObjectMeta: node.ObjectMeta,
	}
	partial.Labels = labels
	return c.Patch(ctx, &partial, client.MergeFrom(node)) // want `client.MergeFrom\(node\) is the base of the patch that c.Patch at line 23 computes for partial, which holds only the metadata of node: a merge patch from the whole object to it clears every field partial leaves empty`
}

// The fix: a deep copy of the object read, changed. Quiet.
func labelNodeCopy(ctx context.Context, c client.Client, key client.ObjectKey, labels map[string]string) error {
	node := &corev1.Node{}
	if err := c.Get(ctx, key, node); err != nil {
		return err
	}
	modified := node.DeepCopy()
	modified.Labels = labels
	return c.Patch(ctx, modified, client.MergeFrom(node))
}

// Both sides built with only the metadata: the patch carries the labels
// alone. Quiet.
func labelBothPartial(ctx context.Context, c client.Client, node *corev1.Node, labels map[string]string) error {
	base := &corev1.Node{ObjectMeta: node.ObjectMeta}
	partial := &corev1.Node{ObjectMeta: node.ObjectMeta}
	partial.Labels = labels
	return c.Patch(ctx, partial, client.MergeFrom(base))
}

// The same over the elements of a list read (datadog-operator's
// profilesCleanup).
func unlabelNodes(ctx context.Context, c client.Client) error {
	nodes := &corev1.NodeList{}
	if err := c.List(ctx, nodes); err != nil {
		return err
	}
	for _, node := range nodes.Items {
		partial := corev1.Node{TypeMeta: node.TypeMeta, ObjectMeta: node.ObjectMeta}
		partial.Labels = map[string]string{}
		if err := c.Patch(ctx, &partial, client.MergeFrom(&node)); err != nil { // want `computes for partial, which holds only the metadata of node`
			return err
		}
	}
	return nil
}
