package objflow

// pmap is a persistent map from small non-negative int32 keys to values
// of type V: a big-endian Patricia trie (Okasaki and Gill, "Fast
// Mergeable Integer Maps"). Updates copy only the path to the key, so the
// states of every program point share structure, and merging two maps
// that share a subtree costs nothing for it: the analysis stays linear in
// the function's size where it would be quadratic with plain maps.
//
// A nil *pnode is the empty map. Maps are never mutated after creation.
type pnode[V any] struct {
	// leaf
	key   int32
	value V
	// branch: prefix and the branching bit; leaf when left == nil
	prefix, bit int32
	left, right *pnode[V]
}

func (n *pnode[V]) isLeaf() bool { return n.left == nil }

func pget[V any](n *pnode[V], key int32) (V, bool) {
	for n != nil {
		if n.isLeaf() {
			if n.key == key {
				return n.value, true
			}
			break
		}
		if !matchPrefix(key, n.prefix, n.bit) {
			break
		}
		if key&n.bit == 0 {
			n = n.left
		} else {
			n = n.right
		}
	}
	var zero V
	return zero, false
}

// pset returns n with key bound to value.
func pset[V any](n *pnode[V], key int32, value V) *pnode[V] {
	return pinsert(n, key, value, func(_, new V) V { return new })
}

// pinsert binds key to value, or to combine(old, value) when bound.
func pinsert[V any](n *pnode[V], key int32, value V, combine func(old, new V) V) *pnode[V] {
	if n == nil {
		return &pnode[V]{key: key, value: value}
	}
	if n.isLeaf() {
		if n.key == key {
			return &pnode[V]{key: key, value: combine(n.value, value)}
		}
		return join(key, &pnode[V]{key: key, value: value}, n.key, n)
	}
	if !matchPrefix(key, n.prefix, n.bit) {
		return join(key, &pnode[V]{key: key, value: value}, n.prefix, n)
	}
	if key&n.bit == 0 {
		return &pnode[V]{prefix: n.prefix, bit: n.bit, left: pinsert(n.left, key, value, combine), right: n.right}
	}
	return &pnode[V]{prefix: n.prefix, bit: n.bit, left: n.left, right: pinsert(n.right, key, value, combine)}
}

// pmerge returns the union of a and b, combining the values of keys
// bound in both. Shared subtrees are returned as they are, so combine
// must return its argument when both are the same value; when a already
// holds everything b does, a itself is returned (same is the values'
// identity).
func pmerge[V any](a, b *pnode[V], combine func(x, y V) V, same func(x, y V) bool) *pnode[V] {
	switch {
	case a == b || b == nil:
		return a
	case a == nil:
		return b
	case a.isLeaf() && b.isLeaf() && a.key == b.key:
		v := combine(a.value, b.value)
		switch {
		case same(v, a.value):
			return a
		case same(v, b.value):
			return b
		}
		return &pnode[V]{key: a.key, value: v}
	case a.isLeaf():
		if old, ok := pget(b, a.key); ok && same(combine(a.value, old), old) {
			return b
		}
		return pinsert(b, a.key, a.value, func(old, new V) V { return combine(new, old) })
	case b.isLeaf():
		if old, ok := pget(a, b.key); ok && same(combine(old, b.value), old) {
			return a
		}
		return pinsert(a, b.key, b.value, combine)
	}
	switch {
	case a.bit == b.bit && a.prefix == b.prefix:
		l, r := pmerge(a.left, b.left, combine, same), pmerge(a.right, b.right, combine, same)
		switch {
		case l == a.left && r == a.right:
			return a
		case l == b.left && r == b.right:
			return b
		}
		return &pnode[V]{prefix: a.prefix, bit: a.bit, left: l, right: r}
	case a.bit > b.bit && matchPrefix(b.prefix, a.prefix, a.bit):
		if b.prefix&a.bit == 0 {
			return &pnode[V]{prefix: a.prefix, bit: a.bit, left: pmerge(a.left, b, combine, same), right: a.right}
		}
		return &pnode[V]{prefix: a.prefix, bit: a.bit, left: a.left, right: pmerge(a.right, b, combine, same)}
	case b.bit > a.bit && matchPrefix(a.prefix, b.prefix, b.bit):
		if a.prefix&b.bit == 0 {
			return &pnode[V]{prefix: b.prefix, bit: b.bit, left: pmerge(a, b.left, combine, same), right: b.right}
		}
		return &pnode[V]{prefix: b.prefix, bit: b.bit, left: b.left, right: pmerge(a, b.right, combine, same)}
	}
	return join(a.prefix, a, b.prefix, b)
}

// pequal reports whether a and b bind the same keys to equal values.
func pequal[V any](a, b *pnode[V], eq func(x, y V) bool) bool {
	switch {
	case a == b:
		return true
	case a == nil || b == nil:
		return false
	case a.isLeaf() != b.isLeaf():
		return false
	case a.isLeaf():
		return a.key == b.key && eq(a.value, b.value)
	}
	return a.prefix == b.prefix && a.bit == b.bit && pequal(a.left, b.left, eq) && pequal(a.right, b.right, eq)
}

// peach calls f for every binding, in key order.
func peach[V any](n *pnode[V], f func(key int32, value V)) {
	if n == nil {
		return
	}
	if n.isLeaf() {
		f(n.key, n.value)
		return
	}
	peach(n.left, f)
	peach(n.right, f)
}

// join makes the branch over two trees with different prefixes p1, p2.
func join[V any](p1 int32, t1 *pnode[V], p2 int32, t2 *pnode[V]) *pnode[V] {
	bit := highestBit(p1 ^ p2)
	prefix := p1 & ^(bit | (bit - 1))
	if p1&bit == 0 {
		return &pnode[V]{prefix: prefix, bit: bit, left: t1, right: t2}
	}
	return &pnode[V]{prefix: prefix, bit: bit, left: t2, right: t1}
}

func matchPrefix(key, prefix, bit int32) bool {
	return key & ^(bit|(bit-1)) == prefix
}

func highestBit(x int32) int32 {
	x |= x >> 1
	x |= x >> 2
	x |= x >> 4
	x |= x >> 8
	x |= x >> 16
	return x ^ (x >> 1)
}
