// Package workqueue is a stub of client-go's work queues.
package workqueue

// TypedRateLimitingInterface is a rate-limited queue of items.
type TypedRateLimitingInterface[T comparable] interface {
	Add(item T)
	AddRateLimited(item T)
}

// RateLimitingInterface is the queue of controller-runtime before v0.19.
type RateLimitingInterface = TypedRateLimitingInterface[any]
