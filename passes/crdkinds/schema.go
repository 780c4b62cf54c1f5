package crdkinds

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"github.com/opvet/opvet/internal/crdschema"
	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/markersyntax"
	"github.com/opvet/opvet/passes/markerindex"
)

// Universe gives the schema builder the packages that a type refers to.
type Universe interface {
	// Package returns the package of importPath read from source, or nil
	// when it is not part of the module (its types are then opaque, but
	// for crdschema.WellKnown ones) or cannot be read.
	Package(importPath string) *Package
}

// Bounds of the schema builder.
const (
	maxBuildDepth = 32
	maxBuildSteps = 200000
)

// SchemaBuilder builds the crdschema.Schema that controller-gen writes
// for a kind from the Go source of its package, through the same model
// whether the source is the package under analysis or a base revision's:
// JSON names from the tags (crdschema.ParseJSONTag), inline and embedded
// structs merged, types of other modules opaque but for the well-known
// ones, markers of types and fields applied (crdschema.ApplyMarker), and
// required fields decided as controller-gen does. A builder is used by
// one goroutine.
type SchemaBuilder struct {
	Universe Universe
	// Local is the package whose files are the pass's: schemas built from
	// it carry positions (crdschema.Origin). Nil for a base revision.
	Local *Package

	steps int
	stack map[string]bool
}

// KindSchema returns the schema of kv's root type.
func (b *SchemaBuilder) KindSchema(kv *Kind) *crdschema.Schema {
	if b.stack == nil {
		b.stack = map[string]bool{}
	}
	at := token.NoPos
	if kv.Pkg == b.Local {
		at = kv.Spec.Name.Pos()
	}
	st, ok := kv.Spec.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	root := b.node(at)
	root.Type = "object"
	root.Properties = map[string]*crdschema.Schema{}
	b.fields(kv.Pkg, kv.File, st, root, at, 0, true)
	b.applyMarkers(root, kv.Pkg, kv.Markers, kv.Spec.Name.Pos())
	return root
}

// node returns an empty schema with an origin at at (none when at is
// not a position of the package under analysis).
func (b *SchemaBuilder) node(at token.Pos) *crdschema.Schema {
	s := &crdschema.Schema{}
	if at.IsValid() {
		s.Origin = &crdschema.Origin{At: at}
	}
	return s
}

// opaque returns the schema of a type opvet knows nothing of.
func (b *SchemaBuilder) opaque(at token.Pos) *crdschema.Schema {
	s := b.node(at)
	s.Opaque, s.External = true, true
	return s
}

// typeExpr returns a new schema for the type expression e of file f in
// package p; findings below it are reported at at.
func (b *SchemaBuilder) typeExpr(p *Package, f *ast.File, e ast.Expr, at token.Pos, depth int) *crdschema.Schema {
	if b.steps++; b.steps > maxBuildSteps || depth > maxBuildDepth {
		return b.opaque(at)
	}
	switch e := e.(type) {
	case *ast.StarExpr:
		return b.typeExpr(p, f, e.X, at, depth)
	case *ast.ParenExpr:
		return b.typeExpr(p, f, e.X, at, depth)
	case *ast.Ident:
		if !predeclared[e.Name] {
			if ts, _ := p.typeDecl(e.Name); ts != nil {
				return b.named(p, e.Name, at, depth)
			}
		}
		return b.basic(e.Name, at)
	case *ast.SelectorExpr:
		return b.qualified(f, e, at, depth)
	case *ast.ArrayType:
		if id, ok := e.Elt.(*ast.Ident); ok && e.Len == nil && (id.Name == "byte" || id.Name == "uint8") {
			if ts, _ := p.typeDecl(id.Name); ts == nil {
				s := b.node(at)
				s.Type, s.Format = "string", "byte"
				return s
			}
		}
		s := b.node(at)
		s.Type = "array"
		s.Items = b.typeExpr(p, f, e.Elt, at, depth+1)
		return s
	case *ast.MapType:
		s := b.node(at)
		s.Type = "object"
		s.AdditionalProperties = b.typeExpr(p, f, e.Value, at, depth+1)
		return s
	case *ast.StructType:
		s := b.node(at)
		s.Type = "object"
		s.Properties = map[string]*crdschema.Schema{}
		b.fields(p, f, e, s, at, depth+1, false)
		return s
	}
	return b.opaque(at) // interfaces, generics, functions
}

