// Package versionskew defines an Analyzer that checks a Kubernetes
// operator's go.mod for version skew between controller-runtime,
// controller-tools and the k8s.io modules.
//
// # Analyzer versionskew
//
// versionskew: report go.mod skew between controller-runtime, controller-tools and the k8s.io modules
//
// Each controller-runtime minor is built and tested against exactly one
// Kubernetes minor of the k8s.io staging modules (k8s.io/api, apimachinery,
// client-go, apiextensions-apiserver, component-base, apiserver, kubectl,
// ...), and the staging modules of one Kubernetes release share one minor.
// When dependabot or a transitive tool bumps k8s.io/client-go without
// controller-runtime, or a replace pins an old k8s.io module, the operator
// stops compiling (controller-runtime v0.18 with client-go v0.31:
// "versionedTracker does not implement testing.ObjectTracker"; v0.22 with
// client-go v0.36: "missing method HasSyncedChecker") or misbehaves at run
// time. The check reads the module's go.mod, applies its replace
// directives, and reports at the line to change:
//
//  1. controller-runtime v0.M.x with k8s.io modules of another Kubernetes
//     minor than the one that release requires (newer or older);
//  2. k8s.io staging modules (and k8s.io/kubernetes v1.M) of different
//     minors in one module;
//  3. an obsolete pre-module k8s.io/client-go tag (v1.4.0 to
//     v12.0.0+incompatible, which client-go's master go.mod retracted in
//     2021, though no release carries that retract block), naming the v0.x
//     release to use;
//  4. controller-tools whose k8s.io requirements are newer than
//     controller-runtime's: minimal version selection raises the operator's
//     k8s.io modules with it (a requirement pinned by replace does not);
//  5. a go directive older than the one of the selected k8s.io/client-go.
//
// When two or more k8s.io modules are behind controller-runtime's minor,
// all of one older minor (replace directives that pin the k8s.io modules
// to one release, as external-provisioner pins 15 of them), that one
// cause is reported once, at controller-runtime's line, naming both ways
// out: move the modules to controller-runtime's minor (the suggested fix
// edits each of their lines), or require the controller-runtime release
// built against theirs.
//
// Patch-level differences are fine. Module paths are matched exactly.
// Pseudo-versions that name no Kubernetes minor (v0.0.0-...) and modules
// replaced by a directory or by another module path (a fork) are left out. A controller-runtime or
// controller-tools release newer than opvet's table is reported once, and
// not checked.
//
// Bad (go.mod):
//
//	require (
//		k8s.io/api v0.30.1
//		k8s.io/apimachinery v0.30.1
//		k8s.io/client-go v0.31.0 // bumped alone: controller-runtime v0.18 is built against 1.30
//		sigs.k8s.io/controller-runtime v0.18.5
//	)
//
// Good:
//
//	require (
//		k8s.io/api v0.31.0
//		k8s.io/apimachinery v0.31.0
//		k8s.io/client-go v0.31.0
//		sigs.k8s.io/controller-runtime v0.19.7 // built against Kubernetes 1.31
//	)
//
// Suggested fixes edit the version on the reported go.mod line (the lines
// of the modules named, for the finding above): the
// controller-runtime or controller-tools release built against the selected
// Kubernetes minor, or the k8s.io version that matches controller-runtime
// (or the module's other k8s.io modules); run go mod tidy after. None is
// offered for a controller-runtime that the module requires only
// indirectly: the dependency that imports it may not build with a newer
// release (its API changes between minors). opvet
// -fix applies them (opvet -fix -diff shows them), and so does go vet
// -vettool="$(go env GOPATH)/bin/opvet" -fix.
//
// Where and how often: the go.mod is found by walking up from the package's
// files, so in a go.work workspace each module's go.mod is checked for its
// own packages. Its findings are reported by one package of the module
// only: the package in the first directory, in depth-first lexical order
// from the module root (the root first), holding a non-test .go file of the
// default build context, skipping testdata, vendor, hidden and _ directories,
// directories named by go.mod ignore directives, and nested modules; never
// an external _test package. So each finding appears once, in opvet, in go
// vet -vettool (one process per package) and in golangci-lint. A run on a
// subset of packages that leaves out that package reports no go.mod
// findings. The check runs on packages that do not type-check: skew usually
// shows up as a build failure. A go.mod that does not parse is reported at
// the failing line; a missing one is silence.
//
// Suppress a finding with a go.mod comment on the line or the line above:
//
//	k8s.io/kubectl v0.29.0 // opvet:ignore versionskew kubectl plugin pinned until its rewrite
//
// The knowledge table is data generated from the Go module proxy (every
// controller-runtime and controller-tools release's go.mod, the go
// directive of every k8s.io/client-go v0.x release, the staging module list
// of k8s.io/kubernetes). Refresh it with go generate
// ./internal/versiontable and commit its zz_generated_table.go.
package versionskew
