package grouping

// EachSlowly calls fn for the items in batches (openkruise/agents'
// DoItSlowlyWithInputs) and returns how many succeeded.
func EachSlowly[T any](items []T, fn func(T) error) (int, error) {
	n := 0
	for _, item := range items {
		if err := fn(item); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Keep stores fn for later: a generic function whose parameters give it
// no values of T to call fn with.
func Keep[T any](fn func(T) error) {}
