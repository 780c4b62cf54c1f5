package markers

// A pasted tail repeats two arguments and runs one into another
// (admissionReviewVersions=v1sideEffects=none); controller-gen keeps the
// last value of a repeated argument, so the generated configuration says
// v1: not reported.
// +kubebuilder:webhook:verbs=create;update,path=/validate-example-com-v1-queue,mutating=false,failurePolicy=fail,groups=example.com,resources=queues,versions=v1,name=vqueue.kb.io,sideEffects=None,admissionReviewVersions=v1sideEffects=none,admissionReviewVersions=v1

// Queue is served by the webhook above.
type Queue struct{}
