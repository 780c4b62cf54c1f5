package k8s

import (
	"go/types"
	"path"
	"slices"
	"strings"
)

// strictKinds are the built-in kinds whose API server strategy refuses an
// update without a resourceVersion (AllowUnconditionalUpdate is false in
// kubernetes v1.34.1's pkg/registry and in apiextensions-apiserver
// v0.37.0), by the group directory of their Go package under k8s.io/api.
// Every other built-in kind takes such an update as "overwrite whatever
// is stored".
var strictKinds = map[string][]string{
	"admissionregistration": {
		"MutatingWebhookConfiguration", "ValidatingWebhookConfiguration",
		"MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding",
		"ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding",
	},
	"apiserverinternal": {"StorageVersion"},
	"certificates":      {"ClusterTrustBundle", "PodCertificateRequest"},
	"coordination":      {"Lease", "LeaseCandidate"},
	"node":              {"RuntimeClass"},
	"policy":            {"PodDisruptionBudget"},
	"storage":           {"CSIDriver", "CSINode", "CSIStorageCapacity", "VolumeAttachment"},
	"storagemigration":  {"StorageVersionMigration"},
}

// RejectsUpdateWithoutResourceVersion reports whether t (or *t) is a
// built-in kind whose Update the API server rejects without a
// resourceVersion ("must be specified for an update"), as it does for
// custom resources: PodDisruptionBudget, Lease, the webhook
// configurations, CustomResourceDefinition and a few more.
func RejectsUpdateWithoutResourceVersion(t types.Type) bool {
	n := NamedOf(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	name, dir := n.Obj().Name(), path.Dir(PkgPath(n.Obj().Pkg())) // k8s.io/api/policy/v1 -> k8s.io/api/policy
	if dir == "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions" {
		return name == "CustomResourceDefinition"
	}
	group, ok := strings.CutPrefix(dir, "k8s.io/api/")
	return ok && slices.Contains(strictKinds[group], name)
}

// RejectedBefore returns the Kubernetes release from which the API server
// takes an Update of t (or *t) without a resourceVersion, for a built-in
// kind that older releases rejected, or "": a Service, whose storage ran
// its own Update, validating the object's metadata before the generic
// store filled the resourceVersion in, up to Kubernetes 1.22 ("Service
// ... is invalid: metadata.resourceVersion: Invalid value: \"\": must be
// specified for an update").
func RejectedBefore(t types.Type) string {
	if IsNamed(t, CoreV1, "Service") {
		return "1.23"
	}
	return ""
}
