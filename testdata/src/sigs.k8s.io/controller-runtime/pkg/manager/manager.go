package manager

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Manager interface {
	GetClient() client.Client
	GetScheme() *runtime.Scheme
	GetCache() cache.Cache
	GetRESTMapper() meta.RESTMapper
	Start(ctx context.Context) error
}

type Options struct {
	Scheme *runtime.Scheme
}

func New(config any, options Options) (Manager, error) { return nil, nil }
