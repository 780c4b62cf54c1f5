// Package template keeps webhook templates without a ClientConfig, which
// another package completes before it creates the configuration, or never
// creates (volcano's admission services, whose webhook manager only
// compares them with the configuration its Helm chart installs): not
// configurations, so their missing SideEffects and AdmissionReviewVersions
// are not reported.
package template

import admissionregistrationv1 "k8s.io/api/admissionregistration/v1"

// AdmissionService is a webhook path with its configuration template.
type AdmissionService struct {
	Path             string
	ValidatingConfig *admissionregistrationv1.ValidatingWebhookConfiguration
}

var service = &AdmissionService{
	Path: "/jobs/validate",
	ValidatingConfig: &admissionregistrationv1.ValidatingWebhookConfiguration{
		Webhooks: []admissionregistrationv1.ValidatingWebhook{{
			Name: "validatejob.example.com",
			Rules: []admissionregistrationv1.RuleWithOperations{{
				Operations: []admissionregistrationv1.OperationType{admissionregistrationv1.Create},
			}},
		}},
	},
}

// Services lists the package's admission services.
func Services() []*AdmissionService { return []*AdmissionService{service} }
