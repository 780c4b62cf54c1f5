// Package serializer is a stub of k8s.io/apimachinery/pkg/runtime/serializer.
package serializer

// CodecFactory makes codecs.
type CodecFactory struct{}
