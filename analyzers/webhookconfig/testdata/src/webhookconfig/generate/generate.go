// Package generate runs controller-gen from //go:generate directives.
package generate

//go:generate controller-gen crd:trivialVersions=true,crdVersions=v1beta1 rbac:roleName=manager paths=./... // want `controller-gen's crd option trivialVersions only applies to apiextensions.k8s.io/v1beta1 CRDs, which Kubernetes 1.22 removed \(no matches for kind "CustomResourceDefinition" in version "apiextensions.k8s.io/v1beta1"\), and controller-gen fails on it since controller-tools v0.7.0 \(unknown argument "trivialVersions"\); drop it` `crdVersions=v1beta1 generates apiextensions.k8s.io/v1beta1 CRDs, which Kubernetes 1.22 removed .*, and controller-gen refuses it since controller-tools v0.7.0 \(apiVersion "apiextensions.k8s.io/v1beta1" is not supported\); use crdVersions=v1`

//go:generate go run sigs.k8s.io/controller-tools/cmd/controller-gen "crd:preserveUnknownFields=false" paths=./... // want `crd option preserveUnknownFields only applies`

//go:generate ../../bin/controller-gen crd:crdVersions={v1beta1,v1},maxDescLen=0 paths=./... // want `crdVersions={v1beta1,v1} generates apiextensions.k8s.io/v1beta1 CRDs`

// Good.

//go:generate controller-gen crd:crdVersions=v1,maxDescLen=0 object paths=./...

//go:generate controller-gen object:headerFile=hack/boilerplate.go.txt paths=./...

// Not controller-gen.
//go:generate mockgen -source=x.go -destination=trivialVersions=true
