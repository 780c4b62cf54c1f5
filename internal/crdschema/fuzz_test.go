package crdschema

import "testing"

// FuzzParseManifests parses arbitrary (also broken) YAML files: a CRD
// manifest of a repository must never make opvet panic.
func FuzzParseManifests(f *testing.F) {
	const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
  annotations:
    controller-gen.kubebuilder.io/version: v0.16.0
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  conversion:
    strategy: Webhook
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            required: [size]
            x-kubernetes-validations:
            - rule: self.size == oldSelf.size
            properties:
              size: {type: integer, default: 1, minimum: 0}
              items:
                type: array
                items: {type: string, enum: [a, b]}
                x-kubernetes-list-type: set
              extra:
                x-kubernetes-preserve-unknown-fields: true
  - name: v1beta1
    served: false
    storage: false
    schema: {openAPIV3Schema: {type: object}}
`
	f.Add([]byte(crd))
	f.Add([]byte("---\n" + crd + "---\n# {{ .Values.x }}\n" + crd))
	f.Add([]byte("apiVersion: apiextensions.k8s.io/v1beta1\nkind: CustomResourceDefinition\nspec:\n  group: example.com\n  version: v1\n  names:\n    kind: Widget\n  validation:\n    openAPIV3Schema: &a {properties: {x: *a}}\n"))
	f.Add([]byte("kind: CustomResourceDefinition\nspec: {group: example.com, names: [kind], versions: {name: v1}}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, filter := range []Filter{
			{Group: "example.com", Keep: AllVersions},
			{Group: "example.com", Kinds: []string{"Widget"}, Keep: OnlyVersion("v1"), Templates: true},
		} {
			for _, m := range ParseManifests(data, filter) {
				for _, v := range m.Versions {
					FromYAML(v.Schema)
				}
			}
		}
		Trim(data, AllVersions)
	})
}
