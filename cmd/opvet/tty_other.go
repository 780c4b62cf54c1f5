//go:build !linux && !darwin && !dragonfly && !freebsd && !netbsd && !openbsd

package main

import "os"

// isTerminal reports false: opvet shows no status line on this system.
func isTerminal(*os.File) bool { return false }
