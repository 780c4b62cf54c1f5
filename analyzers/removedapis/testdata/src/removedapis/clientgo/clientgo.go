// Package clientgo requires no k8s.io/api: the target is the minor of
// client-go after its replace directive, 1.26.
package clientgo

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

func list(ctx context.Context, cs kubernetes.Interface) error {
	_, err := cs.BatchV1beta1().CronJobs("").List(ctx, metav1.ListOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so CronJobs\(\) fails on 1.26 \(k8s.io/client-go v0.26.3 in go.mod\)`
	return err
}
