// Package fakedeletion builds fake clients with objects being deleted:
// from controller-runtime v0.15 the builder refuses those without a
// finalizer.
package fakedeletion

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/fake"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Deleted marks a variable deleted before handing it to the builder.
func Deleted() client.Client {
	pod := &corev1.Pod{}
	now := metav1.Now()
	pod.ObjectMeta.DeletionTimestamp = &now
	return fake.NewClientBuilder().WithObjects(pod).Build() // want `this object has a DeletionTimestamp and no finalizer: from controller-runtime v0.15 \(go.mod has v0.14.6, target v0.21\) the fake client builder refuses.*pull/2316`
}

// Literal hands a literal being deleted.
func Literal() client.Client {
	now := metav1.Now()
	return fake.NewClientBuilder().WithRuntimeObjects(&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "c", DeletionTimestamp: &now}}).Build() // want `this object has a DeletionTimestamp and no finalizer`
}

// Declared is a variable declared with a DeletionTimestamp.
func Declared() client.Client {
	now := metav1.Now()
	var cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{DeletionTimestamp: &now}}
	return fake.NewClientBuilder().WithObjects(cm).Build() // want `this object has a DeletionTimestamp and no finalizer`
}

// Quiet: a finalizer (in the literal, assigned, or added), no deletion,
// another builder; a builder held in a variable is not followed.
func Quiet() []client.Client {
	now := metav1.Now()
	a := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{DeletionTimestamp: &now, Finalizers: []string{"f"}}}
	b := &corev1.Pod{}
	b.DeletionTimestamp = &now
	b.Finalizers = []string{"f"}
	c := &corev1.Pod{}
	c.SetDeletionTimestamp(&now)
	controllerutil.AddFinalizer(c, "f")
	d := &corev1.Pod{}
	e := &corev1.Pod{}
	e.DeletionTimestamp = &now
	other := builder{}
	held := fake.NewClientBuilder()
	return []client.Client{
		fake.NewClientBuilder().WithObjects(a, b, c, d).Build(),
		other.WithObjects(e),
		held.WithObjects(e).Build(),
	}
}

type builder struct{}

func (builder) WithObjects(...client.Object) client.Client { return nil }
