package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}

type Scheme struct{}

func NewScheme() *Scheme { return &Scheme{} }

func (s *Scheme) AddKnownTypes(gv schema.GroupVersion, types ...Object) {}

// Default sets defaults on the object, with the defaulting functions
// registered for its type.
func (s *Scheme) Default(src Object) {}

func (s *Scheme) ObjectKinds(obj Object) ([]schema.GroupVersionKind, bool, error) {
	return nil, false, nil
}

type SchemeBuilder []func(*Scheme) error

func NewSchemeBuilder(funcs ...func(*Scheme) error) SchemeBuilder { return funcs }

func (sb *SchemeBuilder) Register(funcs ...func(*Scheme) error) {}

func (sb *SchemeBuilder) AddToScheme(s *Scheme) error { return nil }

type RawExtension struct{ Raw []byte }

// UnstructuredConverter converts between typed objects and maps.
type UnstructuredConverter interface {
	ToUnstructured(obj interface{}) (map[string]interface{}, error)
	FromUnstructured(u map[string]interface{}, obj interface{}) error
}

type unstructuredConverter struct{}

// DefaultUnstructuredConverter is the converter of the real package.
var DefaultUnstructuredConverter = &unstructuredConverter{}

func (c *unstructuredConverter) ToUnstructured(obj interface{}) (map[string]interface{}, error) {
	return map[string]interface{}{}, nil
}

func (c *unstructuredConverter) FromUnstructured(u map[string]interface{}, obj interface{}) error {
	return nil
}
