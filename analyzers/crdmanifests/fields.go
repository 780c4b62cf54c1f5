package crdmanifests

import (
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/passes/crdkinds"
	"github.com/opvet/opvet/passes/markerindex"
)

// Bounds of the schema walk.
const (
	maxDepth = 64
	maxSteps = 200000
	maxNames = 3 // paths named in one message
)

// schemaMarkers change the schema controller-gen writes for a field or
// type so that it has no properties: the check does not look below them.
var schemaMarkers = []string{
	"kubebuilder:validation:Schemaless",
	"kubebuilder:validation:Type",
	"kubebuilder:pruning:PreserveUnknownFields",
	"kubebuilder:validation:XPreserveUnknownFields",
	"kubebuilder:validation:EmbeddedResource",
	"kubebuilder:validation:XEmbeddedResource",
	"kubebuilder:validation:XIntOrString",
}

// fieldWalk compares one kind version's Go type with its schema.
type fieldWalk struct {
	c     *checker
	kind  *crdkinds.Kind
	m     *manifest
	mv    *version
	steps int
	// Findings, by the position they are reported at, in order.
	missing, removed map[token.Pos][]string
	order            []token.Pos
}

// checkFields reports the JSON fields of kv that the schema of mv lacks
// and, with removed-fields, the properties of a served version that the
// Go type lacks.
func (c *checker) checkFields(kv *crdkinds.Kind, m *manifest, mv *version) {
	t := c.rootType(kv.Name)
	if t == nil {
		return
	}
	w := &fieldWalk{c: c, kind: kv, m: m, mv: mv, missing: map[token.Pos][]string{}, removed: map[token.Pos][]string{}}
	w.walk(t, mv.schema, "", kv.Spec.Name.Pos(), nil, 0)
	for _, pos := range w.order {
		if paths := w.missing[pos]; len(paths) > 0 {
			c.reportPos(pos, "%s has no property %s in the %s schema of %s, so the API server prunes %s from every write and the setting silently vanishes: the manifest predates the field; regenerate the manifests",
				kv.Name, names(paths), mv.name, m.rel, them(paths))
		}
		if paths := w.removed[pos]; len(paths) > 0 {
			c.reportPos(pos, "the %s schema of %s has %s, which %s no longer declares: either the manifest is stale (regenerate it) or the field was removed from a served version, a breaking change for clients and stored objects that still set it",
				mv.name, m.rel, names(paths), kv.Name)
		}
	}
}

// names lists paths for a message: the first few and a count.
func names(paths []string) string {
	if len(paths) > maxNames {
		return strings.Join(paths[:maxNames], ", ") + " and " + strconv.Itoa(len(paths)-maxNames) + " more"
	}
	if len(paths) == 1 {
		return paths[0]
	}
	return strings.Join(paths[:len(paths)-1], ", ") + " and " + paths[len(paths)-1]
}

func them(paths []string) string {
	if len(paths) == 1 {
		return "it"
	}
	return "them"
}

func (w *fieldWalk) add(set map[token.Pos][]string, pos token.Pos, path string) {
	if _, ok := w.missing[pos]; !ok {
		if _, ok := w.removed[pos]; !ok {
			w.order = append(w.order, pos)
		}
	}
	set[pos] = append(set[pos], path)
}

// walk compares the Go type t at path with the schema node. at is where a
// finding below is reported: the innermost field of the path declared in
// the package under analysis (the kind's name at the root). field is the
// struct field whose type t is, or nil.
func (w *fieldWalk) walk(t types.Type, node *yaml.Node, path string, at token.Pos, field *types.Var, depth int) {
	node = resolve(node)
	if node == nil || node.Kind != yaml.MappingNode || depth > maxDepth || w.steps > maxSteps {
		return
	}
	w.steps++
	if b, _ := boolean(node, "x-kubernetes-preserve-unknown-fields"); b {
		return
	}
	t = deref(t)
	if isObjectMeta(t) || customJSON(t) {
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		w.object(t, u, node, path, at, field, depth)
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return // []byte is a base64 string
		}
		w.walk(u.Elem(), get(node, "items"), path+"[*]", at, nil, depth+1)
	case *types.Array:
		w.walk(u.Elem(), get(node, "items"), path+"[*]", at, nil, depth+1)
	case *types.Map:
		w.walk(u.Elem(), get(node, "additionalProperties"), path+".*", at, nil, depth+1)
	}
}

