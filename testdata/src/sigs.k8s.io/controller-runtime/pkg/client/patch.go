package client

import "k8s.io/apimachinery/pkg/types"

var Apply Patch = applyPatch{}

var Merge Patch = mergePatch{}

type applyPatch struct{}

func (applyPatch) Type() types.PatchType           { return types.ApplyPatchType }
func (applyPatch) Data(obj Object) ([]byte, error) { return nil, nil }

type mergePatch struct{}

func (mergePatch) Type() types.PatchType           { return types.MergePatchType }
func (mergePatch) Data(obj Object) ([]byte, error) { return nil, nil }

type MergeFromOption interface{ ApplyToMergeFrom(*MergeFromOptions) }

type MergeFromOptions struct{ OptimisticLock bool }

type MergeFromWithOptimisticLock struct{}

func (m MergeFromWithOptimisticLock) ApplyToMergeFrom(in *MergeFromOptions) { in.OptimisticLock = true }

type mergeFromPatch struct {
	patchType types.PatchType
	from      Object
	opts      MergeFromOptions
}

func (s *mergeFromPatch) Type() types.PatchType           { return s.patchType }
func (s *mergeFromPatch) Data(obj Object) ([]byte, error) { return nil, nil }

func MergeFrom(obj Object) Patch {
	return &mergeFromPatch{patchType: types.MergePatchType, from: obj}
}

func MergeFromWithOptions(obj Object, opts ...MergeFromOption) Patch {
	return &mergeFromPatch{patchType: types.MergePatchType, from: obj}
}

func StrategicMergeFrom(obj Object, opts ...MergeFromOption) Patch {
	return &mergeFromPatch{patchType: types.StrategicMergePatchType, from: obj}
}

type patch struct {
	patchType types.PatchType
	data      []byte
}

func (s *patch) Type() types.PatchType           { return s.patchType }
func (s *patch) Data(obj Object) ([]byte, error) { return s.data, nil }

func RawPatch(patchType types.PatchType, data []byte) Patch {
	return &patch{patchType, data}
}
