// Package client is a stub of controller-runtime's pkg/client (current
// versions, with SubResourceWriter). Signatures match the real package.
package client

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
)

type ObjectKey = types.NamespacedName

func ObjectKeyFromObject(obj Object) ObjectKey {
	return ObjectKey{Namespace: obj.GetNamespace(), Name: obj.GetName()}
}

type Object interface {
	metav1.Object
	runtime.Object
}

type ObjectList interface {
	metav1.ListInterface
	runtime.Object
}

type Patch interface {
	Type() types.PatchType
	Data(obj Object) ([]byte, error)
}

type GetOption interface{ ApplyToGet(*GetOptions) }
type ListOption interface{ ApplyToList(*ListOptions) }
type CreateOption interface{ ApplyToCreate(*CreateOptions) }
type DeleteOption interface{ ApplyToDelete(*DeleteOptions) }
type UpdateOption interface{ ApplyToUpdate(*UpdateOptions) }
type PatchOption interface{ ApplyToPatch(*PatchOptions) }
type DeleteAllOfOption interface{ ApplyToDeleteAllOf(*DeleteAllOfOptions) }
type SubResourceGetOption interface{ ApplyToSubResourceGet(*SubResourceGetOptions) }
type SubResourceUpdateOption interface {
	ApplyToSubResourceUpdate(*SubResourceUpdateOptions)
}
type SubResourceCreateOption interface {
	ApplyToSubResourceCreate(*SubResourceCreateOptions)
}
type SubResourcePatchOption interface {
	ApplyToSubResourcePatch(*SubResourcePatchOptions)
}

type GetOptions struct{}
type ListOptions struct{ Namespace string }
type CreateOptions struct{ FieldManager string }
type DeleteOptions struct{}
type UpdateOptions struct{ FieldManager string }
type PatchOptions struct{ FieldManager string }
type DeleteAllOfOptions struct{}
type SubResourceGetOptions struct{}
type SubResourceUpdateOptions struct{ UpdateOptions }
type SubResourceCreateOptions struct{ CreateOptions }
type SubResourcePatchOptions struct{ PatchOptions }

type InNamespace string

func (n InNamespace) ApplyToList(opts *ListOptions) { opts.Namespace = string(n) }

type FieldOwner string

func (f FieldOwner) ApplyToPatch(opts *PatchOptions)   { opts.FieldManager = string(f) }
func (f FieldOwner) ApplyToCreate(opts *CreateOptions) { opts.FieldManager = string(f) }
func (f FieldOwner) ApplyToUpdate(opts *UpdateOptions) { opts.FieldManager = string(f) }
func (f FieldOwner) ApplyToSubResourcePatch(opts *SubResourcePatchOptions) {
	opts.FieldManager = string(f)
}

var ForceOwnership = forceOwnership{}

type forceOwnership struct{}

func (forceOwnership) ApplyToPatch(*PatchOptions) {}

type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object, opts ...GetOption) error
	List(ctx context.Context, list ObjectList, opts ...ListOption) error
}

type Writer interface {
	Create(ctx context.Context, obj Object, opts ...CreateOption) error
	Delete(ctx context.Context, obj Object, opts ...DeleteOption) error
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
	DeleteAllOf(ctx context.Context, obj Object, opts ...DeleteAllOfOption) error
}

type StatusClient interface {
	Status() SubResourceWriter
}

type SubResourceClientConstructor interface {
	SubResource(subResource string) SubResourceClient
}

// StatusWriter is kept for backwards compatibility.
type StatusWriter = SubResourceWriter

type SubResourceReader interface {
	Get(ctx context.Context, obj Object, subResource Object, opts ...SubResourceGetOption) error
}

type SubResourceWriter interface {
	Create(ctx context.Context, obj Object, subResource Object, opts ...SubResourceCreateOption) error
	Update(ctx context.Context, obj Object, opts ...SubResourceUpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...SubResourcePatchOption) error
}

type SubResourceClient interface {
	SubResourceReader
	SubResourceWriter
}

type Client interface {
	Reader
	Writer
	StatusClient
	SubResourceClientConstructor
	Scheme() *runtime.Scheme
}

type WithWatch interface {
	Client
}
