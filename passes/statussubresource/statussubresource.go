// Package statussubresource answers, for an API type, whether its kind has
// the status subresource and whether it is a built-in kind or a custom
// resource. It never reports.
//
// Built-in kinds (k8s.io/api and the other API server packages) are
// answered from a knowledge table. Other types are answered from the
// kubebuilder markers in the comments above their declaration: in the
// package being analysed from its syntax, in any other package by reading
// the declaring file named by the type's position (export data records
// it). A file that cannot be read (a -trimpath build, a sandbox without
// sources) degrades to Unknown, and checks stay silent on Unknown. A kind
// marked +kubebuilder:subresource:status whose CRD manifests in its module
// all lack the subresource for its version (manifests not regenerated
// since the marker was added, as crdmanifests reports) is Unknown too:
// which of the two the cluster has is not known. A kind
// with client-gen's +genclient and no kubebuilder marker (an API written
// for client-gen, whose CRDs are written by hand) is answered yes when
// every CustomResourceDefinition manifest of its group and name in its
// module gives its version the status subresource, or every
// CustomResourceDefinition that its own package builds in Go (a
// composite literal whose names.kind is the type's name, as API
// libraries did before manifests were generated) does; otherwise it stays
// Unknown.
//
// Reading the declaring file was preferred to facts: an analyzer with
// FactTypes makes the standalone driver load every dependency from source
// (including k8s.io/api), while a file is read only for the few types that
// are written by a call the checks look at. Measured on a two-package
// module against controller-runtime v0.24.1 and k8s.io/api v0.36.3
// (statusupdate alone, then with one more analyzer that only declares a
// fact type): 9.4 s and 40 MB without facts, 165 s and 1 GB with.
package statussubresource

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/markersyntax"
	"github.com/opvet/opvet/internal/runcache"
	runcachepass "github.com/opvet/opvet/passes/runcache"
)

// Analyzer computes the *Result of a package.
var Analyzer = &analysis.Analyzer{
	Name:             "statussubresource",
	Doc:              "tell whether API types have the status subresource (helper, never reports)",
	Run:              run,
	RunDespiteErrors: true,
	Requires:         []*analysis.Analyzer{runcachepass.Analyzer},
	ResultType:       reflect.TypeFor[*Result](),
}

// Tristate is a yes/no answer that may be unknown.
type Tristate int

// The answers.
const (
	Unknown Tristate = iota
	Yes
	No
)

// Origin tells who serves a kind.
type Origin int

// The origins.
const (
	OriginUnknown Origin = iota
	// OriginBuiltin: a kind served by the Kubernetes API server itself.
	OriginBuiltin
	// OriginCRD: a custom resource (the type carries kubebuilder CRD
	// markers).
	OriginCRD
)

// Info is what is known about the kind of an API type.
type Info struct {
	Status Tristate
	Origin Origin
	// Name is the type's name ("Deployment").
	Name string
}

// Result answers questions about API types for one package.
//
// Several checks hold the same Result and call Of concurrently (the
// drivers run the analyzers of a package in parallel). Of fills its
// caches lazily, so they are guarded by mu; everything else is immutable
// once Run returns.
type Result struct {
	fset  *token.FileSet
	local map[string]*ast.File // file name -> syntax, for the package's files

	mu sync.Mutex
	// parsed caches the comments of files read from disk, by file name
	// (nil when unreadable).
	parsed map[string]*fileComments
	cache  map[*types.TypeName]Info
	// dirs caches what API package directories declare (manifests.go);
	// runCache is the run's memo of the module's YAML.
	dirs     map[string]dirFacts
	runCache *runcache.Cache
}

type fileComments struct {
	fset *token.FileSet
	file *ast.File
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		fset:     pass.Fset,
		local:    map[string]*ast.File{},
		parsed:   map[string]*fileComments{},
		cache:    map[*types.TypeName]Info{},
		dirs:     map[string]dirFacts{},
		runCache: runcachepass.Of(pass),
	}
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.Pos()); tf != nil {
			r.local[tf.Name()] = f
		}
	}
	return r, nil
}

