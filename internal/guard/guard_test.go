package guard

import (
	"errors"
	"strings"
	"testing"
)

func TestRunPassesErrors(t *testing.T) {
	want := errors.New("plain")
	if err := Run("x", "p", func() error { return want }); !errors.Is(err, want) {
		t.Errorf("Run returned %v, want %v", err, want)
	}
}

func TestRunRecoversPanics(t *testing.T) {
	err := Run("check", "example.com/p", func() error {
		var m map[string]int
		m["a"] = 1 //nolint:staticcheck // SA5000 is the point: it panics, and Run must recover
		return nil
	})
	if err == nil {
		t.Fatal("Run returned nil for a panic")
	}
	msg := err.Error()
	for _, s := range []string{"check: internal error on package example.com/p", "nil map", "guard_test.go"} {
		if !strings.Contains(msg, s) {
			t.Errorf("error %q does not contain %q", msg, s)
		}
	}
}
