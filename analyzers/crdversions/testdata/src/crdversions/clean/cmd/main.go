package main

import (
	v1 "crdversions/clean/api/v1"
	ctrl "sigs.k8s.io/controller-runtime"
)

func main() {
	mgr, _ := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	ctrl.NewWebhookManagedBy(mgr).For(&v1.Foo{}).Complete()
}
