package crdcompat

import "testing"

func TestImplies(t *testing.T) {
	for _, tc := range []struct {
		old, r string
		want   bool
	}{
		{"has(self.a)", "has(self.a) || has(self.b)", true},
		{"has(self.a)", "has(self.b) || (has(self.a))", true},
		{"has(self.a) && has(self.b)", "has(self.b)", true},
		{"a && b && c", "c && a", true},
		{"a && b", "a || c", true},
		{"self.size()<10", "self.size() < 10", true},
		{"self == 'a || b'", "self == 'a || b'", true},
		{"has(self.a)", "has(self.a) && has(self.b)", false},
		{"a || b", "a", false},
		{"self == 'a || b'", "self == 'a ||b'", false},
		{"a", "a ? b : true", false},
		{"(a || b) && c", "a || b", true},
		{"(a || b) && c", "a", false},
		{"f(a, b || c)", "b || c", false},
		{`self == "x`, `self == "x`, true}, // unterminated: compared whole
		{"'''a'''", "'''a''' || b", false},
	} {
		if got := implies(tc.old, tc.r); got != tc.want {
			t.Errorf("implies(%q, %q) = %v, want %v", tc.old, tc.r, got, tc.want)
		}
	}
}
