package a

// Objects decoded from the encoding of another object.

import (
	"context"
	"encoding/json"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	v1 "example.com/operator/api/v1"
)

// mergeJSON stands for a JSON merge patch library (jsonpatch.MergePatch):
// it returns the original document with the patch applied.
func mergeJSON(original, patch []byte) ([]byte, error) { return original, nil }

// Not flagged: the object is decoded from the JSON of the fetched object
// merged with a patch, so it carries the fetched resourceVersion.
func (r *Reconciler) mergedWithPatch(ctx context.Context, key client.ObjectKey, patch []byte) error {
	existing := &v1.Widget{}
	if err := r.Get(ctx, key, existing); err != nil {
		return err
	}
	original, err := json.Marshal(existing)
	if err != nil {
		return err
	}
	merged, err := mergeJSON(original, patch)
	if err != nil {
		return err
	}
	updated := &v1.Widget{}
	if err := json.Unmarshal(merged, updated); err != nil {
		return err
	}
	return r.Update(ctx, updated)
}

// Not flagged: a deep copy through YAML of an object received from the
// caller, which may hold a resourceVersion.
func (r *Reconciler) roundTrip(ctx context.Context, w *v1.Widget) error {
	data, err := yaml.Marshal(w)
	if err != nil {
		return err
	}
	out := &v1.Widget{}
	if err := yaml.Unmarshal([]byte(string(data)), out); err != nil {
		return err
	}
	return r.Update(ctx, out)
}

// Flagged: the encoded object was built here, so the decoded one has no
// resourceVersion either.
func (r *Reconciler) encodedFresh(ctx context.Context) error {
	data, err := json.Marshal(&v1.Widget{Spec: v1.WidgetSpec{Size: 1}})
	if err != nil {
		return err
	}
	out := &v1.Widget{}
	if err := json.Unmarshal(data, out); err != nil {
		return err
	}
	return r.Update(ctx, out) // want `out is built fresh .* custom resource`
}

// Not flagged: the content of an unstructured object decoded from the
// fetched object's JSON with a patch applied (argo-rollouts' Istio
// DestinationRule update).
func (r *Reconciler) unstructuredMerged(ctx context.Context, key client.ObjectKey, patch []byte) error {
	existing := &v1.Widget{}
	if err := r.Get(ctx, key, existing); err != nil {
		return err
	}
	original, err := json.Marshal(existing)
	if err != nil {
		return err
	}
	merged, err := mergeJSON(original, patch)
	if err != nil {
		return err
	}
	var u unstructured.Unstructured
	if err := json.Unmarshal(merged, &u.Object); err != nil {
		return err
	}
	return r.Update(ctx, &u)
}

// Flagged: decoded into an unstructured object's content from bytes of
// unknown origin.
func (r *Reconciler) unstructuredManifest(ctx context.Context, manifest []byte) error {
	var u unstructured.Unstructured
	if err := json.Unmarshal(manifest, &u.Object); err != nil {
		return err
	}
	return r.Update(ctx, &u) // want `u is built fresh`
}
