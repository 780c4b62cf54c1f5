package analyzers

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/docs"
)

//go:generate go -C ../tools run ./readmegen ../README.md

// The README's generated regions, each between its two marker lines.
const (
	tableBegin    = "<!-- checks table: generated from the registry by `go generate ./analyzers`; do not edit -->"
	tableEnd      = "<!-- end of the checks table -->"
	sectionsBegin = "<!-- check sections: generated from each check's doc.go by `go generate ./analyzers`; do not edit -->"
	sectionsEnd   = "<!-- end of the check sections -->"
)

// README returns readme with its generated regions (the table of checks
// and one section per check) rewritten from the registry: every check's
// summary, default, autofix, documentation and options.
func README(readme []byte) ([]byte, error) {
	out, err := replaceRegion(readme, tableBegin, tableEnd, checksTable(Checks()))
	if err != nil {
		return nil, err
	}
	return replaceRegion(out, sectionsBegin, sectionsEnd, checkSections(Checks()))
}

func replaceRegion(text []byte, begin, end, content string) ([]byte, error) {
	i := bytes.Index(text, []byte(begin+"\n"))
	j := bytes.Index(text, []byte("\n"+end))
	if i < 0 || j < i {
		return nil, fmt.Errorf("README: no region between %q and %q", begin, end)
	}
	var b bytes.Buffer
	b.Write(text[:i+len(begin)+1])
	b.WriteString(content)
	b.Write(text[j:])
	return b.Bytes(), nil
}

func checksTable(ds []check.Descriptor) string {
	var b strings.Builder
	b.WriteString("| check | what it reports | default | autofix |\n|---|---|---|---|\n")
	for _, d := range ds {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s |\n", d.Name(), strings.ToLower(d.Name()),
			Reports(d), DefaultWord(d), AutofixWord(d))
	}
	return b.String()
}

func checkSections(ds []check.Descriptor) string {
	var b strings.Builder
	for _, d := range ds {
		summary, body := SplitDoc(d)
		fmt.Fprintf(&b, "### %s\n\n", d.Name())
		fmt.Fprintf(&b, "_%s._ %s by default", Capitalize(summary), Capitalize(DefaultWord(d)))
		if d.Autofix() {
			b.WriteString("; `-fix` applies its suggested fixes")
		}
		b.WriteString(".\n\n")
		b.WriteString(docs.Markdown(body, 3))
		if opts := d.Options(); len(opts) > 0 {
			fmt.Fprintf(&b, "\nOptions (`-%[1]s.<option>=<value>` on the command line, `%[1]s: {<option>: <value>}` in golangci-lint settings):\n\n", d.Name())
			b.WriteString("| option | default | meaning |\n|---|---|---|\n")
			for _, o := range opts {
				def := o.Default
				if def == "" {
					def = "none"
				}
				fmt.Fprintf(&b, "| `%s` | `%s` | %s |\n", o.Key, def, o.Help)
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// SplitDoc returns the summary line and the body of d's documentation.
func SplitDoc(d check.Descriptor) (summary, body string) {
	summary, body, _ = strings.Cut(d.Doc(), "\n\n")
	return summary, body
}

// Reports is what d reports: its summary line without the leading
// "report ", as the README's table and opvet help list it.
func Reports(d check.Descriptor) string {
	summary, _ := SplitDoc(d)
	return strings.TrimPrefix(summary, "report ")
}

// Capitalize upper-cases the first letter of s.
func Capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// DefaultWord is "on" for a check that runs by default, else "off".
func DefaultWord(d check.Descriptor) string {
	if d.Enabled() {
		return "on"
	}
	return "off"
}

// AutofixWord is "yes" for a check with suggested fixes, else "no".
func AutofixWord(d check.Descriptor) string {
	if d.Autofix() {
		return "yes"
	}
	return "no"
}
