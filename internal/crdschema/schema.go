package crdschema

import (
	"encoding/json"
	"go/token"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Schema is one level of a CRD version's OpenAPI v3 schema: what
// controller-gen writes for a Go type and its markers, or what a manifest
// says, reduced to what decides whether existing objects stay valid and
// keep their data. Descriptions, examples and titles are left out. A
// Schema built from Go source carries an Origin (never serialized) that
// tells where its findings are reported.
type Schema struct {
	// Type is object, array, string, integer, number or boolean; "" when
	// any type is accepted (int-or-string, preserve-unknown-fields
	// without a type, Schemaless).
	Type        string `json:"type,omitempty"`
	Format      string `json:"format,omitempty"`
	IntOrString bool   `json:"intOrString,omitempty"`
	// GoName is the Go field this property comes from ("" in a schema
	// read from a manifest): a property whose JSON name changed keeps it.
	GoName string `json:"goName,omitempty"`

	Properties           map[string]*Schema `json:"properties,omitempty"`
	Items                *Schema            `json:"items,omitempty"`
	AdditionalProperties *Schema            `json:"additionalProperties,omitempty"`
	Required             []string           `json:"required,omitempty"`

	// Enum holds each allowed value as canonical JSON ("\"a\"", "1").
	Enum             []string `json:"enum,omitempty"`
	Minimum          *float64 `json:"minimum,omitempty"`
	Maximum          *float64 `json:"maximum,omitempty"`
	ExclusiveMinimum bool     `json:"exclusiveMinimum,omitempty"`
	ExclusiveMaximum bool     `json:"exclusiveMaximum,omitempty"`
	MultipleOf       *float64 `json:"multipleOf,omitempty"`
	MinLength        *int64   `json:"minLength,omitempty"`
	MaxLength        *int64   `json:"maxLength,omitempty"`
	MinItems         *int64   `json:"minItems,omitempty"`
	MaxItems         *int64   `json:"maxItems,omitempty"`
	MinProperties    *int64   `json:"minProperties,omitempty"`
	MaxProperties    *int64   `json:"maxProperties,omitempty"`
	UniqueItems      bool     `json:"uniqueItems,omitempty"`
	Pattern          string   `json:"pattern,omitempty"`
	Nullable         bool     `json:"nullable,omitempty"`
	// Default is the default value as canonical JSON, or "raw:" and the
	// marker's text when opvet cannot tell its JSON form; "" when none.
	Default string `json:"default,omitempty"`

	PreserveUnknownFields bool     `json:"preserveUnknownFields,omitempty"`
	EmbeddedResource      bool     `json:"embeddedResource,omitempty"`
	ListType              string   `json:"listType,omitempty"`
	ListMapKeys           []string `json:"listMapKeys,omitempty"`
	MapType               string   `json:"mapType,omitempty"`
	// Validations are the x-kubernetes-validations rules, whitespace
	// collapsed.
	Validations []string `json:"validations,omitempty"`

	// Opaque: what lies below is unknown to opvet (a type of another
	// module, a marker that replaces the type): no property, item or
	// value schema of it is compared.
	Opaque bool `json:"opaque,omitempty"`
	// External: the type is one of another module that opvet does not
	// know: only what markers of the module's own fields put on it is
	// known, so nothing is taken as removed from it.
	External bool `json:"external,omitempty"`
	// Incomplete: Properties may lack some (an inlined type opvet cannot
	// see into): no property is taken as removed.
	Incomplete bool `json:"incomplete,omitempty"`

	Origin *Origin `json:"-"`
	// RequiredByMarker names, for the properties in Required that only a
	// marker makes required (their json tag has omitempty), that marker.
	// Built from Go source only: controller-gen honours +required from
	// v0.16.0 on.
	RequiredByMarker map[string]string `json:"-"`
}

// Origin is where a schema built from the Go source of the package under
// analysis comes from.
type Origin struct {
	// At is where findings about this level are reported: the field (or
	// type) of the package under analysis that it comes from, or that
	// leads to it.
	At token.Pos
	// Markers holds the position of the marker of the package under
	// analysis that set an attribute (Attr* names).
	Markers map[string]token.Pos
	// Type is the declaration of the named type of the package under
	// analysis that this level is, or token.NoPos.
	Type token.Pos
	// Allow is the reason of a +opvet:compat:allow marker on this field,
	// "-" when the marker has no reason.
	Allow string
}

// Attribute names, for Origin.Markers and messages.
const (
	AttrEnum      = "enum"
	AttrMinimum   = "minimum"
	AttrMaximum   = "maximum"
	AttrMultiple  = "multipleOf"
	AttrMinLength = "minLength"
	AttrMaxLength = "maxLength"
	AttrMinItems  = "minItems"
	AttrMaxItems  = "maxItems"
	AttrMinProps  = "minProperties"
	AttrMaxProps  = "maxProperties"
	AttrUnique    = "uniqueItems"
	AttrPattern   = "pattern"
	AttrFormat    = "format"
	AttrType      = "type"
	AttrNullable  = "nullable"
	AttrDefault   = "default"
	AttrPreserve  = "x-kubernetes-preserve-unknown-fields"
	AttrListType  = "x-kubernetes-list-type"
	AttrListKeys  = "x-kubernetes-list-map-keys"
	AttrMapType   = "x-kubernetes-map-type"
	AttrRules     = "x-kubernetes-validations"
	AttrRequired  = "required"
	AttrOptional  = "optional"
)

// At returns where findings about s are reported: the marker that set
// attr when there is one, else s's origin; token.NoPos for a schema not
// built from the package under analysis.
func (s *Schema) At(attr string) token.Pos {
	if s == nil || s.Origin == nil {
		return token.NoPos
	}
	if p, ok := s.Origin.Markers[attr]; ok && p.IsValid() {
		return p
	}
	return s.Origin.At
}

// SetMarker records that the marker at pos set attr.
func (s *Schema) SetMarker(attr string, pos token.Pos) {
	if s.Origin == nil || !pos.IsValid() {
		return
	}
	if s.Origin.Markers == nil {
		s.Origin.Markers = map[string]token.Pos{}
	}
	s.Origin.Markers[attr] = pos
}

// IsRequired reports whether s lists name as required.
func (s *Schema) IsRequired(name string) bool { return slices.Contains(s.Required, name) }

// Copy returns a shallow copy of s with its own Origin: a named type's
// schema is copied before the markers of a field that uses it apply.
func (s *Schema) Copy() *Schema {
	c := *s
	if s.Origin != nil {
		o := *s.Origin
		o.Markers = map[string]token.Pos{}
		for k, v := range s.Origin.Markers {
			o.Markers[k] = v
		}
		c.Origin = &o
	}
	c.Required = slices.Clone(s.Required)
	c.Enum = slices.Clone(s.Enum)
	c.Validations = slices.Clone(s.Validations)
	c.ListMapKeys = slices.Clone(s.ListMapKeys)
	return &c
}

// Bounds of the conversion from YAML.
const maxYAMLDepth = 128

// FromYAML converts an openAPIV3Schema node of a manifest.
func FromYAML(n *yaml.Node) *Schema { return fromYAML(n, 0) }

func fromYAML(n *yaml.Node, depth int) *Schema {
	n = Resolve(n)
	if n == nil || n.Kind != yaml.MappingNode || depth > maxYAMLDepth {
		return nil
	}
	s := &Schema{
		Type:    Scalar(n, "type"),
		Format:  Scalar(n, "format"),
		Pattern: Scalar(n, "pattern"),
	}
	s.IntOrString, _ = Boolean(n, "x-kubernetes-int-or-string")
	s.Nullable, _ = Boolean(n, "nullable")
	s.PreserveUnknownFields, _ = Boolean(n, "x-kubernetes-preserve-unknown-fields")
	s.EmbeddedResource, _ = Boolean(n, "x-kubernetes-embedded-resource")
	s.ExclusiveMinimum, _ = Boolean(n, "exclusiveMinimum")
	s.ExclusiveMaximum, _ = Boolean(n, "exclusiveMaximum")
	s.UniqueItems, _ = Boolean(n, "uniqueItems")
	s.ListType = Scalar(n, "x-kubernetes-list-type")
	s.MapType = Scalar(n, "x-kubernetes-map-type")
	s.Minimum, s.Maximum, s.MultipleOf = yamlFloat(n, "minimum"), yamlFloat(n, "maximum"), yamlFloat(n, "multipleOf")
	s.MinLength, s.MaxLength = yamlInt(n, "minLength"), yamlInt(n, "maxLength")
	s.MinItems, s.MaxItems = yamlInt(n, "minItems"), yamlInt(n, "maxItems")
	s.MinProperties, s.MaxProperties = yamlInt(n, "minProperties"), yamlInt(n, "maxProperties")
	s.Required = yamlStrings(Get(n, "required"))
	s.ListMapKeys = yamlStrings(Get(n, "x-kubernetes-list-map-keys"))
	if e := Get(n, "enum"); e != nil && e.Kind == yaml.SequenceNode {
		for _, v := range e.Content {
			if j, ok := yamlJSON(v); ok {
				s.Enum = append(s.Enum, j)
			}
		}
	}
	if d := Get(n, "default"); d != nil {
		if j, ok := yamlJSON(d); ok {
			s.Default = j
		}
	}
	if rules := Get(n, "x-kubernetes-validations"); rules != nil && rules.Kind == yaml.SequenceNode {
		for _, r := range rules.Content {
			if rule := Scalar(r, "rule"); rule != "" {
				s.Validations = append(s.Validations, NormalizeRule(rule))
			}
		}
	}
	if props := Get(n, "properties"); props != nil && props.Kind == yaml.MappingNode {
		s.Properties = map[string]*Schema{}
		for i := 0; i+1 < len(props.Content); i += 2 {
			if sub := fromYAML(props.Content[i+1], depth+1); sub != nil {
				s.Properties[props.Content[i].Value] = sub
			}
		}
	}
	s.Items = fromYAML(Get(n, "items"), depth+1)
	s.AdditionalProperties = fromYAML(Get(n, "additionalProperties"), depth+1)
	return s
}

func yamlFloat(n *yaml.Node, key string) *float64 {
	v := Get(n, key)
	if v == nil || v.Kind != yaml.ScalarNode {
		return nil
	}
	f, err := strconv.ParseFloat(v.Value, 64)
	if err != nil {
		return nil
	}
	return &f
}

func yamlInt(n *yaml.Node, key string) *int64 {
	v := Get(n, key)
	if v == nil || v.Kind != yaml.ScalarNode {
		return nil
	}
	i, err := strconv.ParseInt(v.Value, 10, 64)
	if err != nil {
		return nil
	}
	return &i
}

func yamlStrings(n *yaml.Node) []string {
	n = Resolve(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	var out []string
	for _, v := range n.Content {
		if v = Resolve(v); v.Kind == yaml.ScalarNode {
			out = append(out, v.Value)
		}
	}
	return out
}

// yamlJSON renders a YAML value as canonical JSON.
func yamlJSON(n *yaml.Node) (string, bool) {
	var v any
	if n.Decode(&v) != nil {
		return "", false
	}
	return canonicalJSON(v)
}

// canonicalJSON renders v as JSON with sorted keys and numbers in their
// shortest form.
func canonicalJSON(v any) (string, bool) {
	b, err := json.Marshal(normalize(v, 0))
	if err != nil {
		return "", false
	}
	return string(b), true
}

// normalize turns the maps YAML decodes into (map[string]any, and
// map[any]any for non-string keys) and integer kinds into JSON's forms.
func normalize(v any, depth int) any {
	if depth > maxYAMLDepth {
		return nil
	}
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			out[k] = normalize(e, depth+1)
		}
		return out
	case map[any]any:
		out := map[string]any{}
		for k, e := range x {
			ks, _ := json.Marshal(k)
			out[strings.Trim(string(ks), `"`)] = normalize(e, depth+1)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e, depth+1)
		}
		return out
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case uint64:
		return float64(x)
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil
		}
	}
	return v
}

// NormalizeRule collapses the white space of a CEL rule.
func NormalizeRule(rule string) string { return strings.Join(strings.Fields(rule), " ") }

// IsImmutabilityRule reports whether a CEL rule makes its field
// immutable: it compares self with oldSelf.
func IsImmutabilityRule(rule string) bool {
	r := strings.ReplaceAll(NormalizeRule(rule), " ", "")
	return strings.Contains(r, "self==oldSelf") || strings.Contains(r, "oldSelf==self")
}

// SortedKeys returns the property names of s, sorted.
func (s *Schema) SortedKeys() []string {
	keys := make([]string, 0, len(s.Properties))
	for k := range s.Properties {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
