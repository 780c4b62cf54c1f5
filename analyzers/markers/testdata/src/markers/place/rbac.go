package place

// +kubebuilder:rbac:groups=apps,resources=deployments;statefulsets,verbs=get;list;watch
// +kubebuilder:rbac:groups=apps,resources=deployments/status,verbs=get;update

// Sync syncs. Its first two rules are granted by markers of the package
// that controller-gen reads (marin3r's controllers): the message says so. The
// others are not.
/* want `controller-gen ignores \+kubebuilder:rbac in the doc comment of func Sync; .* \(this changes nothing in the role: markers that controller-gen reads grant the same rule, at place.go:3, rbac.go:3\)$` */ // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list
/* want `\(this changes nothing in the role: markers that controller-gen reads grant the same rule, at place.go:3, rbac.go:4\)$` */ // +kubebuilder:rbac:groups=apps,resources={deployments,deployments/status},verbs=get
/* want `controller-gen ignores \+kubebuilder:rbac in the doc comment of func Sync; it reads this marker only at package level, in a comment block of its own separated by a blank line from any doc comment$` */ // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=delete
/* want `any doc comment$` */ // +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get,namespace=system
func Sync() {
}
