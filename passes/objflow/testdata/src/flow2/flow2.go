package flow2

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func Debug(...any)        {}
func DebugChanges(...any) {}

type R struct{ client.Client }

func (r *R) rangeByValue(ctx context.Context, names []string) {
	var cms []corev1.ConfigMap
	for _, n := range names {
		cms = append(cms, corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: n}})
	}
	Debug(cms) // want `cms=Alloc\[\]`
	for _, cm := range cms {
		Debug(&cm) // want `&cm=Copy\[\]`
	}
}

func (r *R) desiredObjects(ctx context.Context, owner *corev1.Pod) {
	desired := []client.Object{r.desiredDeployment(owner), r.desiredService(owner)}
	Debug(desired) // want `desired=Fresh\[\],Fresh\[\]`
	for _, obj := range desired {
		Debug(obj) // want `obj=Fresh\[\],Fresh\[\]`
		if svc, ok := obj.(*corev1.Service); ok {
			Debug(svc) // want `svc=Fresh\[\]`
			svc.ResourceVersion = "1"
		}
		Debug(obj) // want `obj=Fresh\[Filled\],Fresh\[\]`
	}
}

func (r *R) desiredDeployment(owner *corev1.Pod) *appsv1.Deployment {
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: owner.Name}}
}

func (r *R) desiredService(owner *corev1.Pod) *corev1.Service {
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: owner.Name}}
}

func (r *R) listItems(ctx context.Context) {
	var list appsv1.DeploymentList
	_ = r.List(ctx, &list)
	for i := range list.Items {
		list.Items[i].Status.Replicas = 1
		DebugChanges(&list.Items[i]) // want `&\?=Load\{Status.Replicas\(the assignment to list.Items\[i\].Status.Replicas\)\}`
	}
}
