package crdmanifests

import (
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/opvet/opvet/internal/crdschema"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/passes/crdkinds"
	"github.com/opvet/opvet/passes/markerindex"
)

// Bounds of the schema walk.
const (
	maxDepth = 64
	maxSteps = 200000
	maxNames = 3 // paths named in one message
)

// fieldWalk compares one kind version's Go type with its schema.
type fieldWalk struct {
	c     *checker
	kind  *crdkinds.Kind
	m     *crdschema.Manifest
	mv    *crdschema.Version
	steps int
	// Findings, by the position they are reported at, in order.
	missing, removed map[token.Pos][]string
	order            []token.Pos
}

// checkFields reports the JSON fields of kv that the schema of mv lacks
// and, with removed-fields, the properties of a served version that the
// Go type lacks.
func (c *checker) checkFields(kv *crdkinds.Kind, m *crdschema.Manifest, mv *crdschema.Version) {
	t := c.rootType(kv.Name)
	if t == nil {
		return
	}
	w := &fieldWalk{c: c, kind: kv, m: m, mv: mv, missing: map[token.Pos][]string{}, removed: map[token.Pos][]string{}}
	w.walk(t, mv.Schema, "", kv.Spec.Name.Pos(), nil, 0)
	for _, pos := range w.order {
		if paths := w.missing[pos]; len(paths) > 0 {
			c.reportPos(pos, "%s has no property %s in the %s schema of %s, so the API server prunes %s from every write and the setting silently vanishes: the manifest predates the field; regenerate the manifests",
				kv.Name, names(paths), mv.Name, m.Rel, them(paths))
		}
		if paths := w.removed[pos]; len(paths) > 0 {
			c.reportPos(pos, "the %s schema of %s has %s, which %s no longer declares: either the manifest is stale (regenerate it) or the field was removed from a served version, a breaking change for clients and stored objects that still set it",
				mv.Name, m.Rel, names(paths), kv.Name)
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
	node = crdschema.Resolve(node)
	if node == nil || node.Kind != yaml.MappingNode || depth > maxDepth || w.steps > maxSteps {
		return
	}
	w.steps++
	if b, _ := crdschema.Boolean(node, "x-kubernetes-preserve-unknown-fields"); b {
		return
	}
	t = crdschema.Deref(t)
	if crdschema.IsObjectMeta(t) || crdschema.CustomJSON(t) {
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		w.object(t, u, node, path, at, field, depth)
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			return // []byte is a base64 string
		}
		w.walk(u.Elem(), crdschema.Get(node, "items"), path+"[*]", at, nil, depth+1)
	case *types.Array:
		w.walk(u.Elem(), crdschema.Get(node, "items"), path+"[*]", at, nil, depth+1)
	case *types.Map:
		w.walk(u.Elem(), crdschema.Get(node, "additionalProperties"), path+".*", at, nil, depth+1)
	}
}

// object compares a struct with an object schema.
func (w *fieldWalk) object(t types.Type, st *types.Struct, node *yaml.Node, path string, at token.Pos, field *types.Var, depth int) {
	props := crdschema.Get(node, "properties")
	if props == nil {
		if !w.bareObject(t, node, field) {
			return
		}
		props = &yaml.Node{Kind: yaml.MappingNode}
	}
	fields, complete := crdschema.JSONFields(st)
	have := map[string]bool{}
	for _, f := range fields {
		have[f.Name] = true
		if !f.Serialized {
			continue
		}
		fpath := join(path, f.Name)
		fat := at
		if w.local(f.Var) {
			fat = f.Var.Pos()
		}
		sub := crdschema.Get(props, f.Name)
		if sub == nil {
			if path == "" && crdschema.RootMeta[f.Name] {
				continue // never pruned, whatever the schema says
			}
			if path != "" && f.Name == "status" && k8s.EmbedsObjectMeta(t) {
				continue // a template's status: written by no one
			}
			if w.m.Generator == "" && w.foreign(f.Var) {
				continue // a hand-kept schema's subset of another module's type
			}
			w.add(w.missing, fat, fpath)
			continue
		}
		w.walk(f.Var.Type(), sub, fpath, fat, f.Var, depth+1)
	}
	if !w.c.cfg.RemovedFields || !w.mv.Served || !complete {
		return
	}
	pos := at
	if tn := crdschema.TypeName(t); tn != nil && w.local(tn) {
		pos = tn.Pos()
	}
	for _, k := range crdschema.Keys(props) {
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
	if crdschema.Scalar(node, "type") != "object" {
		return false
	}
	for _, k := range crdschema.Keys(node) {
		switch k {
		case "type", "description", "title", "default", "example", "nullable":
		default:
			return false // additionalProperties, x-kubernetes-*, anyOf, ...
		}
	}
	tn := crdschema.TypeName(t)
	if tn == nil || !w.local(tn) || (field != nil && !w.local(field)) {
		return false
	}
	idx := w.c.markers
	return !hasAny(idx.OfObject(tn), crdschema.SchemaMarkers) && (field == nil || !hasAny(idx.OfObject(field), crdschema.SchemaMarkers))
}

func hasAny(ms []*markerindex.Marker, names []string) bool {
	for _, n := range names {
		if markerindex.Has(ms, n) {
			return true
		}
	}
	return false
}

// foreign reports whether the field v is declared in another module (a
// downloaded or vendored copy, or a Kubernetes library: a field of
// corev1.VolumeSource, or of a corev1.PodSpec embedded in the project's
// own spec). A manifest that controller-gen did not write (no
// controller-gen.kubebuilder.io/version annotation: written by hand, or
// by a tool that post-processes the schema, as knative's schema-tweak
// does) may keep only the fields of such a type that the project
// supports, and the API server's pruning of the others is then what the
// project wants: regenerating would not add them.
func (w *fieldWalk) foreign(v *types.Var) bool {
	if v == nil || v.Pkg() == nil {
		return false
	}
	if modtree.IsLibrary(v.Pkg().Path()) {
		return true
	}
	f := w.c.pass.Fset.File(v.Pos())
	return f != nil && modtree.IsCopy(filepath.Dir(f.Name()))
}

// local reports whether obj is declared in the package under analysis,
// where findings can be reported.
func (w *fieldWalk) local(obj types.Object) bool {
	return obj != nil && obj.Pkg() == w.c.pass.Pkg && obj.Pos().IsValid()
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
