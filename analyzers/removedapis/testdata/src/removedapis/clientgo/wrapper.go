package clientgo

import (
	"context"

	apiextensionsclient "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// cronJobs serves CronJobs from the version the cluster serves: legacy is
// set from discovery, on clusters older than 1.21 (argo-rollouts'
// ingress wrapper).
type cronJobs struct {
	cs     kubernetes.Interface
	legacy bool
}

// Not flagged: each version is reached from one branch of a choice whose
// other branch uses the replacement.
func (w *cronJobs) list(ctx context.Context) error {
	if w.legacy {
		return w.listLegacy(ctx)
	}
	return w.listCurrent(ctx)
}

func (w *cronJobs) listCurrent(ctx context.Context) error {
	_, err := w.cs.BatchV1().CronJobs("").List(ctx, metav1.ListOptions{})
	return err
}

func (w *cronJobs) listLegacy(ctx context.Context) error {
	_, err := w.cs.BatchV1beta1().CronJobs("").List(ctx, metav1.ListOptions{})
	return err
}

// Not flagged: the informer of the version the cluster serves.
func informer(f informers.SharedInformerFactory, legacy bool) cache.SharedIndexInformer {
	switch {
	case legacy:
		return f.Batch().V1beta1().CronJobs().Informer()
	default:
		return f.Batch().V1().CronJobs().Informer()
	}
}

// Flagged: the legacy helper is also called where nothing chooses.
func (w *cronJobs) count(ctx context.Context) error {
	return w.deleteLegacy(ctx)
}

func (w *cronJobs) deleteLegacy(ctx context.Context) error {
	return w.cs.BatchV1beta1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
}

func (w *cronJobs) remove(ctx context.Context) error {
	if w.legacy {
		return w.deleteLegacy(ctx)
	}
	return w.cs.BatchV1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{})
}

// Not flagged: the legacy helper is called after an if that returns the
// replacement's result, so only where that branch was not taken
// (spark-operator's ingress: if Has("networking.k8s.io/v1") { return
// v1() }; return legacy()).
func (w *cronJobs) get(ctx context.Context) error {
	if !w.legacy {
		_, err := w.cs.BatchV1().CronJobs("").Get(ctx, "a", metav1.GetOptions{})
		return err
	}
	return w.getLegacy(ctx)
}

func (w *cronJobs) getLegacy(ctx context.Context) error {
	_, err := w.cs.BatchV1beta1().CronJobs("").Get(ctx, "a", metav1.GetOptions{})
	return err
}

// Not flagged: the same choice written in one function.
func (w *cronJobs) listAll(ctx context.Context) error {
	if !w.legacy {
		_, err := w.cs.BatchV1().CronJobs("").List(ctx, metav1.ListOptions{})
		return err
	}
	_, err := w.cs.BatchV1beta1().CronJobs("").List(ctx, metav1.ListOptions{})
	return err
}

// Flagged: the branch that uses the replacement does not return, so the
// removed version is used on every cluster.
func (w *cronJobs) both(ctx context.Context) error {
	if !w.legacy {
		_ = w.cs.BatchV1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{})
	}
	return w.cs.BatchV1beta1().CronJobs("").Delete(ctx, "a", metav1.DeleteOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
}

// Not flagged: the removed version is tried only when the replacement's
// call failed (spark-operator's volcano check), in the if's init or in
// the statement before it; on a cluster that no longer serves it, the
// fallback fails as the first call did.
func (w *cronJobs) exists(ctx context.Context) error {
	if _, err := w.cs.BatchV1().CronJobs("").Get(ctx, "a", metav1.GetOptions{}); err != nil {
		if _, err := w.cs.BatchV1beta1().CronJobs("").Get(ctx, "a", metav1.GetOptions{}); err != nil {
			return err
		}
	}
	_, err := w.cs.BatchV1().CronJobs("").Get(ctx, "b", metav1.GetOptions{})
	if err != nil {
		_, err = w.cs.BatchV1beta1().CronJobs("").Get(ctx, "b", metav1.GetOptions{})
	}
	return err
}

// Flagged: tried after the replacement's call succeeded, or after a call
// that does not use it.
func (w *cronJobs) mirror(ctx context.Context, other error) error {
	if _, err := w.cs.BatchV1().CronJobs("").Get(ctx, "a", metav1.GetOptions{}); err == nil {
		_, err = w.cs.BatchV1beta1().CronJobs("").Get(ctx, "a", metav1.GetOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
		return err
	}
	if other != nil {
		_, err := w.cs.BatchV1beta1().CronJobs("").Get(ctx, "c", metav1.GetOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
		return err
	}
	return nil
}

// Not flagged: the fallback of a check through apiextensions-apiserver's
// clientset (spark-operator's volcano scheduler).
func crdExists(ctx context.Context, cs apiextensionsclient.Interface) error {
	if _, err := cs.ApiextensionsV1().CustomResourceDefinitions().Get(ctx, "a", metav1.GetOptions{}); err != nil {
		if _, err := cs.ApiextensionsV1beta1().CustomResourceDefinitions().Get(ctx, "a", metav1.GetOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// Flagged: no call of the replacement comes first.
func crdDelete(ctx context.Context, cs apiextensionsclient.Interface) error {
	return cs.ApiextensionsV1beta1().CustomResourceDefinitions().Delete(ctx, "a", metav1.DeleteOptions{}) // want `apiextensions.k8s.io/v1beta1 CustomResourceDefinition was removed in Kubernetes 1.22`
}

// Not flagged: a default that uses the replacement, overridden by the
// legacy function on old clusters (gpu-operator's RuntimeClass: f :=
// transform; if old { f = transformLegacy }).
func (w *cronJobs) pick(ctx context.Context) error {
	del := w.deleteCurrent
	if w.legacy {
		del = w.deleteOld
	}
	return del(ctx)
}

func (w *cronJobs) deleteCurrent(ctx context.Context) error {
	return w.cs.BatchV1().CronJobs("").Delete(ctx, "b", metav1.DeleteOptions{})
}

func (w *cronJobs) deleteOld(ctx context.Context) error {
	return w.cs.BatchV1beta1().CronJobs("").Delete(ctx, "b", metav1.DeleteOptions{})
}

// Flagged: the default does not use the replacement, so nothing chooses
// between versions.
func (w *cronJobs) pickNone(ctx context.Context) error {
	del := func(context.Context) error { return nil }
	if w.legacy {
		del = w.deleteOlder
	}
	return del(ctx)
}

func (w *cronJobs) deleteOlder(ctx context.Context) error {
	return w.cs.BatchV1beta1().CronJobs("").Delete(ctx, "c", metav1.DeleteOptions{}) // want `batch/v1beta1 CronJob was removed in Kubernetes 1.25`
}
