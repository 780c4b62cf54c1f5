// Package writer implements client.Writer by hand.
package writer

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type recorder struct{ names []string } // want `recorder is used as a client.Writer, which gains the method Apply\(ctx context.Context, obj runtime.ApplyConfiguration, opts ...ApplyOption\) error in controller-runtime v0.22 \(go.mod has v0.21.0, target v0.22\), so recorder does not implement it at the target; add the method`

func (r *recorder) Create(ctx context.Context, obj client.Object) error {
	r.names = append(r.names, obj.GetName())
	return nil
}

func (r *recorder) Delete(ctx context.Context, obj client.Object) error { return nil }

// wrapped embeds a client.Writer: it gains Apply with it.
type wrapped struct {
	client.Writer
}

// Writers returns both.
func Writers(w client.Writer) []client.Writer {
	return []client.Writer{&recorder{}, wrapped{Writer: w}}
}
