package objflow

import (
	"math/rand"
	"testing"
)

// TestPMap compares the persistent map with Go maps under random sets and
// merges, and checks that old versions never change.
func TestPMap(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	sum := func(x, y int) int {
		if x == y {
			return x
		}
		return x | y
	}
	for round := 0; round < 200; round++ {
		var a, b *pnode[int]
		ma, mb := map[int32]int{}, map[int32]int{}
		for i := 0; i < rng.Intn(60); i++ {
			k, v := int32(rng.Intn(100)), 1<<rng.Intn(8)
			a, ma[k] = pset(a, k, v), v
		}
		before := map[int32]int{}
		peach(a, func(k int32, v int) { before[k] = v })
		for i := 0; i < rng.Intn(60); i++ {
			k, v := int32(rng.Intn(100)), 1<<rng.Intn(8)
			b, mb[k] = pset(b, k, v), v
		}
		m := pmerge(a, b, sum, func(x, y int) bool { return x == y })
		want := map[int32]int{}
		for k, v := range ma {
			want[k] = v
		}
		for k, v := range mb {
			if old, ok := want[k]; ok {
				want[k] = sum(old, v)
			} else {
				want[k] = v
			}
		}
		got := map[int32]int{}
		last := int32(-1)
		peach(m, func(k int32, v int) {
			if k <= last {
				t.Fatalf("keys out of order: %d after %d", k, last)
			}
			last = k
			got[k] = v
		})
		if len(got) != len(want) {
			t.Fatalf("round %d: %d keys, want %d", round, len(got), len(want))
		}
		for k, v := range want {
			if g, ok := pget(m, k); !ok || g != v || got[k] != v {
				t.Fatalf("round %d: key %d = %d, want %d", round, k, g, v)
			}
		}
		after := map[int32]int{}
		peach(a, func(k int32, v int) { after[k] = v })
		for k, v := range before {
			if after[k] != v {
				t.Fatal("merge changed an operand")
			}
		}
		if !pequal(m, pmerge(m, a, sum, func(x, y int) bool { return x == y }), func(x, y int) bool { return x == y }) {
			t.Fatal("merge with a subset changed the map")
		}
	}
}
