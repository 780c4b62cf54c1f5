package main

import (
	"encoding/json"
	"go/token"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf16"

	"github.com/opvet/opvet/analyzers"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/docs"
	"github.com/opvet/opvet/internal/driver"
	"github.com/opvet/opvet/internal/report"
)

// The SARIF 2.1.0 log that -sarif writes: one run, one rule per check of
// the registry, results with URIs relative to the working directory
// (%SRCROOT%), and the checks' suggested fixes.

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool               sarifTool                   `json:"tool"`
	OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult               `json:"results"`
	Invocations        []sarifInvocation           `json:"invocations"`
	ColumnKind         string                      `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri"`
	Version        string      `json:"version,omitempty"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	ShortDescription     sarifText       `json:"shortDescription"`
	FullDescription      sarifText       `json:"fullDescription"`
	Help                 sarifHelp       `json:"help"`
	HelpURI              string          `json:"helpUri"`
	DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
	Properties           sarifProperties `json:"properties"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown"`
}

type sarifRuleConfig struct {
	Enabled bool   `json:"enabled"`
	Level   string `json:"level"`
}

type sarifProperties struct {
	Autofix bool `json:"autofix"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
	Region           sarifRegion      `json:"region"`
}

type sarifArtifactLoc struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level   string    `json:"level"`
	Message sarifText `json:"message"`
}

const srcRoot = "%SRCROOT%"

func writeSARIF(w io.Writer, res *driver.Result) error {
	checks := analyzers.Checks()
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "opvet",
			InformationURI: "https://github.com/opvet/opvet",
			Version:        moduleVersion(),
		}},
		Results:    []sarifResult{},
		ColumnKind: "utf16CodeUnits",
	}
	if wd, err := os.Getwd(); err == nil {
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{srcRoot: {URI: fileURI(wd) + "/"}}
	}
	index := map[string]int{}
	for i, c := range checks {
		index[c.Name()] = i
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, sarifRuleOf(c))
	}
	lines := &lineCache{files: map[string][]string{}}
	for _, f := range res.Findings {
		run.Results = append(run.Results, sarifResultOf(f, index, lines))
	}
	inv := sarifInvocation{ExecutionSuccessful: len(res.PackageErrors)+len(res.CheckErrors) == 0}
	for _, e := range res.PackageErrors {
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error", Message: sarifText{e.Error()}})
	}
	for _, e := range res.CheckErrors {
		inv.Notifications = append(inv.Notifications, sarifNotification{Level: "error", Message: sarifText{e.Error()}})
	}
	run.Invocations = []sarifInvocation{inv}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(sarifLog{Schema: sarifSchema, Version: "2.1.0", Runs: []sarifRun{run}})
}

func sarifRuleOf(c check.Descriptor) sarifRule {
	summary, body := analyzers.SplitDoc(c)
	level := "warning"
	return sarifRule{
		ID:                   c.Name(),
		ShortDescription:     sarifText{sentence(summary)},
		FullDescription:      sarifText{firstParagraph(body, summary)},
		Help:                 sarifHelp{Text: c.Doc(), Markdown: docs.Markdown(body, 2)},
		HelpURI:              report.DocURL(c.Name()),
		DefaultConfiguration: sarifRuleConfig{Enabled: c.Enabled(), Level: level},
		Properties:           sarifProperties{Autofix: c.Autofix()},
	}
}

// sentence capitalises a summary line and ends it with a period.
func sentence(s string) string {
	s = analyzers.Capitalize(strings.TrimSpace(s))
	if s != "" && !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// firstParagraph is the first paragraph of a check's documentation body,
// joined into one line; the summary when the body is empty.
func firstParagraph(body, summary string) string {
	body = strings.TrimSpace(body)
	para, _, _ := strings.Cut(body, "\n\n")
	if para == "" {
		return sentence(summary)
	}
	return strings.Join(strings.Fields(para), " ")
}

func sarifResultOf(f driver.Finding, index map[string]int, lines *lineCache) sarifResult {
	r := sarifResult{
		RuleID:    f.Check,
		RuleIndex: index[f.Check],
		Level:     "warning",
		Message:   sarifText{f.Message},
		Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
			ArtifactLocation: artifact(f.Pos.Filename),
			Region:           lines.region(f.Pos, f.End),
		}}},
	}
	for _, fix := range f.Fixes {
		sf := sarifFix{Description: sarifText{fix.Message}}
		byFile := map[string]int{}
		for _, e := range fix.Edits {
			i, ok := byFile[e.Start.Filename]
			if !ok {
				i = len(sf.ArtifactChanges)
				byFile[e.Start.Filename] = i
				sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: artifact(e.Start.Filename)})
			}
			region := lines.region(e.Start, e.End)
			region.EndLine, region.EndColumn = lines.endOf(e.End) // an empty region is an insertion
			sf.ArtifactChanges[i].Replacements = append(sf.ArtifactChanges[i].Replacements, sarifReplacement{
				DeletedRegion:   region,
				InsertedContent: sarifText{e.New},
			})
		}
		r.Fixes = append(r.Fixes, sf)
	}
	return r
}

// artifact locates a file: relative to %SRCROOT% (the working directory)
// when below it, else by its absolute file URI.
func artifact(filename string) sarifArtifactLoc {
	rel := driver.RelPath(filename)
	if filepath.IsAbs(rel) {
		return sarifArtifactLoc{URI: fileURI(rel)}
	}
	return sarifArtifactLoc{URI: (&url.URL{Path: filepath.ToSlash(rel)}).String(), URIBaseID: srcRoot}
}

func fileURI(abs string) string {
	p := filepath.ToSlash(abs)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// lineCache converts Go's byte columns to SARIF's UTF-16 columns, reading
// each file once.
type lineCache struct {
	files map[string][]string
}

func (c *lineCache) line(filename string, n int) (string, bool) {
	lines, ok := c.files[filename]
	if !ok {
		data, err := os.ReadFile(filename)
		if err == nil {
			lines = strings.Split(string(data), "\n")
		}
		c.files[filename] = lines
	}
	if n < 1 || n > len(lines) {
		return "", false
	}
	return lines[n-1], true
}

// column returns the UTF-16 column of p.
func (c *lineCache) column(p token.Position) int {
	text, ok := c.line(p.Filename, p.Line)
	if !ok || p.Column < 1 || p.Column-1 > len(text) {
		return max(p.Column, 1)
	}
	return len(utf16.Encode([]rune(text[:p.Column-1]))) + 1
}

// region is the SARIF region from pos to end, without an end when the
// finding has no extent.
func (c *lineCache) region(pos, end token.Position) sarifRegion {
	r := sarifRegion{StartLine: max(pos.Line, 1), StartColumn: c.column(pos)}
	if end.Line > 0 && (end.Line != pos.Line || end.Column != pos.Column) {
		r.EndLine, r.EndColumn = c.endOf(end)
	}
	return r
}

func (c *lineCache) endOf(end token.Position) (int, int) {
	return max(end.Line, 1), c.column(end)
}
