package a

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/operator/api/v1"
)

// Another object of the kind is read, keyed by the parameter's namespace
// and a name from its labels (topolvm's source LogicalVolume, named in
// its spec): the parameter's own resourceVersion came with it.
func cloneFromSource(ctx context.Context, c client.Client, w *v1.Widget) error {
	src := &v1.Widget{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: w.Namespace, Name: w.Labels["source"]}, src); err != nil {
		return err
	}
	w.Status.Ready = src.Status.Ready
	return c.Status().Update(ctx, w)
}

// The same object, keyed by the parameter's name: the current one.
func refreshFromSelf(ctx context.Context, c client.Client, w *v1.Widget) error {
	cur := &v1.Widget{}
	if err := c.Get(ctx, types.NamespacedName{Namespace: w.Namespace, Name: w.Name}, cur); err != nil {
		return err
	}
	w.Status.Ready = cur.Status.Ready
	return c.Status().Update(ctx, w) // want `w is sent with Status\(\).Update, but the current object was read into cur`
}
