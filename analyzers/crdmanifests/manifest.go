package crdmanifests

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/opvet/opvet/internal/modtree"
)

// Bounds of the manifest search.
const (
	maxWalkFiles    = 20000
	maxManifestSize = 32 << 20
)

// apiextensions is the API group of CustomResourceDefinition.
const apiextensions = "apiextensions.k8s.io/"

// manifest is one CustomResourceDefinition document found in the module.
type manifest struct {
	rel        string // path for messages, relative to the walked module root
	dir        string // absolute directory of the file
	apiVersion string // apiextensions.k8s.io/v1 or v1beta1
	group      string
	kind       string
	// prunes tells whether the API server prunes unknown fields: always in
	// v1 (spec.preserveUnknownFields must be false), in v1beta1 only when
	// spec.preserveUnknownFields is false.
	prunes   bool
	versions []*version
}

// version is one entry of spec.versions.
type version struct {
	name                        string
	served, storage, deprecated bool
	status                      bool       // subresources.status is present
	schema                      *yaml.Node // openAPIV3Schema, nil when absent
}

// v1beta1 reports whether m uses the API removed in Kubernetes 1.22.
func (m *manifest) v1beta1() bool { return m.apiVersion == apiextensions+"v1beta1" }

// version returns m's entry for name, or nil.
func (m *manifest) version(name string) *version {
	for _, v := range m.versions {
		if v.name == name {
			return v
		}
	}
	return nil
}

// findManifests returns the CRD documents of group whose kind is one of
// kinds (with the schema of version only), from the module that holds dir or, when it has none, from the
// module that encloses it (an API module nested in its operator's
// module). Directories that `./...` skips (testdata, vendor, hidden, `_`)
// and nested modules are left out; so are documents that use Helm
// template syntax. Unreadable files are skipped.
func findManifests(dir, group, version string, kinds []string) []*manifest {
	root := modtree.Root(dir)
	if root == "" {
		return nil
	}
	if ms := scanManifests(root, group, version, kinds); len(ms) > 0 {
		return ms
	}
	if outer := modtree.Root(filepath.Dir(root)); outer != "" {
		return scanManifests(outer, group, version, kinds)
	}
	return nil
}

// scanManifests walks the module rooted at root.
func scanManifests(root, group, version string, kinds []string) []*manifest {
	var out []*manifest
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
		if ext := filepath.Ext(p); ext != ".yaml" && ext != ".yml" {
			return nil
		}
		if n++; n > maxWalkFiles {
			return filepath.SkipAll
		}
		if namedForOtherGroup(d.Name(), group) {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			rel = p
		}
		out = append(out, readManifests(p, filepath.ToSlash(rel), group, version, kinds)...)
		return nil
	})
	return out
}

