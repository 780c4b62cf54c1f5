package crdschema

import (
	"reflect"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestMarkerJSON: marker values read as controller-gen reads its "any"
// arguments, in the JSON form a manifest's YAML gives.
func TestMarkerJSON(t *testing.T) {
	for in, want := range map[string]string{
		`foo`:            `"foo"`,
		`"1"`:            `"1"`,
		"`x y`":          `"x y"`,
		`1`:              `1`,
		`1.50`:           `1.5`,
		`-2`:             `-2`,
		`10s`:            `"10s"`,
		`true`:           `true`,
		`{}`:             `{}`,
		`{a,b}`:          `["a","b"]`,
		`{a: 1, "b": x}`: `{"a":1,"b":"x"}`,
		`{a=1}`:          `raw:{a=1}`,
		`{a: 1, b}`:      `raw:{a: 1, b}`,
	} {
		if got := MarkerJSON(in); got != want {
			t.Errorf("MarkerJSON(%s) = %s, want %s", in, got, want)
		}
	}
}

// TestFromYAML reads what the comparison needs from a manifest's schema,
// with defaults and enum values in the same JSON form as MarkerJSON's.
func TestFromYAML(t *testing.T) {
	const doc = `
type: object
required: [size]
properties:
  size:
    type: integer
    format: int32
    minimum: 1
    maximum: 10
    default: 3
  mode:
    type: string
    enum: [fast, "1", 2]
    pattern: ^[a-z]+$
    maxLength: 8
  tags:
    type: array
    x-kubernetes-list-type: map
    x-kubernetes-list-map-keys: [name]
    items: {type: object}
  port:
    x-kubernetes-int-or-string: true
    anyOf: [{type: integer}, {type: string}]
  free:
    type: object
    x-kubernetes-preserve-unknown-fields: true
    nullable: true
    default: {b: 1, a: [x]}
    x-kubernetes-validations:
    - rule: self ==   oldSelf
      message: immutable
`
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(doc), &n); err != nil {
		t.Fatal(err)
	}
	s := FromYAML(n.Content[0])
	size, mode, tags, port, free := s.Properties["size"], s.Properties["mode"], s.Properties["tags"], s.Properties["port"], s.Properties["free"]
	if !s.IsRequired("size") || size.Type != "integer" || size.Format != "int32" || *size.Minimum != 1 || *size.Maximum != 10 || size.Default != "3" {
		t.Errorf("size: %+v", size)
	}
	if !reflect.DeepEqual(mode.Enum, []string{`"fast"`, `"1"`, `2`}) || mode.Pattern != "^[a-z]+$" || *mode.MaxLength != 8 {
		t.Errorf("mode: %+v", mode)
	}
	if tags.ListType != "map" || !reflect.DeepEqual(tags.ListMapKeys, []string{"name"}) || tags.Items == nil || tags.Items.Type != "object" {
		t.Errorf("tags: %+v", tags)
	}
	if !port.IntOrString || port.Type != "" {
		t.Errorf("port: %+v", port)
	}
	if !free.PreserveUnknownFields || !free.Nullable || free.Default != `{"a":["x"],"b":1}` || !reflect.DeepEqual(free.Validations, []string{"self == oldSelf"}) {
		t.Errorf("free: %+v", free)
	}
	if !IsImmutabilityRule(free.Validations[0]) || IsImmutabilityRule("self.size() < oldSelf.size()") {
		t.Error("IsImmutabilityRule")
	}
}

// TestApplyMarker: list item markers apply to the items; Type and
// Schemaless make the level opaque.
func TestApplyMarker(t *testing.T) {
	s := &Schema{Type: "array", Items: &Schema{Type: "string"}}
	ApplyMarker(s, "kubebuilder:validation:items:Enum", "a;b", 0)
	ApplyMarker(s, "kubebuilder:validation:MaxItems", "3", 0)
	ApplyMarker(s, "listType", "set", 0)
	if !reflect.DeepEqual(s.Items.Enum, []string{`"a"`, `"b"`}) || *s.MaxItems != 3 || s.ListType != "set" {
		t.Errorf("array: %+v items %+v", s, s.Items)
	}
	o := &Schema{Type: "object", Properties: map[string]*Schema{"a": {Type: "string"}}}
	ApplyMarker(o, "kubebuilder:validation:Type", "string", 0)
	if o.Type != "string" || o.Properties != nil || !o.Opaque {
		t.Errorf("Type=string: %+v", o)
	}
	ApplyMarker(o, "kubebuilder:validation:XValidation", `rule="self.startsWith('a')",message="x"`, 0)
	ApplyMarker(o, "default", `value="b"`, 0)
	if !reflect.DeepEqual(o.Validations, []string{"self.startsWith('a')"}) || o.Default != `"b"` {
		t.Errorf("rule and default: %+v", o)
	}
}
