package crdcompat

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// TestGeneratorIgnored: controller-gen read +required (and
// +kubebuilder:validation:Required beside omitempty) from v0.16.0 on, so a
// base manifest written before says nothing about such a field.
func TestGeneratorIgnored(t *testing.T) {
	for _, tc := range []struct {
		generator, marker string
		want              bool
	}{
		{"v0.12.0", "required", true},
		{"0.15.0", "kubebuilder:validation:Required", true},
		{"v0.16.0", "required", false},
		{"v0.19.0", "k8s:required", false},
		{"v0.12.0", "", false},  // required by its tag: every release agrees
		{"", "required", false}, // a base read from Go source
		{"(devel)", "required", false},
	} {
		c := &comparer{generator: tc.generator}
		if got := c.generatorIgnored(tc.marker); got != tc.want {
			t.Errorf("generatorIgnored(%q) with controller-gen %q = %v, want %v", tc.marker, tc.generator, got, tc.want)
		}
	}
}

// TestAbandonedLock: a lock left by a process that is gone is taken over
// at once; one of a live process is waited for.
func TestAbandonedLock(t *testing.T) {
	dir := t.TempDir()
	lock := filepath.Join(dir, "entry.json.lock")
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip("no true command")
	}
	for _, tc := range []struct {
		content string
		want    bool
	}{
		{strconv.Itoa(cmd.Process.Pid), true}, // exited
		{strconv.Itoa(os.Getppid()), false},   // alive
		{strconv.Itoa(os.Getpid()), false},    // this process
		{"", false},                           // being written
	} {
		if err := os.WriteFile(lock, []byte(tc.content), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := abandoned(lock); got != tc.want {
			t.Errorf("abandoned(lock of %q) = %v, want %v", tc.content, got, tc.want)
		}
	}
	old := time.Now().Add(-2 * lockStale)
	if err := os.Chtimes(lock, old, old); err != nil {
		t.Fatal(err)
	}
	if !abandoned(lock) {
		t.Error("a stale lock is not abandoned")
	}
}
