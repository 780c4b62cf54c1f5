package e2e

import (
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

func TestConversion(t *testing.T) {
	_ = conversion.NewWebhookHandler(runtime.NewScheme(), nil)
}
