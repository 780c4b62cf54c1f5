// Package wait stubs k8s.io/apimachinery/pkg/util/wait.
package wait

import "time"

// ConditionFunc stubs a condition.
type ConditionFunc func() (bool, error)

// PollImmediate stubs the function Kubernetes 1.27 deprecates.
func PollImmediate(interval, timeout time.Duration, condition ConditionFunc) error { return nil }
