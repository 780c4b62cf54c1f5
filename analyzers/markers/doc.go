// Package markers defines an Analyzer that checks Kubernetes operators.
//
// # Analyzer markers
//
// markers: report kubebuilder markers that controller-gen does not know and silently ignores
//
// controller-gen reads marker comments (`// +kubebuilder:subresource:status`)
// to build CRDs, RBAC rules, webhooks and deepcopy code. A marker whose name
// it does not know is skipped without a word: a misspelled
// +kubebuilder:subresource:staus leaves the CRD without its status
// subresource, and every status write fails with 404 at runtime; a
// +kubebuilder:storageVersion (capital V) leaves a multi-version CRD with no
// storage version, which the API server rejects.
//
// The check reports:
//
//   - a +kubebuilder: marker that controller-gen does not register, with a
//     did-you-mean fix when a known marker is close (edit distance on the
//     name, case-insensitive): +kubebuilder:subresource:staus,
//     +kubebuilder:storageVersion, +kubebuilder:validation:Minimun=1,
//     +kubebuilder:printcolum:name=...;
//   - a marker of another namespace that is a near-miss of a known one
//     (+kubebuidler:object:root=true, +optinal, +listtype=map);
//   - a known marker written with ':' for '=' (+kubebuilder:validation:MaxLength:10);
//   - a misspelled boolean (+kubebuilder:object:root=ture), which makes
//     controller-gen fail;
//   - a known +kubebuilder: marker followed by text on its line
//     (`// +kubebuilder:validation:Optional // why`), which controller-gen
//     reads as part of the name and ignores;
//   - a known +kubebuilder: marker where controller-gen does not read it:
//     +kubebuilder:rbac in a function's doc comment (RBAC rules are
//     package-level: controller-gen reads them only in a comment block of
//     their own, separated from any doc comment by a blank line, and the
//     Role misses the rule, so the operator gets "forbidden" errors; when
//     markers of the package that controller-gen reads grant every group,
//     resource and verb of it, the message says so and names them: the
//     role misses nothing),
//     +kubebuilder:subresource:status on a field, +kubebuilder:default on
//     a type. Where a marker belongs is taken from controller-gen's
//     registry, and which node a comment describes follows controller-gen's
//     own association rules (passes/markerindex);
//   - markers that look like conversion settings but do not exist
//     (+kubebuilder:conversion:strategy=Webhook): the conversion strategy
//     lives in the CRD's spec.conversion (usually a kustomize patch,
//     config/crd/patches/webhook_in_<kind>.yaml) and the conversion code is
//     a Hub plus Convertible spokes.
//
// A misspelled optional or required marker on a field that is so anyway
// (a correct +optional beside +kubebuilder:validation:optional, or
// omitempty in the json tag for optional) is still reported, and the
// message says that the fix changes nothing in the CRD.
//
// Markers of other tools (+k8s:, +genclient, +optional, +listType,
// +patchStrategy, +groupName, +operator-sdk:csv:...), kubebuilder's own
// scaffolding anchors (+kubebuilder:scaffold:...) and prose that mentions a
// marker (`// see +kubebuilder:foo`) are not reported.
//
// Bad:
//
//	// +kubebuilder:object:root=true
//	// +kubebuilder:subresource:staus
//	type Widget struct {
//
// Good:
//
//	// +kubebuilder:object:root=true
//	// +kubebuilder:subresource:status
//	type Widget struct {
//
// The list of known markers is generated from sigs.k8s.io/controller-tools'
// marker registries (internal/markersyntax/known_gen.go; refresh it with
// `go generate ./internal/markersyntax`, see tools/markersgen).
package markers