// Of returns what is known about the kind of t (a named API type, a
// pointer to one, or an alias of either).
func (r *Result) Of(t types.Type) Info {
	n := k8s.NamedOf(t)
	if n == nil || r == nil {
		return Info{}
	}
	obj := n.Obj()
	r.mu.Lock()
	defer r.mu.Unlock()
	if info, ok := r.cache[obj]; ok {
		return info
	}
	info := r.compute(obj)
	info.Name = obj.Name()
	r.cache[obj] = info
	return info
}

func (r *Result) compute(obj *types.TypeName) Info {
	path := k8s.PkgPath(obj.Pkg())
	if s, ok := builtinStatus(path, obj.Name()); ok {
		return Info{Status: s, Origin: OriginBuiltin}
	}
	if isBuiltinPackage(path) {
		return Info{Origin: OriginBuiltin}
	}
	return r.fromMarkers(obj)
}

// fromMarkers reads the kubebuilder markers above obj's declaration.
func (r *Result) fromMarkers(obj *types.TypeName) Info {
	if !obj.Pos().IsValid() {
		return Info{}
	}
	pos := r.fset.Position(obj.Pos())
	fc := r.comments(pos.Filename)
	if fc == nil {
		return Info{}
	}
	line := pos.Line // export data keeps lines; the column does not matter
	var status, crd, noStatus, genclient bool
	for _, text := range markerLines(fc.fset, fc.file, line) {
		m, ok := markersyntax.Parse(text)
		if !ok {
			continue
		}
		switch m.Name {
		case "kubebuilder:subresource:status":
			status, crd = true, true
		case "kubebuilder:object:root", "kubebuilder:resource":
			crd = true
		case "genclient":
			genclient = true
		case "genclient:noStatus":
			noStatus = true
		}
	}
	switch {
	case status && r.manifestsDeny(obj, pos.Filename):
		// The CRDs that the project ships say otherwise: which one the
		// cluster has is not known (crdmanifests reports the drift).
		return Info{Origin: OriginCRD}
	case status:
		return Info{Status: Yes, Origin: OriginCRD}
	case noStatus:
		return Info{Status: No, Origin: originIf(crd)}
	case genclient:
		// client-gen gives the kind UpdateStatus: its CRD, written by
		// hand or by other tools (cert-manager's), may well have the
		// subresource without a kubebuilder marker. Unknown, unless the
		// module's manifests say.
		if r.fromManifests(obj, pos.Filename) {
			return Info{Status: Yes, Origin: OriginCRD}
		}
		return Info{Origin: originIf(crd)}
	case crd:
		return Info{Status: No, Origin: OriginCRD}
	}
	return Info{}
}

// originIf is OriginCRD when crd is set.
func originIf(crd bool) Origin {
	if crd {
		return OriginCRD
	}
	return OriginUnknown
}

// comments returns the syntax of the named file: the package's own, or
// the file parsed (comments only matter) from disk. r.mu is held.
func (r *Result) comments(name string) *fileComments {
	if f, ok := r.local[name]; ok {
		return &fileComments{fset: r.fset, file: f}
	}
	if fc, ok := r.parsed[name]; ok {
		return fc
	}
	fc := runcache.Do(r.runCache, commentsKey(name), func() *fileComments { return parseComments(name) })
	r.parsed[name] = fc
	return fc
}

// commentsKey keys a file of another package, parsed for its comments, in
// the run cache: every package that writes a kind of an API package reads
// the file that declares it.
type commentsKey string

// parseComments parses the named file for its comments; nil when it
// cannot be read. The result is only read once made.
func parseComments(name string) *fileComments {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution) // a partial file still has its comments
	if f == nil {
		return nil
	}
	return &fileComments{fset: fset, file: f}
}

