// Package apilifecycle knows when Kubernetes stopped serving each built-in
// group/version/kind: a table generated from the k8s.io/api,
// k8s.io/apiextensions-apiserver and k8s.io/kube-aggregator releases on the
// Go module proxy by tools/apilifecyclegen (see zz_generated_table.go), and
// the lookups the removedapis check needs.
//
// Each row comes from the APILifecycleDeprecated, APILifecycleRemoved and
// APILifecycleReplacement methods that prerelease-lifecycle-gen writes into
// the zz_generated.prerelease-lifecycle.go file of every alpha and beta
// API package (the kube-apiserver stops serving a kind in the release its
// APILifecycleRemoved names), read from the newest release that still
// holds the kind. A kind that left its module without lifecycle methods
// (the releases before 1.19 have none, and some alpha packages never got
// them) is removed in the first release that no longer holds it
// (Kind.Vanished).
//
// Gaps, by design: alpha packages still in the newest release without
// lifecycle methods (their removal is not written anywhere in the modules;
// see Unknown) have no row, and GA kinds are never removed.
//
// Refresh the table with `go generate ./internal/apilifecycle` (network
// access to the module proxy; GOPROXY is honoured) and commit the result.
package apilifecycle

//go:generate go -C ../../tools run ./apilifecyclegen -o ../internal/apilifecycle/zz_generated_table.go

import "strings"

// GVK is a group, version and kind.
type GVK struct {
	Group, Version, Kind string
}

// GroupVersion is the "group/version" form ("v1" for the core group).
func (g GVK) GroupVersion() string {
	if g.Group == "" {
		return g.Version
	}
	return g.Group + "/" + g.Version
}

// Kind is one built-in kind of one group/version.
type Kind struct {
	// Path is the import path of the Go package that declares the kind.
	Path string
	GVK
	// Deprecated and Removed are the Kubernetes 1.x minors in which the
	// kind was deprecated and stopped being served (0: not known).
	Deprecated, Removed int
	// Replacement is the kind to use instead (zero: none).
	Replacement GVK
	// SameShape tells that every field of the kind is in the replacement
	// under the same JSON name with the same shape, so that code reading
	// or writing the kind as unstructured data keeps working when only
	// its apiVersion changes.
	SameShape bool
	// Vanished tells that Removed is the first release whose module no
	// longer holds the kind, which never had lifecycle methods.
	Vanished bool
}

// Lookup returns the row of the kind declared as type name in the
// package path (a List type maps to its item kind when the table has no
// row of its own for it).
func Lookup(path, name string) (Kind, bool) {
	if k, ok := byPath[path+"."+name]; ok {
		return k, true
	}
	if item, ok := strings.CutSuffix(name, "List"); ok {
		k, ok := byPath[path+"."+item]
		return k, ok
	}
	return Kind{}, false
}

// LookupGVK returns the row of group/version/kind (List kinds as in Lookup).
func LookupGVK(group, version, kind string) (Kind, bool) {
	if k, ok := byGVK[GVK{group, version, kind}]; ok {
		return k, true
	}
	if item, ok := strings.CutSuffix(kind, "List"); ok {
		k, ok := byGVK[GVK{group, version, item}]
		return k, ok
	}
	return Kind{}, false
}

// OfGroupVersion returns the rows of group/version, in table order.
func OfGroupVersion(group, version string) []Kind {
	return byGV[group+"/"+version]
}

// OfPackage returns the rows whose package path ends in suffix
// ("batch/v1beta1", "apiextensions/v1beta1"), in table order: how the
// generated clientsets, informers and listers name their API packages.
func OfPackage(suffix string) []Kind {
	var out []Kind
	for _, k := range Kinds {
		if strings.HasSuffix(k.Path, "/"+suffix) {
			out = append(out, k)
		}
	}
	return out
}

// Resource returns the kind's resource name as the API server and the
// generated clients spell it: lower case, plural (CronJob -> cronjobs,
// NetworkPolicy -> networkpolicies, Ingress -> ingresses, Endpoints ->
// endpoints).
func Resource(kind string) string {
	return strings.ToLower(Plural(kind))
}

// Plural returns the kind's plural as client-gen spells the accessors of
// typed clients and informers (CronJobs, NetworkPolicies, Ingresses,
// Endpoints).
func Plural(kind string) string {
	k := strings.ToLower(kind)
	switch {
	case k == "endpoints":
		return kind
	case strings.HasSuffix(k, "s"), strings.HasSuffix(k, "x"), strings.HasSuffix(k, "ch"), strings.HasSuffix(k, "sh"):
		return kind + "es"
	case strings.HasSuffix(k, "y") && len(k) > 1 && !strings.ContainsRune("aeiou", rune(k[len(k)-2])):
		return kind[:len(kind)-1] + "ies"
	}
	return kind + "s"
}

// Served reports the kind's state on Kubernetes 1.target: removed (no
// longer served), or deprecated (served, but with a removal announced or
// past its deprecation release).
func (k Kind) Served(target int) (removed, deprecated bool) {
	if k.Removed > 0 && k.Removed <= target && k.Removed <= NewestMinor {
		return true, false
	}
	return false, k.Deprecated > 0 && k.Deprecated <= target
}

var (
	byPath = map[string]Kind{}
	byGVK  = map[GVK]Kind{}
	byGV   = map[string][]Kind{}
)

func init() {
	for _, k := range Kinds {
		byPath[k.Path+"."+k.Kind] = k
		byGVK[k.GVK] = k
		byGV[k.Group+"/"+k.Version] = append(byGV[k.Group+"/"+k.Version], k)
	}
}
