package markers

// controller-gen reads no test file.
// +kubebuilder:webhook:path=/mutate-test,mutating=true,failurePolicy=fail,sideEffects=Some,groups=x,resources=y,verbs=create,versions=v1,name=t.kb.io
