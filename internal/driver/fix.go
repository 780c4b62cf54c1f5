package driver

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"io"
	"os"
	"slices"
	"strings"
)

// FixResult says what ApplyFixes did.
type FixResult struct {
	// Fixed marks the findings (by index) whose first fix was applied.
	Fixed map[int]bool
	// Conflicts counts fixes left out because they overlap an applied one:
	// running again applies them.
	Conflicts int
	// Files lists the files changed (or that -diff would change), sorted.
	Files []string
}

// ApplyFixes applies the first suggested fix of each finding, as the x/tools
// drivers do, to any file the fix edits (Go files and go.mod alike). A
// fix that overlaps one already taken is left for the next run; identical
// fixes, as a file analysed in a package and its test variant gets, are
// applied once. Go files are gofmt-ed after editing when they parse.
//
// With diff set, nothing is written: the unified diff of each file goes
// to diffOut instead.
func ApplyFixes(findings []Finding, diff bool, diffOut io.Writer) (*FixResult, error) {
	res := &FixResult{Fixed: map[int]bool{}}
	edits := map[string][]Edit{} // accepted, by file
	for i, f := range findings {
		if len(f.Fixes) == 0 {
			continue
		}
		switch accept(edits, f.Fixes[0].Edits) {
		case accepted, duplicate:
			res.Fixed[i] = true
		case conflict:
			res.Conflicts++
		}
	}
	names := make([]string, 0, len(edits))
	for name := range edits {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		before, err := os.ReadFile(name)
		if err != nil {
			return res, err
		}
		after, err := applyEdits(name, before, edits[name])
		if err != nil {
			return res, err
		}
		if bytes.Equal(before, after) {
			continue
		}
		res.Files = append(res.Files, name)
		if diff {
			Unified(diffOut, RelPath(name), string(before), string(after))
			continue
		}
		if err := writeFile(name, after); err != nil {
			return res, err
		}
	}
	return res, nil
}

type verdict int

const (
	accepted verdict = iota
	duplicate
	conflict
)

// accept adds the edits of one fix to the accepted edits when none of them
// overlaps an accepted edit other than an identical one.
func accept(byFile map[string][]Edit, fix []Edit) verdict {
	fresh := 0
	for _, e := range fix {
		for _, o := range byFile[e.Start.Filename] {
			if sameEdit(e, o) {
				continue
			}
			if overlap(e, o) {
				return conflict
			}
		}
		if !slices.ContainsFunc(byFile[e.Start.Filename], func(o Edit) bool { return sameEdit(e, o) }) {
			fresh++
		}
	}
	if fresh == 0 {
		return duplicate
	}
	for _, e := range fix {
		if !slices.ContainsFunc(byFile[e.Start.Filename], func(o Edit) bool { return sameEdit(e, o) }) {
			byFile[e.Start.Filename] = append(byFile[e.Start.Filename], e)
		}
	}
	return accepted
}

func sameEdit(a, b Edit) bool {
	return a.Start.Offset == b.Start.Offset && a.End.Offset == b.End.Offset && a.New == b.New
}

// overlap tells whether two edits of one file touch the same bytes, or
// insert at the same place (their order would be a guess).
func overlap(a, b Edit) bool {
	if a.Start.Offset == a.End.Offset && b.Start.Offset == b.End.Offset {
		return a.Start.Offset == b.Start.Offset
	}
	return a.Start.Offset < b.End.Offset && b.Start.Offset < a.End.Offset
}

// applyEdits applies non-overlapping edits to src, and formats Go source.
func applyEdits(name string, src []byte, edits []Edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortFunc(edits, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.Start.Offset, b.Start.Offset), cmp.Compare(a.End.Offset, b.End.Offset))
	})
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.Start.Offset < last || e.End.Offset > len(src) || (e.Size >= 0 && e.Size != len(src)) {
			return nil, fmt.Errorf("%s changed since it was analysed; run opvet again", RelPath(name))
		}
		out.Write(src[last:e.Start.Offset])
		out.WriteString(e.New)
		last = e.End.Offset
	}
	out.Write(src[last:])
	if !strings.HasSuffix(name, ".go") {
		return out.Bytes(), nil
	}
	if formatted, err := format.Source(out.Bytes()); err == nil {
		return formatted, nil
	}
	return out.Bytes(), nil
}

// writeFile replaces the content of an existing file, keeping its mode.
func writeFile(name string, data []byte) error {
	info, err := os.Stat(name)
	if err != nil {
		return err
	}
	return os.WriteFile(name, data, info.Mode().Perm())
}
