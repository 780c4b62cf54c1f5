package schema

type GroupVersionKind struct{ Group, Version, Kind string }

type GroupVersion struct{ Group, Version string }

func (gv GroupVersion) WithKind(kind string) GroupVersionKind {
	return GroupVersionKind{Group: gv.Group, Version: gv.Version, Kind: kind}
}

type GroupVersionResource struct{ Group, Version, Resource string }

type ObjectKind interface {
	SetGroupVersionKind(kind GroupVersionKind)
	GroupVersionKind() GroupVersionKind
}
