package meta

import "k8s.io/apimachinery/pkg/runtime/schema"

type RESTMapping struct {
	Resource         schema.GroupVersionResource
	GroupVersionKind schema.GroupVersionKind
}

type RESTMapper interface {
	KindFor(resource schema.GroupVersionResource) (schema.GroupVersionKind, error)
	ResourceFor(input schema.GroupVersionResource) (schema.GroupVersionResource, error)
	RESTMapping(gk schema.GroupKind, versions ...string) (*RESTMapping, error)
}
