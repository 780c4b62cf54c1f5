// Package crdversions defines an Analyzer that reports multi-version CRDs
// whose storage version markers or conversion code are incomplete.
//
// # Analyzer crdversions
//
// crdversions: report multi-version CRDs with missing storage versions or conversion code
//
// A kind served in several API versions (v1alpha1 and v1, say) needs
// exactly one storage version, and, when the versions' schemas differ, a
// conversion between them that the API server can call. controller-gen
// catches part of this at `make manifests` time, the API server the rest
// when the CRD is applied, and some of it only fails at run time. The check
// reports it at the type declaration where the fix goes.
//
// A kind is what controller-gen makes a CRD of: a struct that embeds
// metav1.TypeMeta and metav1.ObjectMeta, in a package with an API group
// (`// +groupName=` or a `schema.GroupVersion{Group: ...}` variable named
// GroupVersion or SchemeGroupVersion). Its versions are the sibling
// directories named like Kubernetes versions (api/v1, api/<group>/v1,
// apis/..., pkg/apis/...) that declare the same group; they are parsed
// from disk, without type information, so a version package that the
// analysed package does not import still counts. Versions marked
// `+kubebuilder:skipversion` and packages marked `+kubebuilder:skip` are
// not part of the CRD. Kinds served in one version are never reported,
// nor are the kinds of another project's CRDs that the module keeps
// client types of (client-gen copies of SMI's TrafficSplit or AWS App
// Mesh's kinds, to talk to them): a kind with no kubebuilder marker of its
// own in any version, whose group none of the module's CRD manifests
// defines although it keeps some. Their versions, storage version and
// conversion are the owner's.
// The check reports:
//
//  1. No version marked `+kubebuilder:storageversion`: controller-gen cannot
//     generate the CRD. The fix adds the marker to the hub version when
//     there is one. A kind with no kubebuilder marker in any version is
//     not controller-gen's (its manifest, written by hand, names the
//     storage version) and is not reported.
//  2. Several versions marked `+kubebuilder:storageversion`: the CRD gets
//     two storage versions and the API server rejects it. The fix removes
//     the marker from all but the hub (or the highest version).
//  3. Versions whose schemas differ (JSON field names or Go types, with
//     local and sibling-version types expanded, and the types of the
//     module's other packages too, so that per-version copies of a shared
//     package, common/v1.Config and common/v1beta1.Config, are compared by
//     shape and not by import path) without a conversion path:
//     with no conversion the API server only rewrites apiVersion, so an
//     object read in another version loses or mistypes fields. A conversion
//     path is a hub (`Hub()`) plus conversion.Convertible spokes
//     (`ConvertTo(dst conversion.Hub) error` and
//     `ConvertFrom(src conversion.Hub) error` on the pointer type),
//     converters registered with conversion.NewHubSpokeConverter anywhere in
//     the module (or in the enclosing module of a nested API module), or
//     conversion-gen (`+k8s:conversion-gen`, `Convert_*` functions), or
//     converters of the module's own protocol, which its own
//     ConversionReview handler calls: ConvertTo and ConvertFrom with the
//     same parameters, none of them a conversion.Hub or an object of the
//     kind (shipwright's `ConvertTo(ctx context.Context, obj
//     *unstructured.Unstructured) error`). Also
//     reported: more than one hub, and a spoke that is only half
//     convertible (ConvertTo without ConvertFrom, a parameter other than
//     conversion.Hub, ConvertFrom on a value receiver): controller-runtime's
//     conversion webhook then fails every conversion of the kind.
//     A retired version, which no client reads or writes and the API
//     server stores nothing in (`+kubebuilder:unservedversion` without
//     `+kubebuilder:storageversion`, or, for a kind whose manifests are not
//     made from markers, served: false and storage: false in every manifest
//     of the kind that lists it), is converted only when an object that an
//     earlier release stored in it is read: only a field it has and the
//     other version lacks or types differently is reported, not a field
//     added since.
//  4. A Hub/Convertible kind in a module that creates a controller-runtime
//     manager but never registers a conversion webhook (no
//     `ctrl.NewWebhookManagedBy(mgr).For(...)` for any version of the kind or
//     another convertible kind of the group, no `/convert` handler, no
//     conversion.NewWebhookHandler, tests included): conversion requests
//     fail. Reported at the hub; modules without a manager (API-only modules
//     such as cluster-api's `api`) are not reported.
//  5. A version marked both `+kubebuilder:storageversion` and
//     `+kubebuilder:unservedversion`: objects are stored in a version that is
//     not served.
//
// Bad:
//
//	// api/v1alpha1
//	type Foo struct {
//		metav1.TypeMeta   `json:",inline"`
//		metav1.ObjectMeta `json:"metadata,omitempty"`
//		Spec FooSpec `json:"spec,omitempty"` // Size string
//	}
//
//	// api/v1: no storage version, and no conversion
//	type Foo struct {
//		metav1.TypeMeta   `json:",inline"`
//		metav1.ObjectMeta `json:"metadata,omitempty"`
//		Spec FooSpec `json:"spec,omitempty"` // Size int32
//	}
//
// Good:
//
//	// api/v1
//	// +kubebuilder:storageversion
//	type Foo struct { ... }
//
//	func (*Foo) Hub() {}
//
//	// api/v1alpha1
//	func (src *Foo) ConvertTo(dst conversion.Hub) error   { ... }
//	func (dst *Foo) ConvertFrom(src conversion.Hub) error { ... }
//
//	// cmd/main.go
//	ctrl.NewWebhookManagedBy(mgr).For(&v1.Foo{}).Complete()
//
// In a per-package driver (go vet -vettool) every version package computes
// the same findings and reports only those located in its own files. The
// module scan for managers, webhooks and converters reads only the Go files
// that mention them, and only when a finding depends on it; unreadable
// files and directories make the check silent.
//
// The check has no options.
package crdversions
