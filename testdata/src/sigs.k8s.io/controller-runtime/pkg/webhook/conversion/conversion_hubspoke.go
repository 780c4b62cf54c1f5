// Package conversion is a stub of controller-runtime's pkg/webhook/conversion
// (v0.23+ function-style converters).
package conversion

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Converter interface {
	ConvertObject(ctx context.Context, src, dst runtime.Object) error
}

func NewHubSpokeConverter[hubObject runtime.Object](hub hubObject, spokeConverter ...SpokeConverter[hubObject]) func(scheme *runtime.Scheme) (Converter, error) {
	return nil
}

type SpokeConverter[hubObject runtime.Object] interface {
	GetSpoke() runtime.Object
	ConvertHubToSpoke(ctx context.Context, hub hubObject, spoke runtime.Object) error
	ConvertSpokeToHub(ctx context.Context, spoke runtime.Object, hub hubObject) error
}

func NewSpokeConverter[hubObject, spokeObject client.Object](
	spoke spokeObject,
	convertHubToSpokeFunc func(ctx context.Context, src hubObject, dst spokeObject) error,
	convertSpokeToHubFunc func(ctx context.Context, src spokeObject, dst hubObject) error,
) SpokeConverter[hubObject] {
	return nil
}
