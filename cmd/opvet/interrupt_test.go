//go:build unix

package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptStopsGoList: SIGTERM while the packages load ends the go
// list that loads them (here a stand-in that records the interrupt), and
// opvet exits as a process the signal killed. Without the handler, opvet
// dies at once and its go list goes on.
func TestInterruptStopsGoList(t *testing.T) {
	bin := opvetBinary(t)
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	fake := t.TempDir()
	started, interrupted, pids := filepath.Join(fake, "started"), filepath.Join(fake, "interrupted"), filepath.Join(fake, "pids")
	script := `#!/bin/sh
if [ "$1" != list ]; then exec "$REAL_GO" "$@"; fi
trap 'echo > "$INTERRUPTED"; exit 1' INT TERM
echo $$ >> "$PIDS" && echo > "$STARTED"
while :; do sleep 0.05; done
`
	if err := os.WriteFile(filepath.Join(fake, "go"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "./...")
	cmd.Dir = fixtureDir(t, "clean")
	cmd.Env = append(os.Environ(), cliEnv()...)
	cmd.Env = append(cmd.Env, "PATH="+fake+string(os.PathListSeparator)+os.Getenv("PATH"),
		"REAL_GO="+realGo, "STARTED="+started, "INTERRUPTED="+interrupted, "PIDS="+pids)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { killStandIns(pids) })
	if !waitFor(started, time.Minute) {
		_ = cmd.Process.Kill()
		t.Fatalf("the go list stand-in never started; opvet said:\n%s", stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 128+int(syscall.SIGTERM) {
		t.Errorf("opvet ended with %v, want exit code %d; stderr:\n%s", err, 128+int(syscall.SIGTERM), stderr.String())
	}
	if !waitFor(interrupted, 10*time.Second) {
		t.Errorf("opvet ended but its go list was not interrupted")
	}
	if got := stderr.String(); !strings.Contains(got, "opvet: interrupted while loading the packages") {
		t.Errorf("stderr = %q, want it to say the loading was interrupted", got)
	}
}

// waitFor tells whether file appears within d.
func waitFor(file string, d time.Duration) bool {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if _, err := os.Stat(file); err == nil {
			return true
		}
	}
	return false
}

// killStandIns ends the stand-ins whose pids the file holds, if they
// still run (go/packages runs two go lists at once).
func killStandIns(pids string) {
	b, err := os.ReadFile(pids)
	if err != nil {
		return
	}
	for _, line := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(line); err == nil {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}
