// Package crdschema is opvet's one model of the CustomResourceDefinitions
// that controller-gen makes from Go API types: the CRD documents a module
// commits (read from YAML, in any directory), the rules by which a Go
// struct becomes the properties of a schema (JSON names, inline and
// embedded fields, types that marshal themselves), and the schema of one
// level as a value (Schema: type, validations, defaults, list and map
// semantics, pruning) built from a manifest or from Go source and markers.
// crdmanifests compares the Go types with the committed manifests;
// crdcompat compares the schema of a base revision with the current one.
package crdschema

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/runcache"
)

// Bounds of the manifest search.
const (
	maxWalkFiles    = 20000
	maxManifestSize = 32 << 20
)

// apiextensions is the API group of CustomResourceDefinition.
const apiextensions = "apiextensions.k8s.io/"

// Manifest is one CustomResourceDefinition document found in the module.
type Manifest struct {
	Rel        string // path for messages, relative to the walked module root
	Dir        string // absolute directory of the file
	APIVersion string // apiextensions.k8s.io/v1 or v1beta1
	Group      string
	Kind       string
	Plural     string // spec.names.plural
	Scope      string // spec.scope: Namespaced or Cluster ("" when absent)
	// Conversion is spec.conversion.strategy: None, Webhook, or "" when
	// absent (which the API server reads as None).
	Conversion string
	// Generator is the controller-gen version that wrote the document
	// (its controller-gen.kubebuilder.io/version annotation), or "".
	Generator string
	// Prunes tells whether the API server prunes unknown fields: always in
	// v1 (spec.preserveUnknownFields must be false), in v1beta1 only when
	// spec.preserveUnknownFields is false.
	Prunes   bool
	Versions []*Version
}

// Version is one entry of spec.versions.
type Version struct {
	Name                        string
	Served, Storage, Deprecated bool
	Status                      bool       // subresources.status is present
	Schema                      *yaml.Node // openAPIV3Schema, nil when absent
}

// V1beta1 reports whether m uses the API removed in Kubernetes 1.22.
func (m *Manifest) V1beta1() bool { return m.APIVersion == apiextensions+"v1beta1" }

// Version returns m's entry for name, or nil.
func (m *Manifest) Version(name string) *Version {
	for _, v := range m.Versions {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// Filter selects the CRD documents to parse: those of Group that name one
// of Kinds (every group or kind when empty), with the schemas of the
// versions that Keep accepts (none when Keep is nil).
type Filter struct {
	Group string
	Kinds []string
	Keep  func(version string) bool
	// Templates keeps the documents with Helm template syntax that still
	// parse as YAML (actions in comments and quoted values): a chart's
	// CRDs, read for what they released.
	Templates bool
}

// OnlyVersion keeps the schema of the version named name.
func OnlyVersion(name string) func(string) bool {
	return func(v string) bool { return v == name }
}

// AllVersions keeps the schema of every version.
func AllVersions(string) bool { return true }

// FindManifests returns the CRD documents of group whose kind is one of
// kinds (with the schema of version only), from the module that holds dir or, when it has none, from the
// module that encloses it (an API module nested in its operator's
// module). Directories that `./...` skips (testdata, vendor, hidden, `_`)
// and nested modules are left out; so are documents that use Helm
// template syntax. Unreadable files are skipped. The walk of the module
// and the files it reads are memoized in cache (nil: none).
func FindManifests(dir, group, version string, kinds []string, cache *runcache.Cache) []*Manifest {
	return FindManifestsKeeping(dir, group, OnlyVersion(version), kinds, cache)
}

// FindManifestsKeeping is FindManifests with the schemas of the versions
// that keep accepts.
func FindManifestsKeeping(dir, group string, keep func(string) bool, kinds []string, cache *runcache.Cache) []*Manifest {
	root := modtree.Root(dir)
	if root == "" {
		return nil
	}
	f := Filter{Group: group, Kinds: kinds, Keep: keep}
	if ms := scanManifests(root, f, cache); len(ms) > 0 {
		return ms
	}
	if outer := modtree.Root(filepath.Dir(root)); outer != "" {
		return scanManifests(outer, f, cache)
	}
	return nil
}

// scanManifests reads the manifests of the YAML files of the module
// rooted at root.
func scanManifests(root string, f Filter, cache *runcache.Cache) []*Manifest {
	var out []*Manifest
	for _, y := range moduleYAML(root, cache) {
		if f.Group != "" && NamedForOtherGroup(filepath.Base(y.path), f.Group) {
			continue
		}
		data := yamlContent(y.path, cache)
		if data == nil {
			continue
		}
		ms := ParseManifests(data, f)
		for _, m := range ms {
			m.Rel, m.Dir = y.rel, filepath.Dir(y.path)
		}
		out = append(out, ms...)
	}
	return out
}

// yamlFile is a YAML file of a module: its path, and the path relative
// to the module root for messages.
type yamlFile struct{ path, rel string }

// moduleYAML returns the YAML files of the module rooted at root, walked
// once per run when cache is shared.
func moduleYAML(root string, cache *runcache.Cache) []yamlFile {
	type walkKey struct{ root string }
	return runcache.Do(cache, walkKey{root}, func() []yamlFile { return walkYAML(root) })
}

// walkYAML walks the module rooted at root for its YAML files (at most
// maxWalkFiles).
func walkYAML(root string) []yamlFile {
	var out []yamlFile
	n := 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if modtree.SkipDir(root, p) || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !IsYAML(p) {
			return nil
		}
		if n++; n > maxWalkFiles {
			return filepath.SkipAll
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			rel = p
		}
		out = append(out, yamlFile{p, filepath.ToSlash(rel)})
		return nil
	})
	return out
}

