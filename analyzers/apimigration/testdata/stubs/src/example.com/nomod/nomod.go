// Package nomod is governed by a go.mod without the k8s.io modules (the
// opvet module's own): nothing is known of its releases, nothing is
// reported.
package nomod

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// Wait polls until ready.
func Wait(ready func() bool) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) { return ready(), nil })
}
