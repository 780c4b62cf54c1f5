package v1beta1

import (
	schema "k8s.io/apimachinery/pkg/runtime/schema"
)

func (in *CertificateSigningRequest) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *CertificateSigningRequest) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "certificates.k8s.io", Version: "v1", Kind: "CertificateSigningRequest"}
}

func (in *CertificateSigningRequest) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *CertificateSigningRequestList) APILifecycleDeprecated() (major, minor int) {
	return 1, 19
}

func (in *CertificateSigningRequestList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "certificates.k8s.io", Version: "v1", Kind: "CertificateSigningRequestList"}
}

func (in *CertificateSigningRequestList) APILifecycleRemoved() (major, minor int) {
	return 1, 22
}

func (in *ClusterTrustBundle) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *ClusterTrustBundle) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "certificates.k8s.io", Version: "v1", Kind: "ClusterTrustBundle"}
}

func (in *ClusterTrustBundle) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}

func (in *ClusterTrustBundleList) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *ClusterTrustBundleList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "certificates.k8s.io", Version: "v1", Kind: "ClusterTrustBundleList"}
}

func (in *ClusterTrustBundleList) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}

func (in *PodCertificateRequest) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *PodCertificateRequest) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "certificates.k8s.io", Version: "v1", Kind: "PodCertificateRequest"}
}

func (in *PodCertificateRequest) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}

func (in *PodCertificateRequestList) APILifecycleDeprecated() (major, minor int) {
	return 1, 37
}

func (in *PodCertificateRequestList) APILifecycleReplacement() schema.GroupVersionKind {
	return schema.GroupVersionKind{Group: "certificates.k8s.io", Version: "v1", Kind: "PodCertificateRequestList"}
}

func (in *PodCertificateRequestList) APILifecycleRemoved() (major, minor int) {
	return 1, 40
}
