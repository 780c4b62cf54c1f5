package crdschema

import (
	"go/token"
	"strconv"
	"strings"

	"github.com/opvet/opvet/internal/markersyntax"
)

// itemsPrefix is the prefix of the markers that apply to a list's items.
const itemsPrefix = "kubebuilder:validation:items:"

// ApplyMarker applies to s what controller-gen writes for the marker
// registered as name with the argument text args (as markerindex resolves
// them), written at pos (token.NoPos outside the package under analysis).
// Markers that decide whether a field is required are the builder's
// business, and markers that do not change the schema are ignored.
func ApplyMarker(s *Schema, name, args string, pos token.Pos) {
	if rest, ok := strings.CutPrefix(name, itemsPrefix); ok {
		if s.Items != nil {
			items := s.Items.Copy()
			ApplyMarker(items, "kubebuilder:validation:"+rest, args, pos)
			s.Items = items
		}
		return
	}
	if attr := applyValidation(s, name, args); attr != "" {
		s.SetMarker(attr, pos)
		return
	}
	if attr := applyStructural(s, name, args); attr != "" {
		s.SetMarker(attr, pos)
	}
}

// applyValidation applies the markers that constrain values; it returns
// the attribute set, or "".
func applyValidation(s *Schema, name, args string) string {
	switch name {
	case "kubebuilder:validation:Minimum", "k8s:minimum":
		s.Minimum = parseFloat(args)
		return AttrMinimum
	case "kubebuilder:validation:Maximum", "k8s:maximum":
		s.Maximum = parseFloat(args)
		return AttrMaximum
	case "kubebuilder:validation:ExclusiveMinimum":
		s.ExclusiveMinimum = parseBool(args)
		return AttrMinimum
	case "kubebuilder:validation:ExclusiveMaximum":
		s.ExclusiveMaximum = parseBool(args)
		return AttrMaximum
	case "kubebuilder:validation:MultipleOf":
		s.MultipleOf = parseFloat(args)
		return AttrMultiple
	case "kubebuilder:validation:MinLength":
		s.MinLength = parseInt(args)
		return AttrMinLength
	case "kubebuilder:validation:MaxLength":
		s.MaxLength = parseInt(args)
		return AttrMaxLength
	case "kubebuilder:validation:MinItems":
		s.MinItems = parseInt(args)
		return AttrMinItems
	case "kubebuilder:validation:MaxItems", "k8s:maxItems":
		s.MaxItems = parseInt(args)
		return AttrMaxItems
	case "kubebuilder:validation:MinProperties":
		s.MinProperties = parseInt(args)
		return AttrMinProps
	case "kubebuilder:validation:MaxProperties":
		s.MaxProperties = parseInt(args)
		return AttrMaxProps
	case "kubebuilder:validation:UniqueItems":
		s.UniqueItems = parseBool(args)
		return AttrUnique
	case "kubebuilder:validation:Pattern":
		s.Pattern = markersyntax.Unquote(args)
		return AttrPattern
	case "kubebuilder:validation:Format":
		s.Format = markersyntax.Unquote(args)
		return AttrFormat
	case "kubebuilder:validation:Enum":
		s.Enum = nil
		for _, item := range markersyntax.RawList(args) {
			s.Enum = append(s.Enum, MarkerJSON(item))
		}
		return AttrEnum
	case "kubebuilder:validation:XValidation":
		if rule := argValue(args, "rule"); rule != "" {
			s.Validations = append(s.Validations, NormalizeRule(rule))
		}
		return AttrRules
	}
	return ""
}

// applyStructural applies the markers that change the shape, pruning,
// defaults and merge semantics; it returns the attribute set, or "".
func applyStructural(s *Schema, name, args string) string {
	switch name {
	case "kubebuilder:validation:Type":
		s.Type = markersyntax.Unquote(args)
		s.Properties, s.Items, s.AdditionalProperties = nil, nil, nil
		s.Opaque = true
		return AttrType
	case "kubebuilder:validation:Schemaless":
		// The builder starts a Schemaless field from an empty schema;
		// the markers beside it still apply.
		s.Opaque = true
		s.Properties, s.Items, s.AdditionalProperties = nil, nil, nil
		return AttrType
	case "kubebuilder:validation:XIntOrString":
		s.IntOrString, s.Type = true, ""
		return AttrType
	case "kubebuilder:pruning:PreserveUnknownFields", "kubebuilder:validation:XPreserveUnknownFields":
		s.PreserveUnknownFields = true
		return AttrPreserve
	case "kubebuilder:validation:EmbeddedResource", "kubebuilder:validation:XEmbeddedResource":
		s.EmbeddedResource = true
		return AttrPreserve
	case "nullable":
		s.Nullable = true
		return AttrNullable
	case "kubebuilder:default", "default":
		v, _ := DefaultText(name, args)
		s.Default = MarkerJSON(v)
		return AttrDefault
	case "listType", "k8s:listType":
		s.ListType = markersyntax.Unquote(args)
		return AttrListType
	case "listMapKey", "k8s:listMapKey":
		s.ListMapKeys = append(s.ListMapKeys, markersyntax.Unquote(args))
		return AttrListKeys
	case "mapType", "structType":
		s.MapType = markersyntax.Unquote(args)
		return AttrMapType
	}
	return ""
}

