package lsp

import (
	"cmp"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/opvet/opvet/internal/driver"
)

// entry is one published finding.
type entry struct {
	finding driver.Finding // its file names as the client names them
	diag    protocol.Diagnostic
	// texts are the files the finding and its fixes touch, as they were
	// read when the diagnostic was made: its ranges and its fixes' edits
	// hold for these texts only.
	texts map[string][]byte
}

// report publishes the outcome of the analysis of dirs in m: for each
// package that loaded and type-checked, the diagnostics of every file it
// has or reports in (none clears a file's); for each other package, one
// log message and nothing new.
func (s *server) report(m *module, dirs []string, res *driver.Result, err error) {
	if err != nil {
		s.log(protocol.MessageTypeError, "opvet: %s: %v", m.root, err)
		var cfg *configError
		if errors.As(err, &cfg) {
			_ = s.conn.Notify(s.ctx, protocol.MethodWindowShowMessage, &protocol.ShowMessageParams{
				Type: protocol.MessageTypeError, Message: "opvet: " + err.Error(),
			})
		}
		return
	}
	for _, e := range res.PackageErrors {
		s.log(protocol.MessageTypeWarning, "opvet: %v; its diagnostics stay as they were", e)
	}
	for _, e := range res.CheckErrors {
		s.log(protocol.MessageTypeError, "opvet: %v", e)
	}
	ok, dirOf, files := analysedDirs(m, dirs, res.Roots)
	fresh := map[string]map[string][]entry{} // file -> dir -> entries
	texts := texts{}
	for _, f := range res.Findings {
		dir := dirOf[f.Package]
		if !ok[dir] {
			continue
		}
		f = clientNames(m, f)
		e := newEntry(f, texts)
		if fresh[f.Pos.Filename] == nil {
			fresh[f.Pos.Filename] = map[string][]entry{}
		}
		fresh[f.Pos.Filename][dir] = append(fresh[f.Pos.Filename][dir], e)
	}

	s.mu.Lock()
	touched := map[string]bool{}
	for file, byDir := range m.diags {
		for dir := range byDir {
			if ok[dir] {
				delete(byDir, dir)
				touched[file] = true
			}
		}
	}
	for _, dir := range dirs {
		m.analysed[dir] = true
	}
	for _, file := range files {
		touched[file] = true
	}
	for file, byDir := range fresh {
		if m.diags[file] == nil {
			m.diags[file] = map[string][]entry{}
		}
		for dir, es := range byDir {
			m.diags[file][dir] = es
		}
		touched[file] = true
	}
	var out []protocol.PublishDiagnosticsParams
	for _, file := range slices.Sorted(maps.Keys(touched)) {
		out = append(out, protocol.PublishDiagnosticsParams{URI: uri.File(file), Diagnostics: diagnostics(m.diags[file])})
		if len(m.diags[file]) == 0 {
			delete(m.diags, file)
		}
	}
	s.mu.Unlock()
	for i := range out {
		_ = s.conn.Notify(s.ctx, protocol.MethodTextDocumentPublishDiagnostics, &out[i])
	}
}

// analysedDirs tells which of dirs hold only packages that loaded and
// type-checked, maps import paths to their directories, and lists the
// files of those packages (as the client names them).
func analysedDirs(m *module, dirs []string, roots []driver.Root) (ok map[string]bool, dirOf map[string]string, files []string) {
	ok, dirOf = map[string]bool{}, map[string]string{}
	for _, d := range dirs {
		ok[d] = true
	}
	failed := map[string]bool{}
	for _, r := range roots {
		if len(r.Files) == 0 {
			continue
		}
		dir := filepath.Dir(m.clientPath(r.Files[0]))
		dirOf[r.Path] = dir
		if !r.Analysed {
			failed[dir] = true
		}
	}
	for d := range failed {
		delete(ok, d)
	}
	seen := map[string]bool{}
	for _, r := range roots {
		for _, f := range r.Files {
			f = m.clientPath(f)
			if ok[filepath.Dir(f)] && !seen[f] && strings.HasSuffix(f, ".go") {
				seen[f] = true
				files = append(files, f)
			}
		}
	}
	// A directory that matched no package (its files all excluded by
	// build constraints) has nothing to publish.
	for d := range ok {
		if !slices.ContainsFunc(roots, func(r driver.Root) bool { return dirOf[r.Path] == d }) {
			delete(ok, d)
		}
	}
	return ok, dirOf, files
}

// clientNames renames the files of f as the client names them.
func clientNames(m *module, f driver.Finding) driver.Finding {
	f.Pos.Filename, f.End.Filename = m.clientPath(f.Pos.Filename), m.clientPath(f.End.Filename)
	f.Related = slices.Clone(f.Related)
	for i := range f.Related {
		r := &f.Related[i]
		r.Pos.Filename, r.End.Filename = m.clientPath(r.Pos.Filename), m.clientPath(r.End.Filename)
	}
	f.Fixes = slices.Clone(f.Fixes)
	for i := range f.Fixes {
		edits := slices.Clone(f.Fixes[i].Edits)
		for j := range edits {
			edits[j].Start.Filename, edits[j].End.Filename = m.clientPath(edits[j].Start.Filename), m.clientPath(edits[j].End.Filename)
		}
		f.Fixes[i].Edits = edits
	}
	return f
}

// texts reads files once per report.
type texts map[string][]byte

func (t texts) get(name string) []byte {
	if data, ok := t[name]; ok {
		return data
	}
	data, err := os.ReadFile(name)
	if err != nil {
		data = nil // positions fall back to line and column
	}
	t[name] = data
	return data
}

// newEntry makes the diagnostic of f.
func newEntry(f driver.Finding, all texts) entry {
	e := entry{finding: f, texts: map[string][]byte{}}
	text := func(name string) []byte {
		data := all.get(name)
		e.texts[name] = data
		return data
	}
	e.diag = protocol.Diagnostic{
		Range:    toRange(text(f.Pos.Filename), f.Pos, f.End),
		Severity: protocol.DiagnosticSeverityWarning,
		Code:     f.Check,
		Source:   "opvet",
		Message:  f.Message,
	}
	if f.URL != "" {
		e.diag.CodeDescription = &protocol.CodeDescription{Href: protocol.URI(f.URL)}
	}
	for _, r := range f.Related {
		e.diag.RelatedInformation = append(e.diag.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uri.File(r.Pos.Filename), Range: toRange(text(r.Pos.Filename), r.Pos, r.End)},
			Message:  r.Message,
		})
	}
	for _, fix := range f.Fixes {
		for _, ed := range fix.Edits {
			text(ed.Start.Filename)
		}
	}
	return e
}

// diagnostics lists the diagnostics of a file's entries in source order;
// never nil, so that an empty list clears the file's.
func diagnostics(byDir map[string][]entry) []protocol.Diagnostic {
	out := []protocol.Diagnostic{}
	for _, dir := range slices.Sorted(maps.Keys(byDir)) {
		for _, e := range byDir[dir] {
			out = append(out, e.diag)
		}
	}
	slices.SortStableFunc(out, func(a, b protocol.Diagnostic) int {
		return cmp.Or(comparePos(a.Range.Start, b.Range.Start), comparePos(a.Range.End, b.Range.End))
	})
	return out
}
