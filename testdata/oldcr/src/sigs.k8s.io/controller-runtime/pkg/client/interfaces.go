// Package client is a stub of controller-runtime's pkg/client before v0.15
// (StatusWriter, no SubResourceWriter). Signatures match v0.14.
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

type GetOptions struct{}
type ListOptions struct{ Namespace string }
type CreateOptions struct{ FieldManager string }
type DeleteOptions struct{}
type UpdateOptions struct{ FieldManager string }
type PatchOptions struct{ FieldManager string }

type Reader interface {
	Get(ctx context.Context, key ObjectKey, obj Object) error
	List(ctx context.Context, list ObjectList, opts ...ListOption) error
}

type Writer interface {
	Create(ctx context.Context, obj Object, opts ...CreateOption) error
	Delete(ctx context.Context, obj Object, opts ...DeleteOption) error
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
}

type StatusClient interface {
	Status() StatusWriter
}

// StatusWriter knows how to update status subresource of a Kubernetes object.
type StatusWriter interface {
	Update(ctx context.Context, obj Object, opts ...UpdateOption) error
	Patch(ctx context.Context, obj Object, patch Patch, opts ...PatchOption) error
}

type Client interface {
	Reader
	Writer
	StatusClient
	Scheme() *runtime.Scheme
}

var Apply Patch = applyPatch{}

type applyPatch struct{}

func (applyPatch) Type() types.PatchType           { return types.ApplyPatchType }
func (applyPatch) Data(obj Object) ([]byte, error) { return nil, nil }

type mergeFromPatch struct{ from Object }

func (s *mergeFromPatch) Type() types.PatchType           { return types.MergePatchType }
func (s *mergeFromPatch) Data(obj Object) ([]byte, error) { return nil, nil }

func MergeFrom(obj Object) Patch { return &mergeFromPatch{from: obj} }
