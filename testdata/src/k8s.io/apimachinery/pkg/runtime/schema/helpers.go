package schema

import "strings"

func (gvk GroupVersionKind) GroupKind() GroupKind { return GroupKind{Group: gvk.Group, Kind: gvk.Kind} }

func (gvk GroupVersionKind) GroupVersion() GroupVersion {
	return GroupVersion{Group: gvk.Group, Version: gvk.Version}
}

func (gv GroupVersion) WithResource(resource string) GroupVersionResource {
	return GroupVersionResource{Group: gv.Group, Version: gv.Version, Resource: resource}
}

func (gv GroupVersion) String() string { return gv.Group + "/" + gv.Version }

func FromAPIVersionAndKind(apiVersion, kind string) GroupVersionKind {
	g, v, _ := strings.Cut(apiVersion, "/")
	return GroupVersionKind{Group: g, Version: v, Kind: kind}
}

func ParseGroupVersion(gv string) (GroupVersion, error) {
	g, v, _ := strings.Cut(gv, "/")
	return GroupVersion{Group: g, Version: v}, nil
}
