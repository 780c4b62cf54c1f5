// Package snapscope is a reconcile scope in a package of its own, in the
// style of cluster-api providers: its constructor takes the patch
// helper's snapshot of the objects it is given in a parameter struct.
package snapscope

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/cluster-api/util/conditions"
	v1beta1patch "sigs.k8s.io/cluster-api/util/deprecated/v1beta1/patch"
	"sigs.k8s.io/cluster-api/util/patch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ClusterParams are the parameters shared by the scopes.
type ClusterParams struct {
	Client client.Client
	Node   *corev1.Node
}

// PodParams are the parameters of NewPodScope.
type PodParams struct {
	ClusterParams
	Pod    *corev1.Pod
	Config *corev1.ConfigMap
}

// PodScope holds a Pod and the helper that patches it.
type PodScope struct {
	Pod    *corev1.Pod
	helper *patch.Helper
}

// NewPodScope takes the helper's snapshot of params.Pod.
func NewPodScope(params PodParams) (*PodScope, error) {
	helper, err := patch.NewHelper(params.Pod, params.Client)
	if err != nil {
		return nil, err
	}
	return &PodScope{Pod: params.Pod, helper: helper}, nil
}

// NewNodeHelper takes the helper's snapshot of node.
func NewNodeHelper(node *corev1.Node, c client.Client) (*patch.Helper, error) {
	return patch.NewHelper(node, c)
}

// Close sends the changes made to the Pod since the snapshot.
func (s *PodScope) Close(ctx context.Context) error {
	return s.helper.Patch(ctx, s.Pod)
}

// EnsureReady sets a condition with a helper of its own and sends it
// (cluster-api-provider-aws's paused.EnsurePausedCondition, with the
// v1beta1 copy of the patch package): nothing is left for a later helper.
func EnsureReady(ctx context.Context, c client.Client, pod *corev1.Pod) error {
	helper, err := v1beta1patch.NewHelper(pod, c)
	if err != nil {
		return err
	}
	conditions.MarkTrue(pod, "Ready")
	return helper.Patch(ctx, pod)
}
