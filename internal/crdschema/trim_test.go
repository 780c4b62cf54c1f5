package crdschema

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const trimInput = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
spec:
  group: example.com
  names:
    kind: Widget
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        description: |-
          Widget is a widget.

          It has a long description.
        properties:
          spec:
            description: A plain scalar
              that goes on.
            properties:
              description:
                description: 'A property named description: kept.'
                type: string
              note:
                description: {type: string}
              quoted:
                description: 'It''s quoted, and goes on
                at the key''s indent: no key'
                type: string
              escaped:
                description: "a \"quote\" that goes on
                at the key's indent: no key"
                type: string
            type: object
        type: object
    served: true
  - schema:
      openAPIV3Schema:
        type: object
    name: v1alpha1
    served: false
  - additionalPrinterColumns:
    - description: a column
      name: Age
    name: v1beta1
    schema:
      openAPIV3Schema:
        description: "quoted
          and folded"
        type: object
    served: true
status: {}
`

const trimWant = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
spec:
  group: example.com
  names:
    kind: Widget
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        properties:
          spec:
            properties:
              description:
                type: string
              note:
                description: {type: string}
              quoted:
                type: string
              escaped:
                type: string
            type: object
        type: object
    served: true
  - schema:
      openAPIV3Schema:
        type: object
    name: v1alpha1
    served: false
  - additionalPrinterColumns:
    - description: a column
      name: Age
    name: v1beta1
    served: true
status: {}
`

// TestTrim: descriptions go (a quoted one up to its closing quote, also
// when it goes on at its key's indentation), a property named
// description stays, and so does the schema of the kept version; a
// schema on the item's dash line is not cut.
func TestTrim(t *testing.T) {
	got := string(Trim([]byte(trimInput), OnlyVersion("v1")))
	if got != trimWant {
		t.Errorf("trim:\n%s\nwant:\n%s", got, trimWant)
	}
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(got), &n); err != nil {
		t.Errorf("trimmed document does not parse: %v", err)
	}
	if got := string(Trim([]byte(trimInput), OnlyVersion("v1beta1"))); strings.Contains(got, "quoted") || !strings.Contains(got, "name: v1beta1\n    schema:\n      openAPIV3Schema:\n        type: object\n") || strings.Contains(got, "name: v1\n    schema:") {
		t.Errorf("trim for v1beta1:\n%s", got)
	}
}

func TestSplitDocuments(t *testing.T) {
	docs := splitDocuments([]byte("a: 1\n---\nb: 2\n--- # two\nc: 3\n---x: 4\n"))
	if len(docs) != 3 || string(docs[2]) != "\nc: 3\n---x: 4\n" {
		t.Errorf("splitDocuments: %q", docs)
	}
}
