package values

import admissionregistrationv1 "k8s.io/api/admissionregistration/v1"

// Tests build invalid configurations on purpose: quiet.
var invalid = admissionregistrationv1.ValidatingWebhook{Name: "t.example.com", ClientConfig: clientConfig(), Rules: rules()}
