package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// interrupts turns the first SIGINT or SIGTERM of a run into the end of
// the go command that loads the packages: go/packages interrupts, then
// kills, the go list it runs when its context is cancelled. Dying at once,
// as Go programs do by default, would leave that go list (and the
// compilers it runs for export data) working for minutes after opvet is
// gone, as happens to a run that timeout or a CI job's cancellation
// stops. Once the analysis has started no child process is left, and the
// signal ends opvet at once, with the exit code of a death by that signal.
type interrupts struct {
	ctx    context.Context
	cancel context.CancelFunc
	sig    chan os.Signal

	mu        sync.Mutex
	got       os.Signal // the signal taken, nil until then
	analysing bool      // the packages are loaded
}

// catchInterrupts starts taking SIGINT and SIGTERM; stop ends it.
func catchInterrupts() *interrupts {
	in := &interrupts{sig: make(chan os.Signal, 1)}
	in.ctx, in.cancel = context.WithCancel(context.Background())
	signal.Notify(in.sig, os.Interrupt, syscall.SIGTERM)
	go in.wait()
	return in
}

func (in *interrupts) wait() {
	s, ok := <-in.sig
	if !ok {
		return
	}
	in.mu.Lock()
	if in.analysing {
		os.Exit(signalExit(s)) // no child process to stop
	}
	in.got = s
	signal.Stop(in.sig) // a second signal ends opvet at once
	in.cancel()
	in.mu.Unlock()
}

// loaded is driver.Options.Loaded: it tells whether to go on to the
// analysis, which a signal taken during the loading prevents.
func (in *interrupts) loaded() bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.analysing = in.got == nil
	return in.analysing
}

// taken returns the exit code of the signal taken, if one was.
func (in *interrupts) taken() (int, bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.got == nil {
		return 0, false
	}
	return signalExit(in.got), true
}

// stop stops taking signals.
func (in *interrupts) stop() {
	signal.Stop(in.sig)
	close(in.sig) // no send follows Stop
	in.cancel()
}

// signalExit is the exit code shells give a process a signal killed:
// 128 plus its number.
func signalExit(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return exitError
}
