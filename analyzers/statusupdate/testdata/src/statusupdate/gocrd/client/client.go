// Package client is client-gen's clientset for NodeConfig, before
// client-go v0.18 (shape only).
package client

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	v1alpha1 "statusupdate/gocrd/apis/core/v1alpha1"
)

type NodeConfigInterface interface {
	Get(name string, options metav1.GetOptions) (*v1alpha1.NodeConfig, error)
	Update(*v1alpha1.NodeConfig) (*v1alpha1.NodeConfig, error)
	UpdateStatus(*v1alpha1.NodeConfig) (*v1alpha1.NodeConfig, error)
}
