// Package retry is a stub of client-go's util/retry.
package retry

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

var DefaultRetry = wait.Backoff{Steps: 5, Duration: 10 * time.Millisecond, Factor: 1.0, Jitter: 0.1}

var DefaultBackoff = wait.Backoff{Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1}

func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error { return fn() }

func RetryOnConflict(backoff wait.Backoff, fn func() error) error { return fn() }
