package crdschema

import (
	"go/types"
	"reflect"
	"strings"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
)

// SchemaMarkers change the schema controller-gen writes for a field or
// type so that it has no properties: the checks do not look below them.
var SchemaMarkers = []string{
	"kubebuilder:validation:Schemaless",
	"kubebuilder:validation:Type",
	"kubebuilder:pruning:PreserveUnknownFields",
	"kubebuilder:validation:XPreserveUnknownFields",
	"kubebuilder:validation:EmbeddedResource",
	"kubebuilder:validation:XEmbeddedResource",
	"kubebuilder:validation:XIntOrString",
}

// RootMeta are the fields at the root of every object that the API
// server keeps without a schema (it validates metadata itself):
// hand-written schemas often leave them out.
var RootMeta = map[string]bool{"apiVersion": true, "kind": true, "metadata": true}

// JSONTag is what controller-gen reads from a field's `json` tag.
type JSONTag struct {
	// Name is the property name; empty for an inlined field.
	Name string
	// Skip: `json:"-"`, no property.
	Skip bool
	// Inline: `json:",inline"` or an empty name, whose struct's fields
	// are merged into the parent.
	Inline bool
	// OmitEmpty: omitempty or omitzero, which make the field optional
	// unless a marker says otherwise.
	OmitEmpty bool
}

// ParseJSONTag reads the json key of a struct tag; ok is false when the
// tag has no json key (controller-gen refuses such fields).
func ParseJSONTag(structTag string) (tag JSONTag, ok bool) {
	v, ok := reflect.StructTag(structTag).Lookup("json")
	if !ok {
		return JSONTag{}, false
	}
	if v == "-" {
		return JSONTag{Skip: true}, true
	}
	name, opts, _ := strings.Cut(v, ",")
	tag.Name = name
	tag.Inline = name == "" || hasOption(opts, "inline")
	tag.OmitEmpty = hasOption(opts, "omitempty") || hasOption(opts, "omitzero")
	return tag, true
}

// Field is one property of a struct as controller-gen names it.
type Field struct {
	Name string
	Var  *types.Var
	// Serialized is false for unexported fields: encoding/json skips
	// them, controller-gen may still describe them.
	Serialized bool
}

// JSONFields lists the properties of st: JSON names from the tags, fields
// of inline and embedded structs merged in, `json:"-"` and untagged fields
// left out (controller-gen refuses untagged fields). complete is false
// when an inline field is not a struct.
func JSONFields(st *types.Struct) (fields []Field, complete bool) {
	return jsonFields(st, nil)
}

func jsonFields(st *types.Struct, seen map[*types.Struct]bool) (fields []Field, complete bool) {
	if seen[st] {
		return nil, true
	}
	if seen == nil {
		seen = map[*types.Struct]bool{}
	}
	seen[st] = true
	defer delete(seen, st)
	complete = true
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		tag, ok := ParseJSONTag(st.Tag(i))
		if !ok {
			if f.Embedded() {
				complete = false // encoding/json merges it, controller-gen does not
			}
			continue
		}
		if tag.Skip {
			continue
		}
		// controller-gen inlines both `json:",inline"` and an empty name.
		if tag.Inline {
			inner, ok := Deref(f.Type()).Underlying().(*types.Struct)
			if !ok || CustomJSON(Deref(f.Type())) {
				complete = false
				continue
			}
			sub, c := jsonFields(inner, seen)
			fields = append(fields, sub...)
			complete = complete && c
			continue
		}
		fields = append(fields, Field{Name: tag.Name, Var: f, Serialized: f.Exported()})
	}
	return fields, complete
}

func hasOption(opts, opt string) bool {
	for _, o := range strings.Split(opts, ",") {
		if o == opt {
			return true
		}
	}
	return false
}

// Deref removes aliases and pointers.
func Deref(t types.Type) types.Type {
	t = types.Unalias(t)
	for i := 0; i < 8; i++ {
		d := astx.Deref(t)
		if d == t {
			break
		}
		t = d
	}
	return t
}

// TypeName returns the declared name of t, or nil.
func TypeName(t types.Type) *types.TypeName {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

// IsObjectMeta reports whether t is metav1.ObjectMeta, whose schema
// controller-gen writes by hand (`type: object`, or five properties with
// crd:generateEmbeddedObjectMeta).
func IsObjectMeta(t types.Type) bool {
	tn := TypeName(t)
	return tn != nil && tn.Name() == "ObjectMeta" && tn.Pkg() != nil && k8s.TrimVendor(tn.Pkg().Path()) == k8s.MetaV1
}

// CustomJSON reports whether t marshals itself (MarshalJSON or
// MarshalText, also promoted from an embedded field): its JSON form is
// not its fields (metav1.Time, resource.Quantity, intstr.IntOrString).
func CustomJSON(t types.Type) bool {
	if _, ok := t.(*types.Named); !ok {
		return false
	}
	ptr := types.NewPointer(t)
	for _, m := range []string{"MarshalJSON", "MarshalText"} {
		if obj, _, _ := types.LookupFieldOrMethod(ptr, true, nil, m); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}
