package a

// Metadata helpers handed &obj.ObjectMeta (prometheus-operator's
// mergeMetadata): what they do to the metadata they do to the object.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"

	"resourceversion/k8sutil"
)

// mergeMeta takes old's labels and resourceVersion.
func mergeMeta(new *metav1.ObjectMeta, old metav1.ObjectMeta) {
	new.ResourceVersion = old.ResourceVersion
	new.SetLabels(old.Labels)
}

// mergeOnlyLabels takes old's labels.
func mergeOnlyLabels(new *metav1.ObjectMeta, old metav1.ObjectMeta) {
	new.SetLabels(old.Labels)
}

// The helper copies the resourceVersion into desired's metadata.
func updateSecretMerged(ctx context.Context, cs kubernetes.Interface, desired *corev1.ConfigMap) error {
	secrets := cs.CoreV1().ConfigMaps(desired.Namespace)
	existing, err := secrets.Get(ctx, desired.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	mergeMeta(&desired.ObjectMeta, existing.ObjectMeta)
	_, err = secrets.Update(ctx, desired, metav1.UpdateOptions{})
	return err
}

// The same through a pointer to the metadata held in a variable.
func updateSecretMetaVar(ctx context.Context, cs kubernetes.Interface, desired *corev1.ConfigMap) error {
	secrets := cs.CoreV1().ConfigMaps(desired.Namespace)
	existing, err := secrets.Get(ctx, desired.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	meta := &desired.ObjectMeta
	meta.ResourceVersion = existing.ResourceVersion
	_, err = secrets.Update(ctx, desired, metav1.UpdateOptions{})
	return err
}

// A helper of another package of the module does it.
func updateSecretMergedElsewhere(ctx context.Context, cs kubernetes.Interface, desired *corev1.ConfigMap) error {
	secrets := cs.CoreV1().ConfigMaps(desired.Namespace)
	existing, err := secrets.Get(ctx, desired.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	k8sutil.MergeMetadata(&desired.ObjectMeta, existing.ObjectMeta)
	_, err = secrets.Update(ctx, desired, metav1.UpdateOptions{})
	return err
}

// The helpers merge labels only: the resourceVersion is still missing.
func updateSecretLabelsOnly(ctx context.Context, cs kubernetes.Interface, desired *corev1.ConfigMap) error {
	secrets := cs.CoreV1().ConfigMaps(desired.Namespace)
	existing, err := secrets.Get(ctx, desired.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	mergeOnlyLabels(&desired.ObjectMeta, existing.ObjectMeta)
	k8sutil.MergeLabels(&desired.ObjectMeta, existing.ObjectMeta)
	_, err = secrets.Update(ctx, desired, metav1.UpdateOptions{}) // want `desired is sent with Update, but the current object was read by secrets.Get`
	return err
}

// The metadata of another object is merged: desired's is untouched.
func updateSecretOtherMerged(ctx context.Context, cs kubernetes.Interface, desired, other *corev1.ConfigMap) error {
	secrets := cs.CoreV1().ConfigMaps(desired.Namespace)
	existing, err := secrets.Get(ctx, desired.Name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	mergeMeta(&other.ObjectMeta, existing.ObjectMeta)
	_, err = secrets.Update(ctx, desired, metav1.UpdateOptions{}) // want `desired is sent with Update, but the current object was read by secrets.Get`
	return err
}

// The same in a retry loop, the object read again on each attempt.
func updateSecretRetried(ctx context.Context, cs kubernetes.Interface, desired *corev1.ConfigMap) error {
	secrets := cs.CoreV1().ConfigMaps(desired.Namespace)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		existing, err := secrets.Get(ctx, desired.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		mergeMeta(&desired.ObjectMeta, existing.ObjectMeta)
		_, err = secrets.Update(ctx, desired, metav1.UpdateOptions{})
		return err
	})
}
