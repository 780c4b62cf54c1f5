// Command manager starts the upgrade fixture's manager with the options
// of controller-runtime v0.14.
package main

import (
	"os"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
)

func main() {
	sync := time.Hour
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{
		MetricsBindAddress:     ":8080", // want `manager.Options.MetricsBindAddress was removed in controller-runtime v0.16 \(go.mod has v0.14.6, target v0.21\), so this does not compile at the target; set Metrics: metricsserver.Options\{BindAddress: …\}`
		Port:                   9443,    // want `manager.Options.Port was removed in controller-runtime v0.16 .*set WebhookServer: webhook.NewServer`
		HealthProbeBindAddress: ":8081",
		LeaderElection:         true,
		LeaderElectionID:       "upgrade.example.com",
		Namespace:              os.Getenv("WATCH_NAMESPACE"),          // want `manager.Options.Namespace was removed in controller-runtime v0.16 .*DefaultNamespaces`
		SyncPeriod:             &sync,                                 // want `manager.Options.SyncPeriod was removed in controller-runtime v0.16 .*cache.Options\{SyncPeriod`
		ClientDisableCacheFor:  []client.Object{&appsv1.Deployment{}}, // want `manager.Options.ClientDisableCacheFor was removed`
	})
	if err != nil {
		os.Exit(1)
	}
	opts := manager.Options{}
	opts.DryRunClient = true // want `manager.Options.DryRunClient was removed in controller-runtime v0.16`
	_ = opts
	if err := mgr.AddMetricsExtraHandler("/debug", nil); err != nil { // want `manager.Manager.AddMetricsExtraHandler was removed in controller-runtime v0.16 .*call AddMetricsServerExtraHandler`
		os.Exit(1)
	}
	mgr.GetWebhookServer().Register("/convert", nil) // webhook.Server keeps Register when it becomes an interface
	var srv *webhook.Server = mgr.GetWebhookServer() // want `manager.Manager.GetWebhookServer changed its signature in controller-runtime v0.15 to func\(\) webhook.Server` `webhook.Server changed its definition in controller-runtime v0.15`
	_ = srv
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
