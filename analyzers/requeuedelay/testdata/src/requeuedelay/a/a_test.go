package a

import ctrl "sigs.k8s.io/controller-runtime"

// Quiet: a fake reconciler of a test returns what the test needs.
func fakeResult() ctrl.Result { return ctrl.Result{RequeueAfter: 1} }
