package lsp

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/opvet/opvet/internal/driver"
	"github.com/opvet/opvet/internal/report"
)

// reasonPlaceholder follows the check in the //opvet:ignore directive
// that the suppress action inserts: the directive needs a reason, which
// the user writes in its place.
const reasonPlaceholder = "TODO: say why this finding is wrong or accepted"

// codeAction returns, for each finding whose range meets the requested
// one, a quickfix per suggested fix (the first one preferred) and one
// that suppresses the finding with //opvet:ignore. A finding whose files
// changed since it was published offers nothing: its edits would land in
// the wrong place; saving the file analyses it again.
func (s *server) codeAction(raw json.RawMessage) (any, error) {
	var params protocol.CodeActionParams
	if err := json.Unmarshal(raw, &params); err != nil {
		return nil, err
	}
	actions := []protocol.CodeAction{}
	name, ok := fileName(params.TextDocument.URI)
	if !ok || !wantsQuickFix(params.Context.Only) {
		return actions, nil
	}
	for _, e := range s.entriesAt(name, params.Range) {
		actions = append(actions, fixActions(e)...)
		if a, ok := suppressAction(e); ok {
			actions = append(actions, a)
		}
	}
	return actions, nil
}

// wantsQuickFix tells whether a request restricted to the kinds only
// (none: every kind) takes quickfixes.
func wantsQuickFix(only []protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if k == protocol.QuickFix {
			return true
		}
	}
	return false
}

// entriesAt returns the published findings of file name whose range
// meets rng and whose files are as they were when it was published.
func (s *server) entriesAt(name string, rng protocol.Range) []entry {
	s.mu.Lock()
	var found []entry
	for _, m := range s.modules {
		for _, es := range m.diags[name] {
			for _, e := range es {
				if overlaps(e.diag.Range, rng) {
					found = append(found, e)
				}
			}
		}
	}
	current := map[string][]byte{}
	for _, e := range found {
		for file := range e.texts {
			if d := s.docs[file]; d != nil {
				current[file] = d.text
			}
		}
	}
	s.mu.Unlock()
	var out []entry
	for _, e := range found {
		if unchanged(e, current) {
			out = append(out, e)
		}
	}
	slices.SortStableFunc(out, func(a, b entry) int { return comparePos(a.diag.Range.Start, b.diag.Range.Start) })
	return out
}

// unchanged tells whether the files of e hold the texts it was made on:
// open ones as the client last sent them, others on disk.
func unchanged(e entry, open map[string][]byte) bool {
	for file, was := range e.texts {
		now, ok := open[file]
		if !ok {
			var err error
			if now, err = os.ReadFile(file); err != nil {
				return false
			}
		}
		if was == nil || !bytes.Equal(was, now) {
			return false
		}
	}
	return true
}

// fixActions are the quickfixes of e's suggested fixes.
func fixActions(e entry) []protocol.CodeAction {
	var out []protocol.CodeAction
	for i, fix := range e.finding.Fixes {
		edit, ok := workspaceEdit(fix.Edits, e.texts)
		if !ok {
			continue
		}
		out = append(out, protocol.CodeAction{
			Title:       fix.Message,
			Kind:        protocol.QuickFix,
			Diagnostics: []protocol.Diagnostic{e.diag},
			IsPreferred: i == 0,
			Edit:        edit,
		})
	}
	return out
}

// workspaceEdit converts a fix's edits, which may touch several files
// (go.mod too), to LSP text edits; false when an edit does not fit its
// file's text.
func workspaceEdit(edits []driver.Edit, texts map[string][]byte) (*protocol.WorkspaceEdit, bool) {
	changes := map[protocol.DocumentURI][]protocol.TextEdit{}
	for _, ed := range edits {
		text := texts[ed.Start.Filename]
		if text == nil || ed.End.Offset > len(text) || ed.Start.Offset > ed.End.Offset || (ed.Size >= 0 && ed.Size != len(text)) {
			return nil, false
		}
		u := uri.File(ed.Start.Filename)
		changes[u] = append(changes[u], protocol.TextEdit{Range: toRange(text, ed.Start, ed.End), NewText: ed.New})
	}
	return &protocol.WorkspaceEdit{Changes: changes}, true
}

// suppressAction inserts "//opvet:ignore <check> <reason>" on its own
// line above the finding, indented as the finding's line, or adds the
// check to a directive that stands there (two directives on consecutive
// lines would leave the upper one too far from the finding).
func suppressAction(e entry) (protocol.CodeAction, bool) {
	f := e.finding
	text := e.texts[f.Pos.Filename]
	if text == nil || f.Pos.Offset > len(text) {
		return protocol.CodeAction{}, false
	}
	start := lineStart(text, f.Pos.Offset)
	indent := leadingSpace(text[start:])
	pos := f.Pos
	pos.Offset = start
	newText := string(indent) + report.IgnorePrefix + " " + f.Check + " " + reasonPlaceholder + "\n"
	if start > 0 {
		prev := lineStart(text, start-1)
		if at, ok := directiveChecksEnd(text[prev : start-1]); ok {
			pos.Offset = prev + at
			newText = "," + f.Check
		}
	}
	u := uri.File(f.Pos.Filename)
	rng := toRange(text, pos, pos)
	return protocol.CodeAction{
		Title:       "Suppress with " + report.IgnorePrefix + " " + f.Check,
		Kind:        protocol.QuickFix,
		Diagnostics: []protocol.Diagnostic{e.diag},
		Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{
			u: {{Range: rng, NewText: newText}},
		}},
	}, true
}

// directiveChecksEnd returns the offset in line just after the check list
// of the //opvet:ignore directive that line holds alone (go.mod's
// "// opvet:ignore" too), and false if it holds none.
func directiveChecksEnd(line []byte) (int, bool) {
	rest := bytes.TrimLeft(line, " \t")
	comment, ok := bytes.CutPrefix(rest, []byte("//"))
	if !ok {
		return 0, false
	}
	args, ok := bytes.CutPrefix(bytes.TrimLeft(comment, " \t"), []byte(strings.TrimPrefix(report.IgnorePrefix, "//")))
	if !ok || len(args) == 0 || (args[0] != ' ' && args[0] != '\t') {
		return 0, false
	}
	list := bytes.TrimLeft(args, " \t")
	if len(list) == 0 {
		return 0, false
	}
	listStart := len(line) - len(list)
	end := bytes.IndexAny(list, " \t\r")
	if end < 0 {
		end = len(list)
	}
	return listStart + end, true
}

// leadingSpace is the indentation that starts line.
func leadingSpace(line []byte) []byte {
	n := 0
	for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
		n++
	}
	return line[:n]
}
