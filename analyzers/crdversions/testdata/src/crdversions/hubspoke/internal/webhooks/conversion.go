package webhooks

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"

	v1 "crdversions/hubspoke/api/v1"
	v1alpha1 "crdversions/hubspoke/api/v1alpha1"
)

// Foo converts Foo.
var Foo = conversion.NewHubSpokeConverter(&v1.Foo{},
	conversion.NewSpokeConverter(&v1alpha1.Foo{}, toSpoke, toHub),
)

func toSpoke(ctx context.Context, src *v1.Foo, dst *v1alpha1.Foo) error { return nil }

func toHub(ctx context.Context, src *v1alpha1.Foo, dst *v1.Foo) error { return nil }
