// Package key holds the operator's helpers, in a package of its own.
package key

import v1alpha1 "statusupdate/gocrd/apis/core/v1alpha1"

func ToCustomObject(v interface{}) (v1alpha1.NodeConfig, bool) {
	p, ok := v.(*v1alpha1.NodeConfig)
	if !ok {
		return v1alpha1.NodeConfig{}, false
	}
	return *p, true
}

func NodeName(o v1alpha1.NodeConfig) string { return o.Spec.Node }
