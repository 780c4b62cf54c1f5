package apilifecycle

import "testing"

func TestLookup(t *testing.T) {
	k, ok := Lookup("k8s.io/api/batch/v1beta1", "CronJobList")
	if !ok || k.Kind != "CronJob" || k.Removed != 25 || k.Replacement.GroupVersion() != "batch/v1" {
		t.Errorf("Lookup(batch/v1beta1 CronJobList) = %+v, %v", k, ok)
	}
	if _, ok := Lookup("k8s.io/api/batch/v1", "CronJob"); ok {
		t.Error("batch/v1 CronJob has a row")
	}
	if k, ok := LookupGVK("apiextensions.k8s.io", "v1beta1", "CustomResourceDefinition"); !ok || k.Removed != 22 || k.SameShape {
		t.Errorf("LookupGVK(CRD v1beta1) = %+v, %v", k, ok)
	}
	if len(OfGroupVersion("policy", "v1beta1")) < 2 || len(OfPackage("policy/v1beta1")) != len(OfGroupVersion("policy", "v1beta1")) {
		t.Errorf("policy/v1beta1: %v / %v", OfGroupVersion("policy", "v1beta1"), OfPackage("policy/v1beta1"))
	}
}

func TestServed(t *testing.T) {
	k, _ := LookupGVK("batch", "v1beta1", "CronJob")
	for target, want := range map[int][2]bool{20: {false, false}, 21: {false, true}, 24: {false, true}, 25: {true, false}, 31: {true, false}} {
		if r, d := k.Served(target); r != want[0] || d != want[1] {
			t.Errorf("CronJob v1beta1 on 1.%d: removed %v deprecated %v, want %v", target, r, d, want)
		}
	}
	// A removal announced past the table's newest release is not yet a
	// removal.
	future := Kind{Deprecated: NewestMinor, Removed: NewestMinor + 3}
	if r, d := future.Served(NewestMinor + 5); r || !d {
		t.Errorf("future removal: removed %v deprecated %v", r, d)
	}
}

func TestResource(t *testing.T) {
	for kind, want := range map[string]string{
		"CronJob": "cronjobs", "PodDisruptionBudget": "poddisruptionbudgets", "Ingress": "ingresses",
		"NetworkPolicy": "networkpolicies", "Endpoints": "endpoints", "HorizontalPodAutoscaler": "horizontalpodautoscalers",
		"FlowSchema": "flowschemas", "Gateway": "gateways",
	} {
		if got := Resource(kind); got != want {
			t.Errorf("Resource(%s) = %s, want %s", kind, got, want)
		}
	}
	for kind, want := range map[string]string{"CronJob": "CronJobs", "NetworkPolicy": "NetworkPolicies", "Ingress": "Ingresses", "Endpoints": "Endpoints"} {
		if got := Plural(kind); got != want {
			t.Errorf("Plural(%s) = %s, want %s", kind, got, want)
		}
	}
}