// namedForOtherGroup reports whether name is the file name controller-gen
// gives the CRD of another group ("<group>_<plural>.yaml"): most of a
// module's large YAML files are its CRDs, and each API package needs only
// those of its own group, so the others are not read.
func namedForOtherGroup(name, group string) bool {
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

// readManifests parses the CRD documents of the file at path that may
// describe one of kinds of group, with the schema of version only.
// Documents are split and filtered on their bytes first: most YAML files
// of a module hold no CRD of the group.
func readManifests(path, rel, group, version string, kinds []string) []*manifest {
	if fi, err := os.Stat(path); err != nil || fi.Size() > maxManifestSize {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil || !bytes.Contains(data, crdWord) || !bytes.Contains(data, []byte(group)) {
		return nil
	}
	var out []*manifest
	for _, doc := range splitDocuments(data) {
		if !bytes.Contains(doc, crdWord) || !bytes.Contains(doc, []byte(group)) || !namesKind(doc, kinds) {
			continue
		}
		doc = trim(doc, version)
		var n yaml.Node
		if yaml.Unmarshal(doc, &n) != nil || isTemplate(doc, &n) {
			continue
		}
		if m := parseCRD(&n); m != nil && m.group == group {
			m.rel, m.dir = rel, filepath.Dir(path)
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

// namesKind reports whether doc has a line `kind: <one of kinds>`, as
// spec.names of a CRD for one of them has.
func namesKind(doc []byte, kinds []string) bool {
	for _, k := range kinds {
		for _, form := range []string{k, `"` + k + `"`, "'" + k + "'"} {
			line := []byte("kind: " + form)
			for rest := doc; ; {
				i := bytes.Index(rest, line)
				if i < 0 {
					break
				}
				rest = rest[i+len(line):]
				if len(rest) == 0 || rest[0] == '\n' || rest[0] == '\r' || rest[0] == ' ' {
					return true
				}
			}
		}
	}
	return false
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
func parseCRD(doc *yaml.Node) *manifest {
	top := root(doc)
	apiVersion := scalar(top, "apiVersion")
	if scalar(top, "kind") != "CustomResourceDefinition" || !strings.HasPrefix(apiVersion, apiextensions) {
		return nil
	}
	spec := get(top, "spec")
	m := &manifest{
		apiVersion: apiVersion,
		group:      scalar(spec, "group"),
		kind:       scalar(get(spec, "names"), "kind"),
	}
	preserve, set := boolean(spec, "preserveUnknownFields")
	m.prunes = !preserve && (set || !m.v1beta1())
	// v1beta1 allowed one schema and one set of subresources for all
	// versions, and a single spec.version.
	topSchema := get(get(spec, "validation"), "openAPIV3Schema")
	topStatus := get(get(spec, "subresources"), "status") != nil
	if vs := get(spec, "versions"); vs != nil && vs.Kind == yaml.SequenceNode {
		for _, vn := range vs.Content {
			m.versions = append(m.versions, parseVersion(resolve(vn), topSchema, topStatus))
		}
	} else if name := scalar(spec, "version"); name != "" {
		m.versions = []*version{{name: name, served: true, storage: true, status: topStatus, schema: topSchema}}
	}
	if m.group == "" || m.kind == "" || len(m.versions) == 0 {
		return nil
	}
	return m
}

func parseVersion(vn, topSchema *yaml.Node, topStatus bool) *version {
	v := &version{name: scalar(vn, "name"), schema: topSchema, status: topStatus}
	v.served, _ = boolean(vn, "served")
	v.storage, _ = boolean(vn, "storage")
	v.deprecated, _ = boolean(vn, "deprecated")
	if s := get(get(vn, "schema"), "openAPIV3Schema"); s != nil {
		v.schema = s
	}
	if sub := get(vn, "subresources"); sub != nil {
		v.status = get(sub, "status") != nil
	}
	return v
}

// root returns the top node of a document.
func root(n *yaml.Node) *yaml.Node {
	n = resolve(n)
	if n != nil && n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		return resolve(n.Content[0])
	}
	return n
}

// resolve follows aliases.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 16; i++ {
		n = n.Alias
	}
	return n
}

// get returns the value of key in the mapping n, or nil.
func get(n *yaml.Node, key string) *yaml.Node {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return resolve(n.Content[i+1])
		}
	}
	return nil
}

// scalar returns the scalar value of key in n, or "".
func scalar(n *yaml.Node, key string) string {
	v := get(n, key)
	if v == nil || v.Kind != yaml.ScalarNode {
		return ""
	}
	return v.Value
}

// boolean returns the boolean value of key in n and whether it is set.
func boolean(n *yaml.Node, key string) (value, set bool) {
	v := get(n, key)
	if v == nil || v.Kind != yaml.ScalarNode {
		return false, false
	}
	var b bool
	if v.Decode(&b) != nil {
		return false, false
	}
	return b, true
}

// keys returns the keys of the mapping n.
func keys(n *yaml.Node) []string {
	n = resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	out := make([]string, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, n.Content[i].Value)
	}
	return out
}
