package client

// UnsafeDisableDeepCopyOption indicates not to deep copy objects during
// list objects.
type UnsafeDisableDeepCopyOption bool

func (d UnsafeDisableDeepCopyOption) ApplyToGet(opts *GetOptions)   {}
func (d UnsafeDisableDeepCopyOption) ApplyToList(opts *ListOptions) {}

// UnsafeDisableDeepCopy indicates not to deep copy objects during list
// objects.
const UnsafeDisableDeepCopy = UnsafeDisableDeepCopyOption(true)
