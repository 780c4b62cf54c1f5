// Package values builds its webhook configurations in Go.
package values

import (
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func ptrTo[T any](v T) *T { return &v }

var path = "/mutate"

func rules() []admissionregistrationv1.RuleWithOperations {
	return []admissionregistrationv1.RuleWithOperations{{
		Operations: []admissionregistrationv1.OperationType{admissionregistrationv1.Create},
		Rule:       admissionregistrationv1.Rule{APIGroups: []string{"apps"}, APIVersions: []string{"v1"}, Resources: []string{"deployments"}},
	}}
}

func clientConfig() admissionregistrationv1.WebhookClientConfig {
	return admissionregistrationv1.WebhookClientConfig{Service: &admissionregistrationv1.ServiceReference{Name: "svc", Namespace: "ns", Path: &path}}
}

func mutating() *admissionregistrationv1.MutatingWebhookConfiguration {
	return &admissionregistrationv1.MutatingWebhookConfiguration{
		ObjectMeta: metav1.ObjectMeta{Name: "inject"},
		Webhooks: []admissionregistrationv1.MutatingWebhook{{ // want `this MutatingWebhook has no SideEffects, so the API server rejects its MutatingWebhookConfiguration \(sideEffects: Required value: must specify one of None, NoneOnDryRun\); set SideEffects to None`
			Name:                    "inject.example.com",
			ClientConfig:            clientConfig(),
			Rules:                   rules(),
			AdmissionReviewVersions: []string{"v1"},
		}},
	}
}

func validating() []admissionregistrationv1.ValidatingWebhook {
	some := admissionregistrationv1.SideEffectClassSome
	return []admissionregistrationv1.ValidatingWebhook{
		{
			Name:                    "some.example.com",
			ClientConfig:            clientConfig(),
			Rules:                   rules(),
			SideEffects:             &some, // want `SideEffects Some is rejected by the v1 admissionregistration API \(sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"\), so the ValidatingWebhookConfiguration cannot be created`
			AdmissionReviewVersions: []string{"v1"},
		},
		{
			Name:                    "unknown.example.com",
			ClientConfig:            clientConfig(),
			Rules:                   rules(),
			SideEffects:             ptrTo(admissionregistrationv1.SideEffectClassUnknown), // want `SideEffects Unknown is rejected`
			AdmissionReviewVersions: []string{"v1"},
			TimeoutSeconds:          ptrTo(int32(45)), // want `TimeoutSeconds 45 is outside 1-30 seconds, so the API server rejects the ValidatingWebhookConfiguration \(timeoutSeconds: Invalid value: 45: the timeout value must be between 1 and 30 seconds\); use at most 30`
		},
		{ // want `this webhook has no AdmissionReviewVersions, so the API server rejects its ValidatingWebhookConfiguration \(admissionReviewVersions: Required value: must specify one of v1, v1beta1\); list v1`
			Name:         "noreview.example.com",
			ClientConfig: clientConfig(),
			Rules:        rules(),
			SideEffects:  ptrTo(admissionregistrationv1.SideEffectClassNone),
		},
		{
			Name:                    "v2.example.com",
			ClientConfig:            clientConfig(),
			Rules:                   rules(),
			SideEffects:             ptrTo(admissionregistrationv1.SideEffectClassNone),
			AdmissionReviewVersions: []string{"v2"}, // want `AdmissionReviewVersions names no review version the API server speaks, so the API server rejects its ValidatingWebhookConfiguration \(admissionReviewVersions: Invalid value: \[\]string\{"v2"\}: must include at least one of v1, v1beta1\)`
		},
		// Good.
		{
			Name:                    "good.example.com",
			ClientConfig:            clientConfig(),
			Rules:                   rules(),
			SideEffects:             ptrTo(admissionregistrationv1.SideEffectClassNoneOnDryRun),
			AdmissionReviewVersions: []string{"v1", "v1beta1"},
			TimeoutSeconds:          ptrTo(int32(30)),
		},
	}
}

// Near misses.

// A partial webhook that only carries a CA bundle for a patch is no
// configuration.
func caPatch(ca []byte) admissionregistrationv1.MutatingWebhook {
	return admissionregistrationv1.MutatingWebhook{Name: "inject.example.com", ClientConfig: admissionregistrationv1.WebhookClientConfig{CABundle: ca}}
}

// SideEffects and AdmissionReviewVersions are set after the literal.
func later() admissionregistrationv1.MutatingWebhook {
	wh := admissionregistrationv1.MutatingWebhook{Name: "later.example.com", ClientConfig: clientConfig(), Rules: rules()}
	none := admissionregistrationv1.SideEffectClassNone
	wh.SideEffects = &none
	wh.AdmissionReviewVersions = []string{"v1"}
	return wh
}

// The ClientConfig is set after the literal: a configuration.
func clientLater() admissionregistrationv1.MutatingWebhook {
	wh := admissionregistrationv1.MutatingWebhook{Name: "clientlater.example.com", Rules: rules(), AdmissionReviewVersions: []string{"v1"}} // want `this MutatingWebhook has no SideEffects`
	wh.ClientConfig = clientConfig()
	return wh
}

// The class comes from the caller: unknown.
func fromCaller(se *admissionregistrationv1.SideEffectClass) admissionregistrationv1.ValidatingWebhook {
	return admissionregistrationv1.ValidatingWebhook{Name: "caller.example.com", ClientConfig: clientConfig(), Rules: rules(), SideEffects: se, AdmissionReviewVersions: []string{"v1"}}
}

// A variable assigned twice: unknown.
func twice(dry bool) admissionregistrationv1.ValidatingWebhook {
	se := admissionregistrationv1.SideEffectClassSome
	if dry {
		se = admissionregistrationv1.SideEffectClassNoneOnDryRun
	}
	return admissionregistrationv1.ValidatingWebhook{Name: "twice.example.com", ClientConfig: clientConfig(), Rules: rules(), SideEffects: &se, AdmissionReviewVersions: []string{"v1"}}
}

func conversion(ca []byte) *apiextensionsv1.CustomResourceConversion {
	url := "https://conv.example.com/convert"
	return &apiextensionsv1.CustomResourceConversion{
		Strategy: apiextensionsv1.WebhookConverter,
		Webhook: &apiextensionsv1.WebhookConversion{ // want `this webhook has no ConversionReviewVersions, so the API server rejects the CustomResourceDefinition \(spec.conversion.conversionReviewVersions: Required value\); list v1`
			ClientConfig: &apiextensionsv1.WebhookClientConfig{URL: &url, CABundle: ca},
		},
	}
}

func conversionV2(ca []byte) *apiextensionsv1.WebhookConversion {
	return &apiextensionsv1.WebhookConversion{
		ClientConfig:             &apiextensionsv1.WebhookClientConfig{CABundle: ca},
		ConversionReviewVersions: []string{"v2"}, // want `ConversionReviewVersions names no review version the API server speaks, so the API server rejects the CustomResourceDefinition \(spec.conversion.conversionReviewVersions: Invalid value: \[\]string\{"v2"\}: must include at least one of v1, v1beta1\)`
	}
}

// Good, and an empty conversion filled in later (cert-manager's CA
// injector).
func conversionGood(ca []byte) (*apiextensionsv1.WebhookConversion, *apiextensionsv1.WebhookConversion) {
	return &apiextensionsv1.WebhookConversion{
		ClientConfig:             &apiextensionsv1.WebhookClientConfig{CABundle: ca},
		ConversionReviewVersions: []string{"v1", "v1beta1"},
	}, &apiextensionsv1.WebhookConversion{}
}

// hook names the webhook type through an alias: still judged.
type hook = admissionregistrationv1.MutatingWebhook

func aliased() hook {
	return hook{ // want `this MutatingWebhook has no SideEffects`
		Name:                    "alias.example.com",
		ClientConfig:            clientConfig(),
		Rules:                   rules(),
		AdmissionReviewVersions: []string{"v1"},
	}
}
