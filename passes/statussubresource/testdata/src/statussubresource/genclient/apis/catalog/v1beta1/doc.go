// Package v1beta1 is a hand-written API group whose clients client-gen
// generates: no kubebuilder markers, CRDs written by hand in a chart.
// +groupName=catalog.example.com
package v1beta1
