package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type WatchesOption interface{ ApplyToWatches(any) }

func (blder *Builder) Watches(object client.Object, eventHandler handler.EventHandler, opts ...WatchesOption) *Builder {
	return blder
}

func (blder *Builder) WatchesRawSource(src source.Source) *Builder { return blder }
