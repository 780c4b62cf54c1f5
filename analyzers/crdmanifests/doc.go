// Package crdmanifests defines an Analyzer that compares Go API types with
// the CRD manifests that the module ships.
//
// # Analyzer crdmanifests
//
// crdmanifests: report Go API types that disagree with the committed CRD manifests
//
// Users apply the CRD YAML that the repository ships (config/crd/bases,
// a Helm chart's crds/), not the Go types. When a field is added to a Go
// type and the manifests are not regenerated, the API server prunes the
// unknown field on every write: the user's setting silently vanishes and
// the controller reconciles a default. When a version, its served or
// storage flag or the status subresource differ between the two, requests
// fail or objects are stored in the wrong version.
//
// For each kind that controller-gen makes a CRD of (a struct embedding
// metav1.TypeMeta and metav1.ObjectMeta in a package with an API group,
// as for crdversions), the check finds the CustomResourceDefinition
// documents of the module with the same group and kind, in any directory
// (when several generations exist, those nearest to the Go package), and
// reports at the Go type or field:
//
//  1. A JSON field of the Go type (through embedded and inline structs,
//     slices, arrays, map values and pointers, into other packages) with
//     no property in the manifest's schema for that version: the API
//     server prunes it. Not below a schema with
//     x-kubernetes-preserve-unknown-fields (runtime.RawExtension,
//     +kubebuilder:pruning:PreserveUnknownFields), types that marshal
//     themselves (metav1.Time, resource.Quantity, intstr.IntOrString:
//     MarshalJSON or MarshalText), metav1.ObjectMeta, schemas without
//     properties (+kubebuilder:validation:Schemaless,
//     +kubebuilder:validation:Type), fields tagged `json:"-"`, and the
//     status of an API object held in a spec as a template (a
//     StatefulSet-style volumeClaimTemplates []corev1.PersistentVolumeClaim):
//     no one writes a template's status, Kubernetes ignores it, and
//     projects trim it from their manifests on purpose. Nor, in a
//     manifest that controller-gen did not write (no
//     controller-gen.kubebuilder.io/version annotation: kept by hand or
//     post-processed, as knative's schema-tweak keeps only the PodSpec
//     fields it supports), fields declared in another module (corev1's and
//     the like, also embedded in the project's own types): such a schema
//     trims them on purpose, and regenerating would not add them. A bare
//     `type: object` schema for a struct of the analysed package without
//     such markers is the kubebuilder scaffold's empty status: its fields
//     are reported. Fields declared in another package are reported at
//     the field of the analysed package that leads to them. Not for a
//     version that no request is written through: neither served nor
//     stored, or stored by a CRD that serves no version.
//  2. A version that the Go code defines and the manifest lacks (every
//     request for it fails with NotFound; the version is the
//     +versionName marker's, else the GroupVersion variable's, and the Go
//     package name, which controller-gen names it after, counts too: a
//     `package fake` of CEL tests with a v1 GroupVersion), and a version
//     that the manifest serves and no Go type in the module defines. Not
//     reported:
//     a version that another manifest of the kind, as near, has while it
//     stores the kind in the same version as this one: a variant set that
//     leaves the version out on purpose (prometheus-operator's default
//     bundle leaves out the version that needs the conversion webhook).
//     A copy that predates the version is missed when the version is not
//     the storage version.
//  3. served, storage and deprecated flags that contradict the markers:
//     +kubebuilder:unservedversion, +kubebuilder:storageversion (or the
//     only version, which controller-gen makes the storage version) and
//     +kubebuilder:deprecatedversion.
//  4. The status subresource in the manifest and not in the markers
//     (+kubebuilder:subresource:status), or the reverse. Items 3 and 4
//     need the manifest to come from markers: it carries controller-gen's
//     annotation, or the kind or its package has kubebuilder markers.
//     Types with client-gen's markers only, whose manifests are templates
//     or hand-written, keep those flags in the manifest alone.
//  5. A manifest with apiVersion apiextensions.k8s.io/v1beta1, which
//     Kubernetes 1.22 removed. It is reported whatever Kubernetes release
//     the go.mod builds against (unlike removedapis, which judges against
//     that target): the last release that served it left support in
//     2022, and apiextensions.k8s.io/v1 is served from 1.16 on, so a v1
//     manifest works on every cluster the v1beta1 one does.
//
// With removed-fields, properties of a served version's schema that the
// Go type no longer has are reported too, at the struct: either the
// manifest is stale or the field was removed from a served version, a
// breaking change.
//
// Bad:
//
//	type WidgetSpec struct {
//		Size  int32  `json:"size,omitempty"`
//		Color string `json:"color,omitempty"` // added after `make manifests`
//	}
//
// with config/crd/bases/example.com_widgets.yaml still at
//
//	spec:
//	  properties:
//	    size:
//	      type: integer
//
// Good: regenerate the manifests (`make manifests`, controller-gen
// crd paths=./api/... output:crd:artifacts:config=config/crd/bases) and
// commit them with the Go change.
//
// Manifests are read from disk: the YAML files of the package's module
// (or, for an API module nested in its operator's module, of the
// enclosing one), leaving out the directories that `./...` skips and
// nested modules, and the files that controller-gen named for another
// group (`<group>_<plural>.yaml`). Documents that are Helm templates (`{{` outside string
// values) and kustomize patches (no group, names or versions) are left
// out, and so are manifests in test directories (test, tests, testing,
// e2e, upgrade-test, integration-tests and the like) or documentation
// directories (docs, design, proposals, website and the like) when the Go
// types lie outside them: an upgrade test keeps a copy of an old
// release's CRDs on purpose, a design document the CRDs of its proof of
// concept, and users never install either. When every manifest of the
// group lies there, the repository ships none of its CRDs: they are
// another project's, copied for envtest beside the module's client-side
// types or conversion hub of that API (cluster-api-provider-vsphere's
// copies of vm-operator's CRDs), and the check is silent. Copies
// kept in a directory per release (operator-sdk's
// deploy/olm-catalog/<name>/0.3.0/, an OLM bundle history such as
// deploy/csv/redhat/1.4.0/manifests), or in files named for a release
// (cloudnative-pg's releases/cnpg-1.25.0.yaml, aws-load-balancer-controller's
// config/samples/install_v2_0_0_rc0.yaml), are left out too when a
// manifest of the kind lies outside them; when none does, only the
// highest release's count. A manifest beside a kustomization that lists
// neither it nor, from the directory above, its file (a stale crd.yaml
// left next to a kustomization.yaml that lists crds/*.yaml) is installed
// by no one and left out when another manifest of the kind is not such
// an orphan. A copy in a Helm chart (a directory with a Chart.yaml) that
// an older controller-gen wrote than another manifest of the kind is left
// out when no file of the module (a Makefile, a script, a workflow, a
// test) names the chart's directory and none uses chart-releaser: a
// prototype chart that nothing builds or publishes, never regenerated
// (cluster-api-addon-provider-helm's helm/ chart at controller-gen v0.8.0
// beside config/crd/bases at v0.20.0). A chart that ships and lags
// behind is still compared. Where no manifest of a kind exists the check
// is silent: many projects generate the manifests at release time. In a per-package
// driver each version package reports its own version; findings about the
// manifest as a whole come from the package of the highest version.
//
// What the check does not model of controller-gen's schema generator:
// validation (types, formats, enums, required, defaults, CEL rules),
// so a field whose type changed is not reported; the scale subresource,
// printer columns, names and scope; types that marshal themselves are not
// looked into, even where controller-gen describes their fields;
// crd:generateEmbeddedObjectMeta (ObjectMeta is never looked into);
// unexported fields and fields without a json tag (controller-gen refuses
// those) are never reported missing. A named field with an empty JSON name
// (`json:",omitempty"`) is inlined, as controller-gen does. v1beta1
// manifests keep unknown fields unless spec.preserveUnknownFields is
// false, so their fields are compared only then. Manifests in JSON,
// rendered Helm charts and kustomize overlays are not read.
package crdmanifests
