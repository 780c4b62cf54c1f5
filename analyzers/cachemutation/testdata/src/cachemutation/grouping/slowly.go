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

// DeepCopier is a type that copies itself.
type DeepCopier[T any] interface {
	DeepCopy() T
}

// UpdateCopy changes a deep copy of obj with build and returns it
// (kyverno's controllerutils.Update, which then sends the copy): its
// constraint lets it make values of T of its own.
func UpdateCopy[T DeepCopier[T]](obj T, build func(T) error) (T, error) {
	mutated := obj.DeepCopy()
	return mutated, build(mutated)
}

// Apply calls build with obj itself.
func Apply[T any](obj T, build func(T) error) error {
	return build(obj)
}
