// Package datastore holds helpers that change the object they are given
// and send it, in a package of its own (longhorn-manager's manager and
// datastore packages): the change stays in the caller's memory after the
// write, in the informer cache's object when that is what it was given.
package datastore

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// MarkSynced labels cm and sends it with a typed client's Update.
func MarkSynced(ctx context.Context, cs kubernetes.Interface, cm *corev1.ConfigMap) error {
	cm.Labels["example.com/synced"] = "true"
	_, err := cs.CoreV1().ConfigMaps(cm.Namespace).Update(ctx, cm, metav1.UpdateOptions{})
	return err
}

// MarkSyncedWith does the same with controller-runtime's client, which
// decodes the answer into cm.
func MarkSyncedWith(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	cm.Labels["example.com/synced"] = "true"
	return c.Update(ctx, cm)
}

// Describe only reads cm.
func Describe(cm *corev1.ConfigMap) string {
	return cm.Namespace + "/" + cm.Name
}
