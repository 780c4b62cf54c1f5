// Package v1 contains the v1 API of tmpl.example.com. Its CRDs are
// rendered from templates, not generated from kubebuilder markers: the
// types carry client-gen's and deepcopy-gen's markers only.
// +k8s:deepcopy-gen=package,register
// +groupName=tmpl.example.com
package v1
