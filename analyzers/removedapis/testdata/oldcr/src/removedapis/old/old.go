// Package old uses controller-runtime before v0.15, whose sources and
// owner handlers are structs.
package old

import (
	autoscalingv2beta2 "k8s.io/api/autoscaling/v2beta2"
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

var (
	src = &source.Kind{Type: &autoscalingv2beta2.HorizontalPodAutoscaler{}}   // want `autoscaling/v2beta2 HorizontalPodAutoscaler was removed in Kubernetes 1.26, so this source.Kind watch fails on 1.29 \(target-kubernetes\)`
	h   = &handler.EnqueueRequestForOwner{OwnerType: &batchv1beta1.CronJob{}} // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25, so this EnqueueRequestForOwner watch fails`
)
