// Package gatewayapi stands for another project's API package, vendored:
// its finalizer name is the spec's, which its implementations must use.
package gatewayapi

// GatewayClassFinalizer is the finalizer the spec names.
const GatewayClassFinalizer = "gateway-exists-finalizer.gateway.networking.k8s.io"
