// Package markers declares its webhooks with +kubebuilder:webhook markers.
package markers

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"
)

/* want `sideEffects=Unknown is rejected by the v1 admissionregistration API \(sideEffects: Unsupported value: "Unknown": supported values: "None", "NoneOnDryRun"\) and by controller-gen since controller-tools v0.4.0` */ // +kubebuilder:webhook:path=/mutate-batch-example-com-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=Unknown,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob.kb.io,admissionReviewVersions=v1

/* want `sideEffects=Some is rejected` */ // +kubebuilder:webhook:path=/validate-batch-example-com-v1-cronjob,mutating=false,failurePolicy=fail,sideEffects=Some,groups=batch.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob.kb.io,admissionReviewVersions=v1

/* want `\+kubebuilder:webhook has no sideEffects, so the API server rejects the v1 MutatingWebhookConfiguration it generates \(sideEffects: Required value: must specify one of None, NoneOnDryRun\) and controller-gen refuses to generate it since controller-tools v0.4.0` */ // +kubebuilder:webhook:path=/mutate-batch-example-com-v1-job,mutating=true,failurePolicy=fail,groups=batch.example.com,resources=jobs,verbs=create,versions=v1,name=mjob.kb.io,admissionReviewVersions=v1

/* want `\+kubebuilder:webhook has no admissionReviewVersions, which a v1 ValidatingWebhookConfiguration requires \(admissionReviewVersions: Required value: must specify one of v1, v1beta1\), so controller-gen refuses to generate it since controller-tools v0.4.1 \(earlier releases filled it in or generated admissionregistration.k8s.io/v1beta1, which Kubernetes 1.22 no longer serves\); add admissionReviewVersions=v1` */ // +kubebuilder:webhook:path=/validate-batch-example-com-v1-job,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=jobs,verbs=create,versions=v1,name=vjob.kb.io

/* want `admissionReviewVersions=v2 names no AdmissionReview version the API server speaks, so it rejects the ValidatingWebhookConfiguration \(admissionReviewVersions: Invalid value: \[\]string\{"v2"\}: must include at least one of v1, v1beta1\)` */ // +kubebuilder:webhook:path=/validate-batch-example-com-v1-task,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=tasks,verbs=create,versions=v1,name=vtask.kb.io,admissionReviewVersions=v2

/* want `timeoutSeconds=60 is outside 1-30 seconds, so the API server rejects the ValidatingWebhookConfiguration \(timeoutSeconds: Invalid value: 60: the timeout value must be between 1 and 30 seconds\) and controller-gen refuses to generate it since controller-tools v0.13.0; use at most 30` */ // +kubebuilder:webhook:path=/validate-batch-example-com-v1-slow,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=slows,verbs=create,versions=v1,name=vslow.kb.io,admissionReviewVersions=v1,timeoutSeconds=60

/* want `webhookVersions=v1beta1 generates an admissionregistration.k8s.io/v1beta1 ValidatingWebhookConfiguration, which Kubernetes 1.22 removed \(no matches for kind "ValidatingWebhookConfiguration" in version "admissionregistration.k8s.io/v1beta1"\), and controller-gen rejects it since controller-tools v0.7.0` */ // +kubebuilder:webhook:webhookVersions=v1beta1,path=/validate-batch-example-com-v1-old,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=olds,verbs=create,versions=v1,name=vold.kb.io,admissionReviewVersions=v1

// A v1beta1 configuration needs neither sideEffects nor admissionReviewVersions: only the webhookVersions
// finding, which says what v1 will need.
/* want `webhookVersions=v1beta1 generates .*; drop webhookVersions, v1 is the default \(a v1 configuration also needs sideEffects and admissionReviewVersions\)` */ // +kubebuilder:webhook:webhookVersions=v1beta1,path=/validate-batch-example-com-v1-legacy,mutating=false,failurePolicy=fail,groups=batch.example.com,resources=legacies,verbs=create,versions=v1,name=vlegacy.kb.io

// Good: the kubebuilder scaffold, and accepted variants.

// +kubebuilder:webhook:path=/mutate-batch-example-com-v1-good,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.example.com,resources=goods,verbs=create;update,versions=v1,name=mgood.kb.io,admissionReviewVersions=v1

// +kubebuilder:webhook:path=/validate-batch-example-com-v1-good,mutating=false,failurePolicy=fail,sideEffects=NoneOnDryRun,groups=batch.example.com,resources=goods,verbs=create;update,versions=v1,name=vgood.kb.io,admissionReviewVersions=v1;v1beta1,timeoutSeconds=30

// controller-gen matches the class case-insensitively; timeoutSeconds=0
// is unset; a v1beta1 AdmissionReview is still accepted.
// +kubebuilder:webhook:path=/validate-batch-example-com-v1-lower,mutating=false,failurePolicy=fail,sideEffects=none,groups=batch.example.com,resources=lowers,verbs=create,versions=v1,name=vlower.kb.io,admissionReviewVersions={v1beta1},timeoutSeconds=0,webhookVersions=v1

type Defaulter struct{}

func (Defaulter) Default(ctx context.Context, obj runtime.Object) error { return nil }

var _ admission.CustomDefaulter = Defaulter{}
