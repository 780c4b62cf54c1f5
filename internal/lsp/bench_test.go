package lsp_test

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/opvet/opvet/internal/integration"
	"github.com/opvet/opvet/internal/lsp"
)

// BenchmarkSave measures what a user waits for after saving a file: the
// analysis of its package (with its test variants) and the publication
// of its diagnostics, the build cache warm (the file is opened, and
// analysed, before the timer starts). It reports the live Go heap (after
// a collection) before and after the saves: run it with -benchtime=100x
// to see whether memory stays flat over 100 saves.
//
// The file is the demo operator's controller, or OPVET_LSP_BENCH_FILE, a
// .go file of any module whose dependencies are downloaded and built:
//
//	OPVET_LSP_BENCH_FILE=/tmp/lsp-capi/core/reconcilers/machine/machine_controller.go \
//		go test ./internal/lsp -run '^$' -bench Save -benchtime 100x
func BenchmarkSave(b *testing.B) {
	file := os.Getenv("OPVET_LSP_BENCH_FILE")
	if file == "" {
		file = filepath.Join(demoCopy(b), controller)
	}
	dir := filepath.Dir(file)
	for _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil && dir != filepath.Dir(dir); _, err = os.Stat(filepath.Join(dir, "go.mod")) {
		dir = filepath.Dir(dir)
	}
	c := startServer(b, lsp.Options{Env: append(os.Environ(), integration.GoEnv()...)})
	c.initialize(dir, nil)
	c.open(file)
	c.diagnostics(0, file)
	text := readFile(b, file)
	start := heapMB()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.forget()
		c.save(file, text)
		c.diagnostics(0, file)
	}
	b.StopTimer()
	b.ReportMetric(start, "live-heap-start-MB")
	b.ReportMetric(heapMB(), "live-heap-end-MB")
}

// heapMB is the live heap (allocated bytes after a collection), in MiB.
func heapMB() float64 {
	runtime.GC()
	runtime.GC() // what finalizers freed
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}