// object compares a struct with an object schema.
func (w *fieldWalk) object(t types.Type, st *types.Struct, node *yaml.Node, path string, at token.Pos, field *types.Var, depth int) {
	props := get(node, "properties")
	if props == nil {
		if !w.bareObject(t, node, field) {
			return
		}
		props = &yaml.Node{Kind: yaml.MappingNode}
	}
	fields, complete := jsonFields(st, nil)
	have := map[string]bool{}
	for _, f := range fields {
		have[f.name] = true
		if !f.serialized {
			continue
		}
		fpath := join(path, f.name)
		fat := at
		if w.local(f.v) {
			fat = f.v.Pos()
		}
		sub := get(props, f.name)
		if sub == nil {
			if path == "" && rootMeta[f.name] {
				continue // never pruned, whatever the schema says
			}
			w.add(w.missing, fat, fpath)
			continue
		}
		w.walk(f.v.Type(), sub, fpath, fat, f.v, depth+1)
	}
	if !w.c.cfg.RemovedFields || !w.mv.served || !complete {
		return
	}
	pos := at
	if tn := typeName(t); tn != nil && w.local(tn) {
		pos = tn.Pos()
	}
	for _, k := range keys(props) {
		if !have[k] {
			w.add(w.removed, pos, join(path, k))
		}
	}
}

// bareObject reports whether a schema node without properties stands for
// a struct whose fields were all added after the manifest was generated:
// `type: object` and nothing else that describes content, for a struct of
// the package under analysis without markers that make controller-gen
// write such a schema on purpose. The kubebuilder scaffold's empty
// FooStatus gets this schema.
func (w *fieldWalk) bareObject(t types.Type, node *yaml.Node, field *types.Var) bool {
	if scalar(node, "type") != "object" {
		return false
	}
	for _, k := range keys(node) {
		switch k {
		case "type", "description", "title", "default", "example", "nullable":
		default:
			return false // additionalProperties, x-kubernetes-*, anyOf, ...
		}
	}
	tn := typeName(t)
	if tn == nil || !w.local(tn) || (field != nil && !w.local(field)) {
		return false
	}
	idx := w.c.markers
	return !hasAny(idx.OfObject(tn), schemaMarkers) && (field == nil || !hasAny(idx.OfObject(field), schemaMarkers))
}

func hasAny(ms []*markerindex.Marker, names []string) bool {
	for _, n := range names {
		if markerindex.Has(ms, n) {
			return true
		}
	}
	return false
}

// local reports whether obj is declared in the package under analysis,
// where findings can be reported.
func (w *fieldWalk) local(obj types.Object) bool {
	return obj != nil && obj.Pkg() == w.c.pass.Pkg && obj.Pos().IsValid()
}

// jsonField is one property of a struct as controller-gen names it.
type jsonField struct {
	name string
	v    *types.Var
	// serialized is false for unexported fields: encoding/json skips
	// them, controller-gen may still describe them.
	serialized bool
}

// jsonFields lists the properties of st: JSON names from the tags, fields
// of inline and embedded structs merged in, `json:"-"` and untagged fields
// left out (controller-gen refuses untagged fields). complete is false
// when an inline field is not a struct.
func jsonFields(st *types.Struct, seen map[*types.Struct]bool) (fields []jsonField, complete bool) {
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
		tag, ok := reflect.StructTag(st.Tag(i)).Lookup("json")
		if !ok {
			if f.Embedded() {
				complete = false // encoding/json merges it, controller-gen does not
			}
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if tag == "-" {
			continue
		}
		// controller-gen inlines both `json:",inline"` and an empty name.
		if name == "" || hasOption(opts, "inline") {
			inner, ok := deref(f.Type()).Underlying().(*types.Struct)
			if !ok || customJSON(deref(f.Type())) {
				complete = false
				continue
			}
			sub, c := jsonFields(inner, seen)
			fields = append(fields, sub...)
			complete = complete && c
			continue
		}
		fields = append(fields, jsonField{name: name, v: f, serialized: f.Exported()})
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

// deref removes aliases and pointers.
func deref(t types.Type) types.Type {
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

// typeName returns the declared name of t, or nil.
func typeName(t types.Type) *types.TypeName {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

// rootMeta are the fields at the root of every object that the API
// server keeps without a schema (it validates metadata itself):
// hand-written schemas often leave them out.
var rootMeta = map[string]bool{"apiVersion": true, "kind": true, "metadata": true}

// isObjectMeta reports whether t is metav1.ObjectMeta, whose schema
// controller-gen writes by hand (`type: object`, or five properties with
// crd:generateEmbeddedObjectMeta).
func isObjectMeta(t types.Type) bool {
	tn := typeName(t)
	return tn != nil && tn.Name() == "ObjectMeta" && tn.Pkg() != nil && k8s.TrimVendor(tn.Pkg().Path()) == k8s.MetaV1
}

// customJSON reports whether t marshals itself (MarshalJSON or
// MarshalText, also promoted from an embedded field): its JSON form is
// not its fields (metav1.Time, resource.Quantity, intstr.IntOrString).
func customJSON(t types.Type) bool {
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

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
