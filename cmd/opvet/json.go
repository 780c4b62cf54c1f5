package main

import (
	"encoding/json"
	"go/token"
	"io"

	"github.com/opvet/opvet/internal/driver"
)

// jsonOutput is the document -json prints: a stable shape, documented in
// the README ("JSON output"). Fields are only ever added.
type jsonOutput struct {
	Findings []jsonFinding `json:"findings"`
	Errors   []jsonError   `json:"errors"`
}

type jsonFinding struct {
	Check   string    `json:"check"`
	Package string    `json:"package"`
	File    string    `json:"file"`
	Line    int       `json:"line"`
	Column  int       `json:"column"`
	End     jsonPos   `json:"end"`
	Message string    `json:"message"`
	URL     string    `json:"url"`
	Fixes   []jsonFix `json:"fixes,omitempty"`
}

type jsonPos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	File  string     `json:"file"`
	Start jsonOffset `json:"start"`
	End   jsonOffset `json:"end"`
	New   string     `json:"new"`
}

type jsonOffset struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"offset"`
}

type jsonError struct {
	Package string `json:"package,omitempty"`
	Message string `json:"message"`
}

func writeJSON(w io.Writer, res *driver.Result) error {
	out := jsonOutput{Findings: []jsonFinding{}, Errors: []jsonError{}}
	for _, f := range res.Findings {
		jf := jsonFinding{
			Check:   f.Check,
			Package: f.Package,
			File:    driver.RelPath(f.Pos.Filename),
			Line:    f.Pos.Line,
			Column:  f.Pos.Column,
			End:     jsonPos{f.End.Line, f.End.Column},
			Message: f.Message,
			URL:     f.URL,
		}
		for _, fix := range f.Fixes {
			jfix := jsonFix{Message: fix.Message, Edits: []jsonEdit{}}
			for _, e := range fix.Edits {
				jfix.Edits = append(jfix.Edits, jsonEdit{
					File:  driver.RelPath(e.Start.Filename),
					Start: offset(e.Start),
					End:   offset(e.End),
					New:   e.New,
				})
			}
			jf.Fixes = append(jf.Fixes, jfix)
		}
		out.Findings = append(out.Findings, jf)
	}
	for _, e := range res.PackageErrors {
		out.Errors = append(out.Errors, jsonError{Package: e.Package, Message: e.Error()})
	}
	for _, e := range res.CheckErrors {
		out.Errors = append(out.Errors, jsonError{Message: e.Error()})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

func offset(p token.Position) jsonOffset {
	return jsonOffset{Line: p.Line, Column: p.Column, Offset: p.Offset}
}
