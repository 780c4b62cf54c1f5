// Package schemeonly reaches the API client through a field of another
// package's struct, as viafield does, but only registers and copies the
// removed type: nothing of it reaches the server, quiet.
package schemeonly

import (
	batchv1beta1 "k8s.io/api/batch/v1beta1"
	"k8s.io/apimachinery/pkg/runtime"

	"removedapis/viafield/backup/state"
)

func register(s *runtime.Scheme) error {
	s.AddKnownTypes(batchv1beta1.SchemeGroupVersion, &batchv1beta1.CronJob{})
	return batchv1beta1.AddToScheme(s)
}

// schedules reads the schedules of old manifests in memory.
func schedules(jobs []batchv1beta1.CronJob) []string {
	var out []string
	for _, j := range jobs {
		out = append(out, j.Spec.Schedule)
	}
	return out
}

// check sends only served kinds through the shared client.
func check(st *state.Ctx, obj runtime.Object) bool {
	return st.Client != nil && obj != nil
}