// yamlContent returns the content of the YAML file at path, read once per
// run when cache is shared, or nil when it is unreadable or larger than
// maxManifestSize.
func yamlContent(path string, cache *runcache.Cache) []byte {
	type fileKey struct{ path string }
	return runcache.Do(cache, fileKey{path}, func() []byte {
		if fi, err := os.Stat(path); err != nil || fi.Size() > maxManifestSize {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		return data
	})
}

// IsYAML reports whether the file name has a YAML extension.
func IsYAML(name string) bool {
	ext := path.Ext(filepath.ToSlash(name))
	return ext == ".yaml" || ext == ".yml"
}

// NamedForOtherGroup reports whether name is the file name controller-gen
// gives the CRD of another group ("<group>_<plural>.yaml"): most of a
// module's large YAML files are its CRDs, and each API package needs only
// those of its own group, so the others are not read.
func NamedForOtherGroup(name, group string) bool {
	base := strings.TrimSuffix(strings.TrimSuffix(name, ".yaml"), ".yml")
	g, plural, ok := strings.Cut(base, "_")
	if !ok || plural == "" || strings.Contains(plural, "_") || !strings.Contains(g, ".") {
		return false
	}
	for _, r := range g + plural {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '.' || r == '-') {
			return false // not the lowercase DNS names controller-gen writes
		}
	}
	return g != group
}

var (
	crdWord  = []byte("CustomResourceDefinition")
	template = []byte("{{")
)

// ParseManifests parses the CRD documents of a YAML file's content that f
// selects (Rel and Dir left empty). Documents are split and filtered on
// their bytes first: most YAML files of a module hold no CRD of the group.
func ParseManifests(data []byte, f Filter) []*Manifest {
	if !bytes.Contains(data, crdWord) || !bytes.Contains(data, []byte(f.Group)) {
		return nil
	}
	keep := f.Keep
	if keep == nil {
		keep = func(string) bool { return false }
	}
	var out []*Manifest
	for _, doc := range splitDocuments(data) {
		if !bytes.Contains(doc, crdWord) || !bytes.Contains(doc, []byte(f.Group)) || (len(f.Kinds) > 0 && !namesKind(doc, f.Kinds)) {
			continue
		}
		doc = Trim(doc, keep)
		var n yaml.Node
		if yaml.Unmarshal(doc, &n) != nil || excessiveAliasing(doc, &n) || (!f.Templates && isTemplate(doc, &n)) {
			continue
		}
		if m := parseCRD(&n); m != nil && (f.Group == "" || m.Group == f.Group) {
			out = append(out, m)
		}
	}
	return out
}

