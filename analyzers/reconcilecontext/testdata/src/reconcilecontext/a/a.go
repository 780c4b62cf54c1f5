package a

// Bad cases carry // want with a regular expression of the message;
// near-misses beside them carry none.

func bad() {
	_ = 0 // want "reconcilecontext: TODO"
}
