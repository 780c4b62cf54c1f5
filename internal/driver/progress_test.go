package driver

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the status line's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls until the buffer holds want.
func waitFor(t *testing.T, buf *syncBuffer, want string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(buf.String(), want) {
			return
		}
	}
	t.Fatalf("status line never said %q; it wrote %q", want, buf.String())
}

func TestProgressLine(t *testing.T) {
	var buf syncBuffer
	p := NewProgress(&buf, 0, true)
	waitFor(t, &buf, "compiling its dependencies once")
	p.phase(phaseLoad)
	p.files.Add(7)
	waitFor(t, &buf, "type-checking: 7 files parsed")
	p.loaded(3, 2)
	p.ran.Add(4)
	waitFor(t, &buf, "3 packages loaded; analysing: 4 of 6 checks run")
	p.Stop()
	out := buf.String()
	if !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("the status line is not cleared at the end: %q", out)
	}
	if strings.Contains(out, "\n") {
		t.Errorf("the status line wrote a newline: %q", out)
	}
}

func TestProgressQuietWhenFast(t *testing.T) {
	var buf syncBuffer
	p := NewProgress(&buf, time.Hour, false)
	p.Stop()
	if buf.String() != "" {
		t.Errorf("a run shorter than the delay wrote %q", buf.String())
	}
	var nilProgress *Progress
	nilProgress.phase(phaseLoad) // no status line: every method is a no-op
	nilProgress.Stop()
}

func TestFirstRun(t *testing.T) {
	// The go command's telemetry writes under the user's config directory,
	// from $HOME, sometimes after the test's clean-up of a temporary HOME:
	// keep it where it was.
	if cfg, err := os.UserConfigDir(); err == nil {
		t.Setenv("XDG_CONFIG_HOME", cfg)
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOFLAGS", "")
	first, done := FirstRun(dir)
	if !first {
		t.Fatal("a module never loaded is not a first run")
	}
	done()
	if again, _ := FirstRun(dir); again {
		t.Error("the second run in a module is a first run")
	}
	if none, _ := FirstRun(t.TempDir()); none {
		t.Error("a directory without go.mod is a first run")
	}
}
