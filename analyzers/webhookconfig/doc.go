// Package webhookconfig defines an Analyzer that reports webhook
// configurations that the admissionregistration.k8s.io/v1 and
// apiextensions.k8s.io/v1 APIs reject.
//
// # Analyzer webhookconfig
//
// webhookconfig: report webhook configurations that the v1 API server or a current controller-gen rejects
//
// Since Kubernetes 1.22 webhook configurations exist only as
// admissionregistration.k8s.io/v1, whose validation is stricter than
// v1beta1's, and CRDs only as apiextensions.k8s.io/v1. A configuration it
// rejects fails the operator's install or upgrade (`kubectl apply`, Helm,
// OLM) or, when the operator creates it itself, its start. controller-gen
// (from controller-tools) refuses most of these settings when it
// generates the manifests, but an inherited operator often pins a
// controller-tools release that accepted them, and meets the error only
// when it upgrades. Each finding quotes the API server's own validation
// message and names the controller-tools release whose controller-gen
// rejects the setting, where one does.
//
// The check reports, in `+kubebuilder:webhook` markers (what controller-gen
// reads, so test files are left out):
//
//   - sideEffects missing, or other than None and NoneOnDryRun (Unknown,
//     Some): `sideEffects: Required value: must specify one of None,
//     NoneOnDryRun`, `Unsupported value: "Some"`; controller-tools v0.4.0;
//   - admissionReviewVersions missing (controller-tools v0.4.1; the fix
//     adds admissionReviewVersions=v1 where the package serves its webhooks
//     with controller-runtime, which speaks AdmissionReview v1), or naming
//     neither v1 nor v1beta1 (`must include at least one of v1, v1beta1`);
//   - timeoutSeconds outside 1-30 (`the timeout value must be between 1 and
//     30 seconds`); controller-tools v0.13.0, whose controller-gen is also
//     the first to know the argument; 0 means unset;
//   - webhookVersions=v1beta1, an admissionregistration.k8s.io/v1beta1
//     configuration that Kubernetes 1.22 no longer serves; controller-tools
//     v0.7.0 (`unsupported webhook version`); the fix drops the argument,
//     v1 being the default.
//
// In Go, the same rules for admissionregistration.k8s.io/v1
// MutatingWebhook and ValidatingWebhook literals that define a webhook
// (with Rules and a ClientConfig, which the API server requires; values
// set by a later assignment in the function count), with SideEffects and TimeoutSeconds
// followed through &x of a local constant and ptr.To-like helpers; and an
// apiextensions.k8s.io/v1 WebhookConversion with a ClientConfig whose
// ConversionReviewVersions is missing, empty or without v1 and v1beta1
// (`spec.conversion.conversionReviewVersions: Required value`). controller-gen
// has no conversion marker: the conversion settings of a kubebuilder
// project live in a kustomize patch, outside Go.
//
// In `//go:generate` directives that run controller-gen, the crd
// generator's options that make apiextensions.k8s.io/v1beta1 CRDs:
// crdVersions=v1beta1 (the fix writes v1), trivialVersions and
// preserveUnknownFields (the fix drops them); controller-tools v0.7.0
// rejects all three (`unknown argument "trivialVersions"`).
//
// Bad:
//
//	// +kubebuilder:webhook:path=/mutate-batch-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=Unknown,groups=batch,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob.kb.io,admissionReviewVersions=v1
//
// Good:
//
//	// +kubebuilder:webhook:path=/mutate-batch-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob.kb.io,admissionReviewVersions=v1
//
// Not reported: admissionReviewVersions=v1beta1 alone, which every API
// server so far still accepts and controller-runtime still serves; values
// that come from elsewhere; partial webhook values (a CA bundle patch);
// templates without a ClientConfig, which code elsewhere completes or only
// compares with the installed configuration (volcano's admission
// services);
// test files; admissionregistration.k8s.io/v1beta1 configurations built in
// Go, which removedapis reports where they reach the API server; and
// controller-gen options in Makefiles.
package webhookconfig
