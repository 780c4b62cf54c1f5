package runtime

import "k8s.io/apimachinery/pkg/runtime/schema"

// Decoder attempts to load an object from data.
type Decoder interface {
	Decode(data []byte, defaults *schema.GroupVersionKind, into Object) (Object, *schema.GroupVersionKind, error)
}
