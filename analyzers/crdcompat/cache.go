package crdcompat

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// cacheFormat changes whenever what the cache holds changes meaning, so
// that an older opvet's entries are not read.
const cacheFormat = "7"

// Waiting for another process (or goroutine) that builds an entry.
const (
	lockPoll  = 20 * time.Millisecond
	lockStale = time.Minute
)

// cache is a directory of JSON entries under the user's cache directory
// (os.UserCacheDir()/opvet/crdcompat), shared by every package and every
// process of a run and by later runs. Entries are written once, to a
// temporary file renamed into place, and never change: an entry's key
// names everything it depends on. dir is "" when there is no usable
// cache directory; every lookup then builds its value.
type cache struct{ dir string }

// userCache returns the cache under os.UserCacheDir, or one that keeps
// nothing when there is none.
func userCache() cache {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		return cache{}
	}
	dir := filepath.Join(d, "opvet", "crdcompat")
	if os.MkdirAll(dir, 0o755) != nil {
		return cache{}
	}
	return cache{dir: dir}
}

// key hashes the parts of a key into a file name.
func key(parts ...string) string {
	h := sha256.New()
	h.Write([]byte(cacheFormat))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// builder makes a cache entry and, beside it, extra entries by name,
// which are written first: once the entry exists, so do they.
type builder func() (entry any, extra map[string]any, err error)

// read decodes the entry name into v; false when it is absent.
func (c cache) read(name string, v any) bool {
	if c.dir == "" {
		return false
	}
	data, err := os.ReadFile(filepath.Join(c.dir, name+".json"))
	return err == nil && json.Unmarshal(data, v) == nil
}

// get decodes the entry name into v, building it with build when it is
// absent. One builder at a time: others wait for its entry (a lock file
// beside it, taken over when older than lockStale). Errors of build are
// returned and not stored.
func (c cache) get(name string, v any, build builder) error {
	if c.dir == "" {
		return buildInto(v, build)
	}
	file := filepath.Join(c.dir, name+".json")
	lock := file + ".lock"
	for {
		if c.read(name, v) {
			return nil
		}
		f, err := os.OpenFile(lock, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			_, _ = f.WriteString(strconv.Itoa(os.Getpid()))
			_ = f.Close()
			defer func() { _ = os.Remove(lock) }()
			return c.fill(file, v, build)
		}
		if !errors.Is(err, os.ErrExist) {
			return buildInto(v, build) // no writable cache: build alone
		}
		if abandoned(lock) {
			_ = os.Remove(lock)
			continue
		}
		time.Sleep(lockPoll)
	}
}

// fill builds the entry, writes its extras and it, and decodes it into v.
func (c cache) fill(file string, v any, build builder) error {
	val, extra, err := build()
	if err != nil {
		return err
	}
	for name, x := range extra {
		if data, err := json.Marshal(x); err == nil {
			writeFile(filepath.Join(c.dir, name+".json"), data)
		}
	}
	data, err := json.Marshal(val)
	if err != nil {
		return err
	}
	writeFile(file, data)
	return json.Unmarshal(data, v)
}

// abandoned reports whether a lock is left by a process that is gone (an
// interrupted run) or is older than lockStale.
func abandoned(lock string) bool {
	fi, err := os.Stat(lock)
	if err != nil {
		return false // released meanwhile: the loop reads the entry
	}
	if time.Since(fi.ModTime()) > lockStale {
		return true
	}
	data, err := os.ReadFile(lock)
	if err != nil {
		return false
	}
	pid, err := strconv.Atoi(string(data))
	if err != nil || pid == os.Getpid() {
		return false // being written, or held by this process
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return true
	}
	return errors.Is(p.Signal(syscall.Signal(0)), os.ErrProcessDone)
}

// writeFile writes data to a temporary file renamed to file, so that
// readers see all of it or nothing.
func writeFile(file string, data []byte) {
	tmp := file + ".tmp" + strconv.Itoa(os.Getpid()) + strconv.FormatInt(time.Now().UnixNano(), 36)
	if os.WriteFile(tmp, data, 0o644) == nil {
		if os.Rename(tmp, file) != nil {
			_ = os.Remove(tmp)
		}
	}
}

// buildInto builds a value and copies it into v through JSON, as a cached
// one would be.
func buildInto(v any, build builder) error {
	val, _, err := build()
	if err != nil {
		return err
	}
	data, err := json.Marshal(val)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, v)
}