// isTemplate reports whether doc, parsed as n, uses Helm template syntax:
// some "{{" of its text is YAML structure (an action line, an unquoted
// `key: {{ .Values.x }}`, a comment) rather than part of a string value.
// CRD descriptions quote Go templates (cluster-api's naming strategies)
// and stay plain.
func isTemplate(doc []byte, n *yaml.Node) bool {
	total := bytes.Count(doc, template)
	if total == 0 {
		return false
	}
	return total != templatesInScalars(n, 0)
}

// templatesInScalars counts the "{{" in the scalar values under n.
func templatesInScalars(n *yaml.Node, depth int) int {
	if n == nil || depth > 256 {
		return 0
	}
	if n.Kind == yaml.ScalarNode {
		return strings.Count(n.Value, "{{")
	}
	c := 0
	for _, sub := range n.Content {
		c += templatesInScalars(sub, depth+1)
	}
	return c
}

// namesKind reports whether doc names one of kinds as a kind: `kind:`
// followed by the name, in any form YAML allows for spec.names (a block
// or flow mapping, quoted or not, with or without JSON's quoted keys).
// It only filters documents before they are parsed, so it may accept
// more than spec.names.kind, never less.
func namesKind(doc []byte, kinds []string) bool {
	for _, k := range kinds {
		for rest, off := doc, 0; ; {
			i := bytes.Index(rest, []byte(k))
			if i < 0 {
				break
			}
			if kindValueAt(doc, off+i, len(k)) {
				return true
			}
			rest, off = rest[i+len(k):], off+i+len(k)
		}
	}
	return false
}

// kindValueAt reports whether the n bytes of doc at i are the whole value
// of a `kind` key: an optional quote and a terminator after them, and an
// optional quote, blanks, a colon, an optional quote and the word kind
// before them.
func kindValueAt(doc []byte, i, n int) bool {
	after := trimQuote(doc[i+n:], 0)
	if len(after) > 0 && !strings.ContainsRune(" \t\r\n,}#", rune(after[0])) {
		return false
	}
	before := bytes.TrimRight(trimQuote(doc[:i], len(doc[:i])-1), " \t")
	before, ok := bytes.CutSuffix(before, []byte(":"))
	if !ok {
		return false
	}
	before, ok = bytes.CutSuffix(trimQuote(before, len(before)-1), []byte("kind"))
	return ok && (len(before) == 0 || strings.ContainsRune(" \t\n{,\"'", rune(before[len(before)-1])))
}

// trimQuote returns b without the quote at index at (its first or last
// byte), if there is one there.
func trimQuote(b []byte, at int) []byte {
	if at < 0 || at >= len(b) || (b[at] != '"' && b[at] != '\'') {
		return b
	}
	if at == 0 {
		return b[1:]
	}
	return b[:at]
}