// predeclared are the type names of the universe scope.
var predeclared = map[string]bool{
	"string": true, "bool": true, "byte": true, "rune": true, "error": true, "any": true,
	"int": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint": true, "uint8": true, "uint16": true, "uint32": true, "uint64": true, "uintptr": true,
	"float32": true, "float64": true, "complex64": true, "complex128": true,
}

// basic returns the schema of a predeclared type.
func (b *SchemaBuilder) basic(name string, at token.Pos) *crdschema.Schema {
	s := b.node(at)
	switch name {
	case "string":
		s.Type = "string"
	case "bool":
		s.Type = "boolean"
	case "int32":
		s.Type, s.Format = "integer", "int32"
	case "int64":
		s.Type, s.Format = "integer", "int64"
	case "int", "int8", "int16", "uint", "uint8", "uint16", "uint32", "uint64", "byte", "rune":
		s.Type = "integer"
	case "float32", "float64":
		s.Type = "number"
	default:
		s.Opaque, s.External = true, true // any, interface{}, an unknown name
	}
	return s
}

// qualified returns the schema of pkg.Name: a well-known type, a type of
// a package of the module, or an opaque one.
func (b *SchemaBuilder) qualified(f *ast.File, e *ast.SelectorExpr, at token.Pos, depth int) *crdschema.Schema {
	ip, name := Qualified(f, e)
	if ip == "" {
		return b.opaque(at)
	}
	if wk := crdschema.WellKnown(ip, name); wk != nil {
		s := wk.Copy()
		if at.IsValid() {
			s.Origin = &crdschema.Origin{At: at}
		}
		return s
	}
	if b.Universe != nil {
		if q := b.Universe.Package(ip); q != nil {
			return b.named(q, name, at, depth)
		}
	}
	return b.opaque(at)
}

// named returns the schema of the type name declared in p, with the
// markers of its declaration applied.
func (b *SchemaBuilder) named(p *Package, name string, at token.Pos, depth int) *crdschema.Schema {
	ts, file := p.typeDecl(name)
	key := p.ImportPath + "." + name
	if ts == nil || ts.TypeParams != nil || b.stack[key] {
		return b.opaque(at) // unknown, generic, or recursive (controller-gen refuses those)
	}
	b.stack[key] = true
	defer delete(b.stack, key)
	if p == b.Local && ts.Name != nil {
		at = ts.Name.Pos()
	}
	s := b.typeExpr(p, file, ts.Type, at, depth+1)
	if p == b.Local && ts.Name != nil && s.Origin != nil {
		s.Origin.Type = ts.Name.Pos()
	}
	b.applyMarkers(s, p, p.markersOf(ts), ts.Name.Pos())
	return s
}

// applyMarkers applies the markers ms of package p, which annotate the
// declaration named at anchor (a type or field name), to s. Findings about
// what a marker sets are reported at that name: a marker's own line is a
// comment, where a finding could not be suppressed or expected.
func (b *SchemaBuilder) applyMarkers(s *crdschema.Schema, p *Package, ms []*markerindex.Marker, anchor token.Pos) {
	if p != b.Local {
		anchor = token.NoPos
	}
	for _, m := range ms {
		if v, ok := crdschema.DefaultText(m.Registered, m.Args); ok && strings.HasPrefix(v, "ref(") {
			s.Default = b.constRef(p, v)
			s.SetMarker(crdschema.AttrDefault, anchor)
			continue
		}
		if m.Registered != "" {
			crdschema.ApplyMarker(s, m.Registered, m.Args, anchor)
		}
	}
}

// constRef resolves controller-gen's `ref(<import path>.<Name>)` default,
// a string constant of p or of another package of the module, to JSON;
// "raw:" and the text when it cannot.
func (b *SchemaBuilder) constRef(p *Package, arg string) string {
	raw := "raw:" + arg
	target, ok := strings.CutSuffix(strings.TrimPrefix(arg, "ref("), ")")
	i := strings.LastIndexByte(target, '.')
	if !ok || i < 0 {
		return raw
	}
	q := p
	if ip := target[:i]; ip != p.ImportPath {
		if b.Universe == nil {
			return raw
		}
		if q = b.Universe.Package(ip); q == nil {
			return raw
		}
	}
	v, ok := q.constValue(target[i+1:])
	if !ok {
		return raw
	}
	j, err := json.Marshal(v)
	if err != nil {
		return raw
	}
	return string(j)
}

