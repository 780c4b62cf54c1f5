// Package batch is a stub of client-go's batch informer group.
package batch

import (
	v1 "k8s.io/client-go/informers/batch/v1"
	v1beta1 "k8s.io/client-go/informers/batch/v1beta1"
)

type Interface interface {
	V1() v1.Interface
	V1beta1() v1beta1.Interface
}
