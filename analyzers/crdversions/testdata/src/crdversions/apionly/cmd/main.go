package main

import (
	ctrl "sigs.k8s.io/controller-runtime"
)

func main() {
	var mgr ctrl.Manager
	_ = mgr
}