// fields adds the properties of st to s. root is true for the kind's
// struct, whose embedded TypeMeta and ObjectMeta give apiVersion, kind
// and metadata.
func (b *SchemaBuilder) fields(p *Package, f *ast.File, st *ast.StructType, s *crdschema.Schema, at token.Pos, depth int, root bool) {
	if st.Fields == nil {
		return
	}
	optional := packageOptional(p)
	for _, fld := range st.Fields.List {
		tag, ok := crdschema.ParseJSONTag(tagText(fld))
		if !ok {
			if len(fld.Names) == 0 {
				s.Incomplete = true // encoding/json merges it, controller-gen does not
			}
			continue
		}
		if tag.Skip {
			continue
		}
		if len(fld.Names) == 0 && root && b.rootMeta(f, fld, s) {
			continue
		}
		if tag.Inline {
			b.inline(p, f, fld, s, at, depth)
			continue
		}
		names := fld.Names
		if len(names) == 0 {
			_, n := Qualified(f, fld.Type)
			names = []*ast.Ident{{Name: n, NamePos: fld.Type.Pos()}}
		}
		for _, n := range names {
			if !ast.IsExported(n.Name) {
				continue
			}
			b.field(p, f, fld, n, tag, optional, s, at, depth)
		}
	}
}

// field adds the property of one field name.
func (b *SchemaBuilder) field(p *Package, f *ast.File, fld *ast.Field, n *ast.Ident, tag crdschema.JSONTag, optional bool, s *crdschema.Schema, at token.Pos, depth int) {
	fieldAt := at
	if p == b.Local {
		fieldAt = n.Pos()
	}
	ms := p.markersOf(fld)
	var fs *crdschema.Schema
	if Has(ms, "kubebuilder:validation:Schemaless") {
		fs = b.node(fieldAt) // the Go type does not count: only the markers
	} else {
		fs = b.typeExpr(p, f, fld.Type, fieldAt, depth+1)
	}
	if fieldAt.IsValid() {
		fs = fs.Copy()
		if fs.Origin == nil {
			fs.Origin = &crdschema.Origin{}
		}
		fs.Origin.At = fieldAt
		if m := markerindex.Find(ms, AllowMarker); m != nil {
			fs.Origin.Allow = strings.TrimSpace(m.Value)
			if fs.Origin.Allow == "" {
				fs.Origin.Allow = "-" // present without a reason
			}
		}
	}
	b.applyMarkers(fs, p, ms, n.Pos())
	fs.GoName = n.Name
	s.Properties[tag.Name] = fs
	if required(ms, tag, optional) {
		s.Required = append(s.Required, tag.Name)
		if tag.OmitEmpty || optional {
			if s.RequiredByMarker == nil {
				s.RequiredByMarker = map[string]string{}
			}
			s.RequiredByMarker[tag.Name] = requiredMarker(ms)
		}
		if p == b.Local {
			s.SetMarker(crdschema.AttrRequired+"."+tag.Name, n.Pos())
		}
	}
}

// AllowMarker is the field marker that accepts crdcompat's findings about
// the field and what lies below it: +opvet:compat:allow=<reason>.
const AllowMarker = "opvet:compat:allow"

// inline merges the properties of an inlined field's struct into s.
func (b *SchemaBuilder) inline(p *Package, f *ast.File, fld *ast.Field, s *crdschema.Schema, at token.Pos, depth int) {
	inner := b.typeExpr(p, f, fld.Type, at, depth+1)
	if inner.Opaque || inner.Type != "object" || inner.Properties == nil {
		s.Incomplete = true
		return
	}
	for _, k := range inner.SortedKeys() {
		if _, dup := s.Properties[k]; !dup {
			s.Properties[k] = inner.Properties[k]
		}
	}
	s.Required = append(s.Required, inner.Required...)
	if s.MapType == "" {
		s.MapType = inner.MapType // controller-gen carries an inlined type's +structType up
	}
	for k, v := range inner.RequiredByMarker {
		if s.RequiredByMarker == nil {
			s.RequiredByMarker = map[string]string{}
		}
		s.RequiredByMarker[k] = v
	}
	for k, v := range innerRequiredMarkers(inner) {
		s.SetMarker(k, v)
	}
	s.Incomplete = s.Incomplete || inner.Incomplete
}

func innerRequiredMarkers(s *crdschema.Schema) map[string]token.Pos {
	out := map[string]token.Pos{}
	if s.Origin == nil {
		return out
	}
	for k, v := range s.Origin.Markers {
		if strings.HasPrefix(k, crdschema.AttrRequired+".") {
			out[k] = v
		}
	}
	return out
}

