package requeueerror

import (
	"strings"
	"testing"
)

// TestLoggedWarning: the message quotes what the module's
// controller-runtime logs, by release.
func TestLoggedWarning(t *testing.T) {
	for _, tc := range []struct{ version, want string }{
		{"v0.15.3", ""},
		{"v0.16.0", `"Reconciler returned both a non-zero result and a non-nil error"`},
		{"v0.22.4", `"Reconciler returned both a non-zero result and a non-nil error"`},
		{"v0.23.0", `"Warning: Reconciler returned both a result with either RequeueAfter or Requeue set and a non-nil error"`},
		{"v0.24.1-0.20260101000000-abcdefabcdef", `"Warning: Reconciler returned both a result with either RequeueAfter or Requeue set`},
		{"", "controller-runtime v0.16 and later log a warning"},
	} {
		got := loggedWarning(tc.version)
		if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
			t.Errorf("loggedWarning(%q) = %q, want it to hold %q", tc.version, got, tc.want)
		}
	}
}
