// Package clientgo calls the typed client of client-go v0.17.
package clientgo

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
)

// Touch reads, creates and deletes Pods with a context in scope.
func Touch(ctx context.Context, cs corev1client.PodsGetter) error {
	pods := cs.Pods("ns")
	p, err := pods.Get("name", metav1.GetOptions{}) // want `corev1client.PodInterface.Get changed its signature in k8s.io/client-go v0.18 to func\(context.Context, string, v1.GetOptions\) \(\*v1.Pod, error\) \(go.mod has v0.17.4, target v0.33\), so this does not compile at the target; pass a context first`
	if err != nil {
		return err
	}
	if _, err := pods.Create(p); err != nil { // want `PodInterface.Create changed its signature in k8s.io/client-go v0.18`
		return err
	}
	if _, err := pods.Patch("name", types.MergePatchType, nil); err != nil { // want `PodInterface.Patch changed its signature in k8s.io/client-go v0.18`
		return err
	}
	if err := pods.Delete("name", &metav1.DeleteOptions{}); err != nil { // want `PodInterface.Delete changed its signature`
		return err
	}
	return pods.Delete("other", nil) // want `PodInterface.Delete changed its signature`
}

// Count has no context to pass: a finding without a fix.
func Count(cs corev1client.PodsGetter) (int, error) {
	list, err := cs.Pods("ns").List(metav1.ListOptions{}) // want `PodInterface.List changed its signature in k8s.io/client-go v0.18`
	if err != nil {
		return 0, err
	}
	return len(list.Items), nil
}

// Local is a near miss: a Get of another type.
func Local(p *corev1.Pod) string {
	return getter{}.Get(p.Name)
}

type getter struct{}

func (getter) Get(name string) string { return name }
