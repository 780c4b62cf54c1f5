package crdversions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadInto: files of every size read whole into a reused buffer.
func TestReadInto(t *testing.T) {
	dir := t.TempDir()
	var buf []byte
	for _, size := range []int{0, 1, 511, 512, 4096, 100000, 3} {
		name := filepath.Join(dir, "f")
		want := strings.Repeat("x", size)
		if err := os.WriteFile(name, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readInto(buf[:0], name)
		if err != nil || string(got) != want {
			t.Fatalf("size %d: read %d bytes, err %v", size, len(got), err)
		}
		buf = got
	}
	if _, err := readInto(nil, filepath.Join(dir, "missing")); err == nil {
		t.Errorf("a missing file: no error")
	}
}
