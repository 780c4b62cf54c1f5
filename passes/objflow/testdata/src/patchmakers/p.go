package patchmakers

import "sigs.k8s.io/controller-runtime/pkg/client"

func direct(o client.Object) client.Patch { return client.MergeFrom(o) } // want "makes a patch"

func nested(o client.Object) { // want "makes a patch"
	go func() { _ = client.StrategicMergeFrom(o) }() // want "makes a patch"
}

func none(o client.Object) {
	_ = func() { _ = o.GetName() }
}
