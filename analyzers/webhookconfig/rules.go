package webhookconfig

import (
	"fmt"
	"strings"
)

// What the API server's validation says (k8s.io/kubernetes
// pkg/apis/admissionregistration/validation and apiextensions-apiserver's
// CRD validation), after the field path.
const (
	sideEffectsRequired = `sideEffects: Required value: must specify one of None, NoneOnDryRun`
	reviewRequired      = `admissionReviewVersions: Required value: must specify one of v1, v1beta1`
	timeoutInvalid      = `timeoutSeconds: Invalid value: %d: the timeout value must be between 1 and 30 seconds`
	conversionRequired  = `spec.conversion.conversionReviewVersions: Required value`
)

func sideEffectsUnsupported(v string) string {
	return fmt.Sprintf(`sideEffects: Unsupported value: %q: supported values: "None", "NoneOnDryRun"`, v)
}

func reviewInvalid(field string, versions []string) string {
	q := make([]string, len(versions))
	for i, v := range versions {
		q[i] = fmt.Sprintf("%q", v)
	}
	return fmt.Sprintf(`%s: Invalid value: []string{%s}: must include at least one of v1, v1beta1`, field, strings.Join(q, ", "))
}

// The controller-tools releases whose controller-gen rejects a setting
// (pkg/webhook/parser.go, pkg/crd/gen.go).
const (
	// checkSideEffectsForV1, with v1 the default webhookVersions.
	rejectsSideEffects = "v0.4.0"
	// "AdmissionReviewVersions is mandatory for v1 ...".
	rejectsNoReviewVersions = "v0.4.1"
	// The timeoutSeconds argument and checkTimeoutSeconds.
	rejectsTimeout = "v0.13.0"
	// supportedWebhookVersions is v1 only; the crd generator's
	// trivialVersions and preserveUnknownFields are gone and AsVersion
	// refuses apiextensions.k8s.io/v1beta1.
	rejectsV1beta1 = "v0.7.0"
)

// sideEffectsOK reports whether the API server accepts a sideEffects
// value of a v1 webhook (controller-gen matches it case-insensitively).
func sideEffectsOK(v string) bool {
	return strings.EqualFold(v, "None") || strings.EqualFold(v, "NoneOnDryRun")
}

// recognizedReview reports whether versions hold a review version the API
// server speaks: v1 or v1beta1.
func recognizedReview(versions []string) bool {
	for _, v := range versions {
		if v == "v1" || v == "v1beta1" {
			return true
		}
	}
	return false
}

// validTimeout reports whether the API server accepts timeoutSeconds t.
func validTimeout(t int64) bool { return t >= 1 && t <= 30 }
