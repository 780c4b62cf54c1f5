package place

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get

// Reconcile reconciles.
/* want `controller-gen ignores \+kubebuilder:rbac in the doc comment of func Reconcile; it reads this marker only at package level, in a comment block of its own separated by a blank line from any doc comment` */ // +kubebuilder:rbac:groups=core,resources=pods,verbs=get
func Reconcile() {
	/* want `controller-gen ignores \+kubebuilder:rbac inside func Reconcile` */ // +kubebuilder:rbac:groups=core,resources=secrets,verbs=get
}

// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get
// +kubebuilder:object:root=true

// Widget is a widget.
/* want `controller-gen ignores \+kubebuilder:default on type Widget; it reads this marker only on a struct field` */ // +kubebuilder:default=3
/* want `controller-gen ignores \+kubebuilder:validation:Optional on type Widget; it reads this marker only at package level, in a comment block of its own separated by a blank line from any doc comment or on a struct field` */ // +kubebuilder:validation:Optional
type Widget struct {
	/* want `controller-gen ignores \+kubebuilder:subresource:status on field Spec; it reads this marker only on a type` */ // +kubebuilder:subresource:status
	// +kubebuilder:validation:Minimum=1
	// +optional
	Spec int `json:"spec"`
}

// Widgets are some widgets.
// +kubebuilder:validation:MinItems=1
type Widgets []Widget