// splitDocuments splits a YAML stream at its document markers ("---" at
// the start of a line, alone or before a comment).
func splitDocuments(data []byte) [][]byte {
	var docs [][]byte
	start := 0
	for i := 0; i < len(data); {
		end := bytes.IndexByte(data[i:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += i
		}
		if isDocumentMarker(data[i:end]) {
			docs = append(docs, data[start:i])
			start = end
		}
		i = end + 1
	}
	return append(docs, data[start:])
}

func isDocumentMarker(line []byte) bool {
	rest, ok := bytes.CutPrefix(line, []byte("---"))
	if !ok {
		return false
	}
	rest = bytes.TrimSpace(rest)
	return len(rest) == 0 || rest[0] == '#'
}

// parseCRD reads a complete CRD document (kustomize patches, which lack
// the group, names or versions, are not). It returns nil for anything
// else.
func parseCRD(doc *yaml.Node) *Manifest {
	top := root(doc)
	apiVersion := Scalar(top, "apiVersion")
	if Scalar(top, "kind") != "CustomResourceDefinition" || !strings.HasPrefix(apiVersion, apiextensions) {
		return nil
	}
	spec := Get(top, "spec")
	names := Get(spec, "names")
	m := &Manifest{
		APIVersion: apiVersion,
		Group:      Scalar(spec, "group"),
		Kind:       Scalar(names, "kind"),
		Plural:     Scalar(names, "plural"),
		Scope:      Scalar(spec, "scope"),
		Conversion: Scalar(Get(spec, "conversion"), "strategy"),
		Generator:  Scalar(Get(Get(top, "metadata"), "annotations"), "controller-gen.kubebuilder.io/version"),
	}
	preserve, set := Boolean(spec, "preserveUnknownFields")
	m.Prunes = !preserve && (set || !m.V1beta1())
	// v1beta1 allowed one schema and one set of subresources for all
	// versions, and a single spec.version.
	topSchema := Get(Get(spec, "validation"), "openAPIV3Schema")
	topStatus := Get(Get(spec, "subresources"), "status") != nil
	if vs := Get(spec, "versions"); vs != nil && vs.Kind == yaml.SequenceNode {
		for _, vn := range vs.Content {
			m.Versions = append(m.Versions, parseVersion(Resolve(vn), topSchema, topStatus))
		}
	} else if name := Scalar(spec, "version"); name != "" {
		m.Versions = []*Version{{Name: name, Served: true, Storage: true, Status: topStatus, Schema: topSchema}}
	}
	if m.Group == "" || m.Kind == "" || len(m.Versions) == 0 {
		return nil
	}
	return m
}

func parseVersion(vn, topSchema *yaml.Node, topStatus bool) *Version {
	v := &Version{Name: Scalar(vn, "name"), Schema: topSchema, Status: topStatus}
	v.Served, _ = Boolean(vn, "served")
	v.Storage, _ = Boolean(vn, "storage")
	v.Deprecated, _ = Boolean(vn, "deprecated")
	if s := Get(Get(vn, "schema"), "openAPIV3Schema"); s != nil {
		v.Schema = s
	}
	if sub := Get(vn, "subresources"); sub != nil {
		v.Status = Get(sub, "status") != nil
	}
	return v
}

// root returns the top node of a document.
func root(n *yaml.Node) *yaml.Node {
	n = Resolve(n)
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		return Resolve(n.Content[0])
	}
	return n
}

// maxExpanded bounds the nodes of a document with its aliases expanded:
// the largest CRDs (prometheus-operator's, crossplane's) have some 10^5.
const maxExpanded = 1 << 21

// excessiveAliasing reports whether the document n, parsed from doc,
// expands its aliases to more than maxExpanded nodes (a "billion laughs"
// document, whose schema would take exponential time to read). kubectl
// refuses such a document ("excessive aliasing"), so it is treated as the
// YAML that does not parse: not a manifest. The count memoizes each
// anchored node, so it is linear in the document.
func excessiveAliasing(doc []byte, n *yaml.Node) bool {
	if !bytes.Contains(doc, []byte("*")) {
		return false
	}
	sizes := map[*yaml.Node]int{}
	var size func(n *yaml.Node, depth int) int
	size = func(n *yaml.Node, depth int) int {
		if n == nil || depth > maxYAMLDepth {
			return 0
		}
		if s, ok := sizes[n]; ok {
			return s
		}
		sizes[n] = 0 // an alias of an enclosing node: counted once
		s := 1
		if n.Kind == yaml.AliasNode {
			s = size(n.Alias, depth+1)
		}
		for _, c := range n.Content {
			s = min(s+size(c, depth+1), maxExpanded+1)
		}
		sizes[n] = s
		return s
	}
	return size(n, 0) > maxExpanded
}

// Resolve follows aliases.
func Resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 16; i++ {
		n = n.Alias
	}
	return n
}

// Get returns the value of key in the mapping n, or nil.
func Get(n *yaml.Node, key string) *yaml.Node {
	n = Resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return Resolve(n.Content[i+1])
		}
	}
	return nil
}

// Scalar returns the scalar value of key in n, or "".
func Scalar(n *yaml.Node, key string) string {
	v := Get(n, key)
	if v == nil || v.Kind != yaml.ScalarNode {
		return ""
	}
	return v.Value
}

// Boolean returns the boolean value of key in n and whether it is set.
func Boolean(n *yaml.Node, key string) (value, set bool) {
	v := Get(n, key)
	if v == nil || v.Kind != yaml.ScalarNode {
		return false, false
	}
	var b bool
	if v.Decode(&b) != nil {
		return false, false
	}
	return b, true
}

// Keys returns the keys of the mapping n.
func Keys(n *yaml.Node) []string {
	n = Resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	out := make([]string, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, n.Content[i].Value)
	}
	return out
}