// rootMeta adds apiVersion and kind for an embedded metav1.TypeMeta, and
// metadata for metav1.ObjectMeta; it reports whether fld was one.
func (b *SchemaBuilder) rootMeta(f *ast.File, fld *ast.Field, s *crdschema.Schema) bool {
	ip, name := Qualified(f, fld.Type)
	if ip != k8s.MetaV1 {
		return false
	}
	switch name {
	case "TypeMeta":
		s.Properties["apiVersion"] = &crdschema.Schema{Type: "string"}
		s.Properties["kind"] = &crdschema.Schema{Type: "string"}
		return true
	case "ObjectMeta":
		s.Properties["metadata"] = &crdschema.Schema{Type: "object", Opaque: true}
		return true
	}
	return false
}

// required decides, as controller-gen does, whether a field is required:
// markers first, then the package's default (+kubebuilder:validation:
// Optional on the package makes fields optional), then omitempty.
func required(ms []*markerindex.Marker, tag crdschema.JSONTag, packageOptional bool) bool {
	switch {
	case Has(ms, "kubebuilder:validation:Optional"):
		return false
	case Has(ms, "kubebuilder:validation:Required"):
		return true
	case Has(ms, "optional"), Has(ms, "k8s:optional"):
		return false
	case Has(ms, "required"), Has(ms, "k8s:required"):
		return true
	}
	return !packageOptional && !tag.OmitEmpty
}

// requiredMarker names the marker that makes a field required.
func requiredMarker(ms []*markerindex.Marker) string {
	for _, n := range []string{"kubebuilder:validation:Required", "required", "k8s:required"} {
		if Has(ms, n) {
			return n
		}
	}
	return ""
}

// packageOptional reports whether p carries the package marker
// +kubebuilder:validation:Optional.
func packageOptional(p *Package) bool {
	for _, f := range p.Files {
		if Has(p.markersOf(f), "kubebuilder:validation:Optional") {
			return true
		}
	}
	return false
}

func tagText(fld *ast.Field) string {
	if fld.Tag == nil {
		return ""
	}
	t, err := strconv.Unquote(fld.Tag.Value)
	if err != nil {
		return ""
	}
	return t
}

// Resource is what the +kubebuilder:resource marker of a kind version
// says about the CRD's names and scope.
type Resource struct {
	// Plural is the path= argument, or the plural controller-gen derives
	// from the kind; Explicit tells which.
	Plural   string
	Explicit bool
	// Scope is Namespaced or Cluster; ScopeExplicit tells whether a
	// marker says so (scope= of +kubebuilder:resource, or
	// +genclient:nonNamespaced) or Namespaced is controller-gen's default.
	Scope         string
	ScopeExplicit bool
}

// ResourceOf reads kv's +kubebuilder:resource marker.
func ResourceOf(kv *Kind) Resource {
	r := Resource{Plural: Plural(kv.Name), Scope: "Namespaced"}
	if markerindex.Has(kv.Markers, "genclient:nonNamespaced") {
		r.Scope, r.ScopeExplicit = "Cluster", true
	}
	m := markerindex.Find(kv.Markers, "kubebuilder:resource")
	if m == nil {
		return r
	}
	if v := argOf(m.Args, "path"); v != "" {
		r.Plural, r.Explicit = v, true
	}
	if v := argOf(m.Args, "scope"); v != "" {
		r.Scope, r.ScopeExplicit = v, true
	}
	return r
}

func argOf(args, key string) string {
	as, _ := markersyntax.SplitArgs(args)
	for _, a := range as {
		if a.Key == key {
			return markersyntax.Unquote(a.Value)
		}
	}
	return ""
}

// Plural is the lower-case plural of a kind as the common English rules
// make it (controller-gen uses a fuller inflector: only compare plurals
// derived by this same function).
func Plural(kind string) string {
	s := strings.ToLower(kind)
	switch {
	case s == "":
		return s
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "z"),
		strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}

// Converts reports whether some version of a kind defines conversion:
// Hub(), ConvertTo or ConvertFrom methods, conversion-gen functions, or
// +k8s:conversion-gen on its package.
func Converts(kvs []*Kind) bool {
	for _, kv := range kvs {
		if kv.Pkg.ConvGen {
			return true
		}
		for _, fd := range kv.Pkg.Methods[kv.Name] {
			switch fd.Name.Name {
			case "Hub", "ConvertTo", "ConvertFrom":
				return true
			}
		}
		for _, fn := range kv.Pkg.Funcs {
			if strings.HasPrefix(fn, "Convert_") && strings.Contains(fn, "_"+kv.Name+"_To_") {
				return true
			}
		}
	}
	return false
}