// markerLines returns the texts of the line comments that precede line:
// the comment group that ends on the line before it, and the group before
// that one when a single blank line separates them (controller-gen reads
// markers from both: markers, blank line, doc comment, type). A type
// without a doc comment takes the group one blank line above it (markers,
// blank line, type: client-gen's second-closest comment block), and no
// other.
func markerLines(fset *token.FileSet, f *ast.File, line int) []string {
	var out []string
	next := line
	groups := 0
	for i := len(f.Comments) - 1; i >= 0 && groups < 2; i-- {
		cg := f.Comments[i]
		end := fset.Position(cg.End()).Line
		if end >= line {
			continue
		}
		spaced := end == next-2 && (groups > 0 || next == line)
		if end != next-1 && !spaced {
			if end < next-2 {
				break
			}
			continue
		}
		for _, c := range cg.List {
			out = append(out, c.Text)
		}
		next = fset.Position(cg.Pos()).Line
		groups++
		if spaced {
			break // the second-closest block: nothing above it
		}
	}
	return out
}

// isBuiltinPackage reports whether path holds types of kinds served by
// the Kubernetes API server itself.
func isBuiltinPackage(path string) bool {
	for _, p := range []string{"k8s.io/api/", "k8s.io/apiextensions-apiserver/", "k8s.io/kube-aggregator/"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// builtinStatus looks up a built-in kind in the knowledge table.
func builtinStatus(path, name string) (Tristate, bool) {
	group := ""
	switch {
	case strings.HasPrefix(path, "k8s.io/api/"):
		rest := strings.TrimPrefix(path, "k8s.io/api/")
		group, _, _ = strings.Cut(rest, "/")
	case strings.HasPrefix(path, "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"):
		group = "apiextensions"
	case strings.HasPrefix(path, "k8s.io/kube-aggregator/pkg/apis/apiregistration"):
		group = "apiregistration"
	default:
		return Unknown, false
	}
	s, ok := builtinKinds[group+"."+name]
	if !ok {
		return Unknown, false
	}
	if s {
		return Yes, true
	}
	return No, true
}

// builtinKinds tells, for built-in kinds by "<k8s.io/api directory>.<Kind>",
// whether the API server serves a /status subresource (true) or not
// (false). Kinds absent from the table are Unknown.
var builtinKinds = map[string]bool{
	// core
	"core.Pod": true, "core.Service": true, "core.Node": true, "core.Namespace": true,
	"core.PersistentVolume": true, "core.PersistentVolumeClaim": true,
	"core.ReplicationController": true, "core.ResourceQuota": true,
	"core.ConfigMap": false, "core.Secret": false, "core.ServiceAccount": false, "core.Endpoints": false,
	"core.Event": false, "core.LimitRange": false, "core.PodTemplate": false,
	// apps
	"apps.Deployment": true, "apps.StatefulSet": true, "apps.DaemonSet": true, "apps.ReplicaSet": true,
	"apps.ControllerRevision": false,
	// batch, autoscaling, policy
	"batch.Job": true, "batch.CronJob": true,
	"autoscaling.HorizontalPodAutoscaler": true,
	"policy.PodDisruptionBudget":          true,
	// networking, discovery
	"networking.Ingress": true, "networking.IngressClass": false,
	"discovery.EndpointSlice": false,
	// certificates, storage, scheduling, node, coordination
	"certificates.CertificateSigningRequest": true,
	"storage.VolumeAttachment":               true, "storage.StorageClass": false, "storage.CSIDriver": false,
	"storage.CSINode":          false,
	"scheduling.PriorityClass": false, "node.RuntimeClass": false, "coordination.Lease": false,
	// rbac
	"rbac.Role": false, "rbac.ClusterRole": false, "rbac.RoleBinding": false, "rbac.ClusterRoleBinding": false,
	// admissionregistration, flowcontrol
	"admissionregistration.MutatingWebhookConfiguration":   false,
	"admissionregistration.ValidatingWebhookConfiguration": false,
	"admissionregistration.ValidatingAdmissionPolicy":      true,
	"flowcontrol.FlowSchema":                               true, "flowcontrol.PriorityLevelConfiguration": true,
	// apiextensions-apiserver, kube-aggregator
	"apiextensions.CustomResourceDefinition": true,
	"apiregistration.APIService":             true,
}
