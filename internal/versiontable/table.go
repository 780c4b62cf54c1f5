// Package versiontable holds what opvet knows about controller-runtime,
// controller-tools and the Kubernetes staging modules: data generated from
// the Go module proxy by tools/versionskewgen (see zz_generated_table.go)
// and the lookups the versionskew check needs.
//
// Refresh it with `go generate ./internal/versiontable` (network access to
// the module proxy; GOPROXY is honoured) and commit the result.
package versiontable

//go:generate go -C ../../tools run ./versionskewgen -o ../internal/versiontable/zz_generated_table.go

import (
	"strconv"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// Req is one requirement of a release's go.mod.
type Req struct {
	Path    string
	Version string
}

// Release is one release of controller-runtime or controller-tools: the
// go directive of its go.mod and the k8s.io staging modules it requires.
type Release struct {
	Version string
	Go      string
	K8s     []Req
}

// GoDirective is the go directive of one k8s.io/client-go release.
type GoDirective struct {
	Version string
	Go      string
}

// Legacy is an obsolete pre-module k8s.io/client-go tag and the
// Kubernetes minor (1.<Minor>) it was cut from.
type Legacy struct {
	Version string
	Minor   int
}

// Module paths the table is about.
const (
	ControllerRuntimePath = "sigs.k8s.io/controller-runtime"
	ControllerToolsPath   = "sigs.k8s.io/controller-tools"
	ClientGoPath          = "k8s.io/client-go"
	KubernetesPath        = "k8s.io/kubernetes"
)

// IsStaging reports whether path is one of the k8s.io modules published from
// the Kubernetes staging tree (one minor per Kubernetes release). The match
// is exact.
func IsStaging(path string) bool {
	for _, s := range Staging {
		if s == path {
			return true
		}
	}
	return false
}

// KubeMinor returns the Kubernetes minor of version v of module path: for
// the staging modules v0.M.p (and pre-releases and pseudo-versions derived
// from them) is Kubernetes 1.M, and for k8s.io/kubernetes v1.M.p is 1.M.
// Pseudo-versions v0.0.0-... and other versions tell no minor: ok is false.
func KubeMinor(path, v string) (minor int, ok bool) {
	if !semver.IsValid(v) {
		return 0, false
	}
	want := "v0"
	if path == KubernetesPath {
		want = "v1"
	}
	if semver.Major(v) != want || strings.HasSuffix(v, "+incompatible") {
		return 0, false
	}
	m, err := strconv.Atoi(strings.TrimPrefix(semver.MajorMinor(v), want+"."))
	if err != nil || m == 0 {
		return 0, false
	}
	return m, true
}

// MinorOf returns the minor number of a v0.M.p version, or -1.
func MinorOf(v string) int {
	if !semver.IsValid(v) || semver.Major(v) != "v0" {
		return -1
	}
	m, err := strconv.Atoi(strings.TrimPrefix(semver.MajorMinor(v), "v0."))
	if err != nil {
		return -1
	}
	return m
}

// Kube returns the Kubernetes minor that release r is built against: the
// minor of its k8s.io/client-go requirement, else of k8s.io/apimachinery,
// else the highest minor among its staging requirements.
func (r Release) Kube() (int, bool) {
	for _, p := range []string{ClientGoPath, "k8s.io/apimachinery"} {
		for _, q := range r.K8s {
			if q.Path == p {
				if m, ok := KubeMinor(q.Path, q.Version); ok {
					return m, true
				}
			}
		}
	}
	best, found := 0, false
	for _, q := range r.K8s {
		if m, ok := KubeMinor(q.Path, q.Version); ok && m > best {
			best, found = m, true
		}
	}
	return best, found
}

// Requirement returns r's requirement on path, or "".
func (r Release) Requirement(path string) string {
	for _, q := range r.K8s {
		if q.Path == path {
			return q.Version
		}
	}
	return ""
}

// Find returns the release of rels whose version is v, or, when v is a
// pre-release or pseudo-version of a minor the table knows, the newest
// release of that minor (every patch of one minor targets the same
// Kubernetes minor). exact tells which.
func Find(rels []Release, v string) (r Release, exact, ok bool) {
	for _, rel := range rels {
		if rel.Version == v {
			return rel, true, true
		}
	}
	mm := semver.MajorMinor(v)
	if mm == "" {
		return Release{}, false, false
	}
	for _, rel := range rels {
		if semver.MajorMinor(rel.Version) == mm && semver.Compare(rel.Version, r.Version) > 0 {
			r, ok = rel, true
		}
	}
	return r, false, ok
}

// Newest returns the newest release of rels.
func Newest(rels []Release) Release {
	var best Release
	for _, r := range rels {
		if best.Version == "" || semver.Compare(r.Version, best.Version) > 0 {
			best = r
		}
	}
	return best
}

// NewestFor returns the newest release of rels built against Kubernetes
// 1.minor.
func NewestFor(rels []Release, minor int) (Release, bool) {
	var best Release
	for _, r := range rels {
		if m, ok := r.Kube(); ok && m == minor && (best.Version == "" || semver.Compare(r.Version, best.Version) > 0) {
			best = r
		}
	}
	return best, best.Version != ""
}

// NewestAtMost returns the newest release of rels built against a
// Kubernetes minor no newer than 1.minor.
func NewestAtMost(rels []Release, minor int) (Release, bool) {
	var best Release
	for _, r := range rels {
		if m, ok := r.Kube(); ok && m <= minor && (best.Version == "" || semver.Compare(r.Version, best.Version) > 0) {
			best = r
		}
	}
	return best, best.Version != ""
}

// ClientGoGo returns the go directive of k8s.io/client-go version v, if
// the table has that exact release.
func ClientGoGo(v string) (string, bool) {
	for _, g := range ClientGo {
		if g.Version == v {
			return g.Go, true
		}
	}
	return "", false
}

// LegacyClientGo returns the Kubernetes minor of an obsolete pre-module
// k8s.io/client-go tag, or of a pseudo-version built on one
// (v11.0.1-0.20190409021438-1a26190bd76a+incompatible).
func LegacyClientGo(v string) (int, bool) {
	for _, l := range Retracted {
		if l.Version == v {
			return l.Minor, true
		}
	}
	if !semver.IsValid(v) || !module.IsPseudoVersion(v) {
		return 0, false
	}
	mm := semver.MajorMinor(v)
	if semver.Major(v) != "v1" {
		mm = semver.Major(v)
	}
	for _, l := range Retracted {
		lm := semver.MajorMinor(l.Version)
		if semver.Major(l.Version) != "v1" {
			lm = semver.Major(l.Version)
		}
		if lm == mm {
			return l.Minor, true
		}
	}
	return 0, false
}
