// Package illtyped does not type-check: expressions without a type must
// not stop the object flow (objflow runs despite errors).
package illtyped

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Groups holds pods.
type Groups struct {
	Pods []*corev1.Pod
}

// Group ranges over what has no type.
func Group(ctx context.Context, c client.Client, pod *corev1.Pod) (*Groups, error) {
	g := &Groups{}
	for _, p := range undefinedPods {
		g.Pods = append(g.Pods, p)
	}
	for _, p := range pod.Spec.Undefined {
		_ = p
	}
	var list corev1.PodList
	if err := c.List(ctx, &list, undefinedOption); err != nil {
		return nil, err
	}
	for i := range list.Items {
		g.Pods = append(g.Pods, &list.Items[i])
	}
	g.Pods = append(g.Pods, pod)
	return g, c.Update(ctx, undefinedObject(pod))
}
