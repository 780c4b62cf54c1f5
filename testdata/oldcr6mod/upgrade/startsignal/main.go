// Package startsignal starts a manager with the stop signal that
// controller-runtime v0.7 turned into a context, as Manager.Start's
// parameter turned: handed straight from one to the other, the call
// compiles at the target.
package startsignal

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/manager/signals"
)

// Run hands the signal handler's result straight to Start: quiet.
func Run(mgr ctrl.Manager) error {
	return mgr.Start(ctrl.SetupSignalHandler())
}

// RunSignals does the same through the signals package: quiet.
func RunSignals(mgr manager.Manager) error {
	return mgr.Start(signals.SetupSignalHandler())
}

// RunStop keeps the channel in a variable, which becomes a context that
// Start accepts, then hands Start a channel of its own, which it does not.
func RunStop(mgr ctrl.Manager) error {
	stop := ctrl.SetupSignalHandler()
	if err := mgr.Start(stop); err != nil {
		return err
	}
	return mgr.Start(make(chan struct{})) // want `manager.Manager.Start changed its signature in controller-runtime v0.7`
}

// Stopper keeps the channel in a field whose type does not change.
type Stopper struct {
	Stop <-chan struct{}
}

// Keep stores the handler's result in a channel field: it does not
// compile at the target.
func Keep() Stopper {
	return Stopper{Stop: ctrl.SetupSignalHandler()} // want `ctrl.SetupSignalHandler changed its type in controller-runtime v0.7`
}
