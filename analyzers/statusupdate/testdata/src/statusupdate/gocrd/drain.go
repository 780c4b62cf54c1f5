// Package gocrd: the status of a kind whose CRD its API library builds in
// Go, written with the plain Update of an old clientset.
package gocrd

import (
	"statusupdate/gocrd/client"
	"statusupdate/gocrd/key"
)

func drained(c client.NodeConfigInterface, obj interface{}) error {
	o, ok := key.ToCustomObject(obj)
	if !ok {
		return nil
	}
	_ = key.NodeName(o)
	o.Status.Conditions = append(o.Status.Conditions, "Drained")
	_, err := c.Update(&o) // want `o.Status.Conditions is written but o is sent only with Update, which drops status changes because NodeConfig has the status subresource`
	return err
}

func drainedStatus(c client.NodeConfigInterface, obj interface{}) error {
	o, ok := key.ToCustomObject(obj)
	if !ok {
		return nil
	}
	o.Status.Conditions = append(o.Status.Conditions, "Drained")
	_, err := c.UpdateStatus(&o)
	return err
}
