package driver

import (
	"fmt"
	"io"
	"strings"
)

// Unified writes the unified diff (3 lines of context) that turns before
// into after, with headers naming name, to w. Equal texts write nothing.
func Unified(w io.Writer, name, before, after string) {
	a, b := splitLines(before), splitLines(after)
	ops := diffLines(a, b)
	if len(ops) == 0 {
		return
	}
	fmt.Fprintf(w, "--- %s (old)\n+++ %s (new)\n", name, name)
	for _, h := range hunks(ops, len(a), len(b), 3) {
		writeHunk(w, h, a, b)
	}
}

// splitLines splits s after each newline; a last line without one is kept.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// op is a run of lines: a[i1:i2] replaced by b[j1:j2] (one of them may be
// empty).
type op struct{ i1, i2, j1, j2 int }

// diffLines returns the changes between a and b, in order, by Myers'
// O(ND) algorithm on lines.
func diffLines(a, b []string) []op {
	n, m := len(a), len(b)
	max := n + m
	v := make([]int, 2*max+2)
	var trace [][]int
	found := false
	for d := 0; d <= max && !found; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[max+k-1] < v[max+k+1]) {
				x = v[max+k+1]
			} else {
				x = v[max+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[max+k] = x
			if x >= n && y >= m {
				found = true
				break
			}
		}
	}
	// Walk back through the trace, collecting the matched lines.
	type pair struct{ x, y int }
	var matches []pair
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		vd := trace[d]
		k := x - y
		var prevK int
		if k == -d || (k != d && vd[max+k-1] < vd[max+k+1]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := vd[max+prevK]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			matches = append(matches, pair{x, y})
		}
		x, y = prevX, prevY
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		matches = append(matches, pair{x, y})
	}
	// matches is in reverse order; turn the gaps between them into ops.
	var ops []op
	i, j := 0, 0
	for k := len(matches) - 1; k >= -1; k-- {
		mx, my := n, m
		if k >= 0 {
			mx, my = matches[k].x, matches[k].y
		}
		if mx > i || my > j {
			ops = append(ops, op{i, mx, j, my})
		}
		i, j = mx+1, my+1
	}
	return ops
}

// hunk is a range of both texts holding changes and their context.
type hunk struct {
	i1, i2, j1, j2 int
	ops            []op
}

func hunks(ops []op, n, m, context int) []hunk {
	var out []hunk
	for _, o := range ops {
		i1, j1 := max(o.i1-context, 0), max(o.j1-context, 0)
		if len(out) > 0 {
			last := &out[len(out)-1]
			if i1 <= last.i2 {
				last.i2, last.j2 = min(o.i2+context, n), min(o.j2+context, m)
				last.ops = append(last.ops, o)
				continue
			}
		}
		out = append(out, hunk{i1: i1, j1: j1, i2: min(o.i2+context, n), j2: min(o.j2+context, m), ops: []op{o}})
	}
	return out
}

func writeHunk(w io.Writer, h hunk, a, b []string) {
	fmt.Fprintf(w, "@@ -%s +%s @@\n", span(h.i1, h.i2), span(h.j1, h.j2))
	i := h.i1
	for _, o := range h.ops {
		for ; i < o.i1; i++ {
			writeLine(w, " ", a[i])
		}
		for _, l := range a[o.i1:o.i2] {
			writeLine(w, "-", l)
		}
		for _, l := range b[o.j1:o.j2] {
			writeLine(w, "+", l)
		}
		i = o.i2
	}
	for ; i < h.i2; i++ {
		writeLine(w, " ", a[i])
	}
}

func span(start, end int) string {
	if end-start == 1 {
		return fmt.Sprint(start + 1)
	}
	if end == start {
		return fmt.Sprintf("%d,0", start)
	}
	return fmt.Sprintf("%d,%d", start+1, end-start)
}

func writeLine(w io.Writer, prefix, line string) {
	fmt.Fprint(w, prefix, line)
	if !strings.HasSuffix(line, "\n") {
		fmt.Fprint(w, "\n\\ No newline at end of file\n")
	}
}
