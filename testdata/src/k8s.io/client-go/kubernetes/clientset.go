// Package kubernetes is a stub of client-go's clientset.
package kubernetes

import (
	batchv1 "k8s.io/client-go/kubernetes/typed/batch/v1"
	batchv1beta1 "k8s.io/client-go/kubernetes/typed/batch/v1beta1"
	corev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	policyv1beta1 "k8s.io/client-go/kubernetes/typed/policy/v1beta1"
)

type Interface interface {
	CoreV1() corev1.CoreV1Interface
	BatchV1() batchv1.BatchV1Interface
	BatchV1beta1() batchv1beta1.BatchV1beta1Interface
	PolicyV1beta1() policyv1beta1.PolicyV1beta1Interface
}

type Clientset struct{ coreV1 corev1.CoreV1Interface }

func (c *Clientset) CoreV1() corev1.CoreV1Interface { return c.coreV1 }

func (c *Clientset) BatchV1() batchv1.BatchV1Interface                { return nil }
func (c *Clientset) BatchV1beta1() batchv1beta1.BatchV1beta1Interface { return nil }
func (c *Clientset) PolicyV1beta1() policyv1beta1.PolicyV1beta1Interface {
	return nil
}
