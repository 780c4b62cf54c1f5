// Package each holds generic helpers of another package than the
// reconciler's, as operators keep them (lo.ForEach, batch helpers).
package each

// Do calls fn for each item.
func Do[T any](items []T, fn func(T)) {
	for _, item := range items {
		fn(item)
	}
}

// Later keeps fn: it is given no values of T to call it with.
func Later[T any](fn func(T)) {}
