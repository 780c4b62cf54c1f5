// Package waitdep uses wait.PollImmediate, deprecated in Kubernetes 1.27,
// with apimachinery v0.28 in go.mod.
package waitdep

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// Wait polls until ready.
func Wait(ready func() bool) error {
	return wait.PollImmediate(time.Second, time.Minute, func() (bool, error) { return ready(), nil })
}