// DefaultText returns the value text of a default marker
// (+kubebuilder:default=<v>, or +default=<v> and +default:value=<v>),
// and false for other markers.
func DefaultText(name, args string) (string, bool) {
	switch name {
	case "kubebuilder:default":
		return strings.TrimSpace(args), true
	case "default":
		as, _ := markersyntax.SplitArgs(args)
		for _, a := range as {
			if a.Key == "value" || (a.Key == "" && len(as) == 1) {
				return a.Value, true
			}
		}
		return strings.TrimSpace(args), true
	}
	return "", false
}

// argValue returns the unquoted value of the argument key of args, or of
// the positional argument when there is no such key.
func argValue(args, key string) string {
	as, _ := markersyntax.SplitArgs(args)
	for _, a := range as {
		if a.Key == key {
			return markersyntax.Unquote(a.Value)
		}
	}
	if len(as) == 1 && as[0].Key == "" {
		return markersyntax.Unquote(as[0].Value)
	}
	return ""
}

func parseFloat(v string) *float64 {
	f, err := strconv.ParseFloat(markersyntax.Unquote(v), 64)
	if err != nil {
		return nil
	}
	return &f
}

func parseInt(v string) *int64 {
	i, err := strconv.ParseInt(markersyntax.Unquote(v), 10, 64)
	if err != nil {
		return nil
	}
	return &i
}

// parseBool reads a marker's boolean argument; a flag without one is
// true.
func parseBool(v string) bool {
	v = markersyntax.Unquote(v)
	return v == "" || v == "true"
}

// MarkerJSON renders a marker's value (controller-gen's "any" argument:
// a quoted or bare string, a number, a boolean, a {…} list or map) as
// canonical JSON, or "raw:" and the text when opvet cannot tell.
func MarkerJSON(raw string) string {
	if v, ok := markerValue(strings.TrimSpace(raw), 0); ok {
		if j, ok := canonicalJSON(v); ok {
			return j
		}
	}
	return "raw:" + strings.TrimSpace(raw)
}

func markerValue(raw string, depth int) (any, bool) {
	if depth > 16 {
		return nil, false
	}
	switch {
	case raw == "":
		return nil, false
	case raw[0] == '"' || raw[0] == '`':
		return markersyntax.Unquote(raw), true
	case raw == "true" || raw == "false":
		return raw == "true", true
	case raw[0] == '{':
		return markerComposite(raw, depth)
	case raw[0] == '-' || raw[0] == '.' || ('0' <= raw[0] && raw[0] <= '9'):
		if f, err := strconv.ParseFloat(raw, 64); err == nil {
			return f, true
		}
		return raw, true
	}
	return raw, true
}

// markerComposite reads `{a,b}` as a list and `{k: v, ...}` as a map.
func markerComposite(raw string, depth int) (any, bool) {
	if !strings.HasSuffix(raw, "}") {
		return nil, false
	}
	inner := strings.TrimSpace(raw[1 : len(raw)-1])
	if inner == "" {
		return map[string]any{}, true
	}
	args, ok := markersyntax.SplitArgs(inner)
	if !ok {
		return nil, false
	}
	var list []any
	obj := map[string]any{}
	for _, a := range args {
		text := a.Value
		if a.Key != "" {
			return nil, false // key=value is no JSON form
		}
		k, v, isPair := cutPair(text)
		if isPair {
			val, ok := markerValue(v, depth+1)
			if !ok {
				return nil, false
			}
			obj[markersyntax.Unquote(k)] = val
			continue
		}
		val, ok := markerValue(text, depth+1)
		if !ok {
			return nil, false
		}
		list = append(list, val)
	}
	switch {
	case len(list) > 0 && len(obj) > 0:
		return nil, false
	case len(obj) > 0:
		return obj, true
	}
	return list, true
}

// cutPair splits `key: value` at its first colon outside quotes.
func cutPair(s string) (key, value string, ok bool) {
	inQuote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQuote != 0 && c == '\\':
			i++
		case inQuote != 0:
			if c == inQuote {
				inQuote = 0
			}
		case c == '"' || c == '`':
			inQuote = c
		case c == '{':
			return "", "", false
		case c == ':':
			return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+1:]), true
		}
	}
	return "", "", false
}

// WellKnown returns the schema controller-gen writes for a type of
// another module that it knows by name, or nil: such types are otherwise
// opaque to opvet.
func WellKnown(importPath, name string) *Schema {
	switch importPath + "." + name {
	case "k8s.io/apimachinery/pkg/apis/meta/v1.Time", "k8s.io/apimachinery/pkg/apis/meta/v1.MicroTime":
		return &Schema{Type: "string", Format: "date-time", Opaque: true}
	case "k8s.io/apimachinery/pkg/apis/meta/v1.Duration":
		return &Schema{Type: "string", Opaque: true}
	case "k8s.io/apimachinery/pkg/apis/meta/v1.ObjectMeta":
		return &Schema{Type: "object", Opaque: true}
	case "k8s.io/apimachinery/pkg/api/resource.Quantity", "k8s.io/apimachinery/pkg/util/intstr.IntOrString":
		return &Schema{IntOrString: true, Opaque: true}
	case "k8s.io/apimachinery/pkg/runtime.RawExtension":
		return &Schema{Type: "object", PreserveUnknownFields: true, Opaque: true}
	case "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1.JSON":
		return &Schema{PreserveUnknownFields: true, Opaque: true}
	}
	return nil
}
