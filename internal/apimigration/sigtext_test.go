package apimigration

import "testing"

func TestCutTop(t *testing.T) {
	for _, c := range []struct {
		s, sep, before, after string
		found                 bool
	}{
		{"a, b", ",", "a", " b", true},
		{"func(a, b) error, c", ",", "func(a, b) error", " c", true},
		{"map[K]func(x, y), z", ",", "map[K]func(x, y)", " z", true},
		{"Set[T, U]", ",", "Set[T, U]", "", false},
		{"func(a to b) to X", " to ", "func(a to b)", "X", true},
		{"X", " to ", "X", "", false},
	} {
		before, after, found := CutTop(c.s, c.sep)
		if before != c.before || after != c.after || found != c.found {
			t.Errorf("CutTop(%q, %q) = %q, %q, %v; want %q, %q, %v", c.s, c.sep, before, after, found, c.before, c.after, c.found)
		}
	}
}
