// Package crdcompat defines an Analyzer that reports breaking changes to
// an operator's own CRDs since its last release, at the Go field, type or
// marker that makes them.
//
// # Analyzer crdcompat
//
// crdcompat: report breaking changes to the module's CRDs since the last release tag, at the Go field or marker
//
// Custom resources outlive the release that wrote them: objects of
// release N sit in etcd and in the users' Git repositories when release
// N+1 starts. A change to the Go API types that looks harmless in review
// (a json tag renamed, an enum value dropped, a minimum raised, a field
// made required, a default added, a PreserveUnknownFields marker removed)
// makes the API server reject the users' manifests, prune their data on
// the next write, or give stored objects another meaning.
//
// The check compares each kind's schema, as controller-gen makes it from
// the Go types and markers of the package, with the schema of a base
// revision: the base option (a git tag, branch or commit), by default the
// newest release tag (vX.Y.Z or X.Y.Z, no prerelease) reachable from
// HEAD, leaving out HEAD's own tags, so that at a release commit the base
// is the release before. When HEAD carries a version tag (a release or a
// prerelease), the base is the highest release below that version
// wherever it was tagged: projects that tag each release on its own
// branch keep only the first of them in HEAD's history. The base API comes from the CRD manifests that
// the base commits (any YAML file outside testdata, vendor, hidden and
// `_` directories, as crdmanifests reads them, and a Helm chart's CRDs
// when their template syntax leaves valid YAML), else from the base's Go
// API types read as source (no build), with the same model as the current
// side. Where the base has both, a difference from the manifest is
// reported only if the base's Go types give it too: manifests may be
// post-processed (properties replaced by x-kubernetes-preserve-unknown-
// fields), stale, or written by an older controller-gen, and the check is
// about what the Go source changed. For each version that the base served
// (alpha versions left out while skip-prerelease is on), it reports:
//
//  1. a field removed, or its JSON name changed (the Go field is found
//     under another name): stored data is pruned on the next write, and
//     manifests that set it lose it;
//  2. a type changed (string to integer, object to array, a scalar to a
//     list, int-or-string to string; integer to number and scalars to
//     int-or-string widen and are not reported);
//  3. an enum value removed, or an enum added to an existing field; a
//     minimum, maximum, minLength, maxLength, minItems, maxItems,
//     minProperties, maxProperties, multipleOf, pattern, format or
//     uniqueItems added or tightened; an x-kubernetes-validations rule
//     added (one that replaces a rule it follows from, `A` becoming
//     `A || B` or `A && B` becoming `A`, loosens and is not reported);
//     nullable removed: objects that were valid are rejected on
//     their next update (the API server's validation ratcheting spares
//     unchanged fields only from Kubernetes 1.30, where it is on by
//     default);
//  4. a field made required, or a new required field without a default;
//  5. a default added to an existing field, or changed: existing objects
//     that leave it unset change meaning when the API server reads them;
//  6. x-kubernetes-preserve-unknown-fields removed (the unknown fields
//     that were kept are pruned);
//  7. list or map semantics changed (listType, listMapKey, mapType,
//     structType), or an immutability rule (self == oldSelf) or another
//     transition rule (one that reads oldSelf, never ratcheted) added to an
//     existing field;
//  8. a version the base served that no Go type defines any more, or that
//     is now +kubebuilder:unservedversion; the storage version moved
//     without conversion between the two (no Hub, Convertible or
//     conversion-gen functions) while their schemas differ;
//  9. the scope changed, the plural changed, or the kind renamed (one
//     kind of the group gone and one new) or removed. Against a manifest,
//     scope and plural are compared only when a marker writes them
//     (scope= and path= of +kubebuilder:resource, +genclient:nonNamespaced):
//     without one the CRD may be written by hand.
//
// Additive changes (new fields, versions and kinds, validations loosened,
// enum values added) are never reported. Each finding is at the field, the
// marker or the type of the package under analysis that causes it (for
// types of other packages of the module, at the field that leads to
// them), names the base ref, and says what happens to existing objects
// and what to do instead.
//
// Bad, against a v1.4.0 that had `Replicas int32 json:"replicas"` and no
// minimum:
//
//	type WidgetSpec struct {
//		// +kubebuilder:validation:Minimum=1
//		Replicas int32 `json:"replicaCount"`
//	}
//
// Good: keep the JSON name, loosen only, or make the change in a new API
// version served beside the old one with conversion:
//
//	type WidgetSpec struct {
//		Replicas int32 `json:"replicas"`
//	}
//
// Changes made on purpose are accepted with the allow option (Kind or
// Kind.path entries, which cover what lies below) or a
// +opvet:compat:allow=<reason> marker on the field or the kind's type; a
// marker without a reason allows nothing and is reported.
//
// The check is silent when the module is not in a git work tree, when no
// release tag is reachable from HEAD (a shallow clone has none; base not
// set), and for kinds and versions the base does not have. The opvet
// command says so once per run, in notes after the findings ("opvet: note:
// crdcompat: ..."), and names the base it compared with; go vet and
// golangci-lint show no notes. git is run through the git command: the
// base is resolved (git for-each-ref, or rev-parse) once per state of
// HEAD and the refs, and read (git ls-tree and git cat-file) once per base
// commit; both results are kept under the user's cache directory
// (os.UserCacheDir()/opvet/crdcompat) for every package, process and later
// run. A base that the option names but git does not know is an error.
//
// What the check does not model: controller-gen's k8s:enum values and the
// AtMostOneOf/ExactlyOneOf/AtLeastOneOf rules; the schemas of types of
// other modules (corev1 and the like are compared by name only, but for
// metav1.Time, Duration, ObjectMeta, resource.Quantity,
// intstr.IntOrString, runtime.RawExtension and apiextensions JSON);
// changes below a field, type or schema marked
// +kubebuilder:validation:Schemaless or Type; a plural derived by
// controller-gen's inflector when the base is a manifest (compared only
// when path= is written); release tags with a path prefix (api/v1.2.3);
// printer columns, categories and short names; a base's Go API packages
// outside directories named like versions (v1, v1beta2) or holding a
// groupversion_info.go (k8gb's api/v1beta1io), and kinds declared
// as another version's type (`type Gateway v1.Gateway`), which count as
// still defined but are not compared field by field; status.storedVersions of a
// live cluster; changes made in hand-written or templated CRD YAML (a
// version unserved in a Helm chart's template) rather than in the Go types.
// A stale committed manifest of the base makes the Go changes since its
// generation count as changes since the base.
package crdcompat
