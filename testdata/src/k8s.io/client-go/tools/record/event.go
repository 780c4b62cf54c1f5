// Package record is a stub of k8s.io/client-go/tools/record.
package record

import "k8s.io/apimachinery/pkg/runtime"

// EventRecorder records events about objects.
type EventRecorder interface {
	Event(object runtime.Object, eventtype, reason, message string)
	Eventf(object runtime.Object, eventtype, reason, messageFmt string, args ...interface{})
}
