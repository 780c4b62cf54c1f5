package markers

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/check"
	"github.com/opvet/opvet/internal/markersyntax"
	"github.com/opvet/opvet/internal/report"
	"github.com/opvet/opvet/passes/markerindex"
)

//go:embed doc.go
var doc string

// Name is the check's name: its analyzer name, diagnostic category and
// message prefix.
const Name = "markers"

// Config is the check's configuration.
type Config struct {
	// Ignore lists marker name prefixes (without '+') that other tools
	// define in the kubebuilder namespace and that the check must not
	// report, such as "kubebuilder:mytool:".
	Ignore []string `json:"ignore" help:"comma-separated marker name prefixes (without '+') that other tools define in the kubebuilder namespace, such as kubebuilder:mytool:, not to report"`
}

// Validate reports the first invalid value of cfg.
func (cfg Config) Validate() error {
	for _, p := range cfg.prefixes() {
		if strings.ContainsFunc(p, func(r rune) bool { return r == '=' || unicode.IsSpace(r) }) {
			return fmt.Errorf("ignore: %q is not a marker name prefix (write e.g. kubebuilder:mytool:)", p)
		}
	}
	return nil
}

// prefixes returns the Ignore entries without blanks and leading '+'.
func (cfg Config) prefixes() []string {
	var out []string
	for _, p := range cfg.Ignore {
		if p = strings.TrimPrefix(strings.TrimSpace(p), "+"); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// DefaultConfig returns the configuration used when none is given.
func DefaultConfig() Config { return Config{} }

// Check describes the check for the registry.
var Check = check.New(check.Spec[Config]{
	Name:     Name,
	DocGo:    doc,
	Default:  DefaultConfig,
	Enabled:  true,
	Autofix:  true,
	Requires: []*analysis.Analyzer{markerindex.Analyzer},
	// The check reads comments only.
	RunDespiteErrors: true,
	Run:              run,
})

// Analyzer is the check with its default configuration.
var Analyzer = Check.Analyzer()

type checker struct {
	pass   *analysis.Pass
	ignore []string
	idx    *markerindex.Index
}

func run(pass *analysis.Pass, r *report.Reporter, cfg Config) error {
	idx, _ := pass.ResultOf[markerindex.Analyzer].(*markerindex.Index)
	if idx == nil {
		return nil
	}
	c := &checker{pass: pass, ignore: cfg.prefixes(), idx: idx}
	for _, m := range idx.All {
		// controller-gen loads packages without their tests.
		if astx.InTestFile(pass.Fset, m.Pos) {
			continue
		}
		if d, ok := c.check(m); ok {
			r.Report(d)
		}
	}
	return nil
}

// foreignKubebuilder are marker name prefixes in the kubebuilder
// namespace that belong to tools other than controller-gen.
var foreignKubebuilder = []string{
	"kubebuilder:scaffold:", // kubebuilder CLI's scaffolding anchors
	"kubebuilder:docs-gen:", // API reference generators
}

func (c *checker) ignored(name string) bool {
	for _, p := range foreignKubebuilder {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	for _, p := range c.ignore {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// check returns the diagnostic for m, if any.
func (c *checker) check(m *markerindex.Marker) (analysis.Diagnostic, bool) {
	if c.ignored(m.Name) {
		return analysis.Diagnostic{}, false
	}
	kb := isKubebuilder(m.Name)
	if m.Extra != "" {
		if kb && markersyntax.Known(m.Name) {
			return trailingText(m), true
		}
		return analysis.Diagnostic{}, false
	}
	if m.Registered != "" {
		if kb {
			if d, ok := misplaced(m); ok {
				if m.Registered == "kubebuilder:rbac" {
					d.Message += c.grantedElsewhere(m)
				}
				return d, true
			}
		}
		return badBool(m)
	}
	if kb && isConversion(m.Name) {
		return analysis.Diagnostic{
			Pos: m.Pos, End: m.End,
			Message: fmt.Sprintf("controller-gen has no marker +%s and ignores it, so the CRD gets no conversion settings from it; "+
				"set the conversion strategy in the CRD's spec.conversion (usually a kustomize patch, config/crd/patches/webhook_in_<kind>.yaml) "+
				"and convert with a Hub and Convertible spokes, then delete this marker", m.Name),
		}, true
	}
	s, ok := suggest(m)
	if !ok {
		if !kb {
			return analysis.Diagnostic{}, false
		}
		return analysis.Diagnostic{
			Pos: m.Pos, End: m.End,
			Message: fmt.Sprintf("controller-gen does not know the marker +%s and silently ignores it; "+
				"use a marker that `controller-gen crd -w` lists, or delete it", m.Name),
		}, true
	}
	if !kb && !isKubebuilder(s.name) && !s.caseOnly {
		// A near-miss of a short marker of another tool's namespace is
		// more likely that tool's own marker.
		if len(m.Name) < 7 || s.dist > 1 {
			return analysis.Diagnostic{}, false
		}
	}
	return analysis.Diagnostic{
		Pos: m.Pos, End: m.End,
		Message: fmt.Sprintf("controller-gen does not know the marker +%s and silently ignores it; write +%s%s", m.Text, s.text, c.alreadySo(m, s.name)),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Write +" + s.text,
			TextEdits: []analysis.TextEdit{{Pos: m.Pos + 1, End: m.End, NewText: []byte(s.text)}},
		}},
	}, true
}

// optionality maps the markers that make a field optional or required
// to what they make it.
var optionality = map[string]string{
	"optional": "optional", "kubebuilder:validation:Optional": "optional",
	"required": "required", "kubebuilder:validation:Required": "required",
}

// alreadySo returns, for a misspelled optional or required marker (name
// is the marker meant), a note that the field is that anyway: a correct
// marker of the same meaning beside it, or, for optional, omitempty in
// its json tag (controller-gen makes such a field optional). Writing the
// marker right then changes nothing in the CRD, and the message says so.
func (c *checker) alreadySo(m *markerindex.Marker, name string) string {
	want := optionality[name]
	field, ok := m.Node.(*ast.Field)
	if want == "" || !ok {
		return ""
	}
	for _, o := range c.idx.Of(field) {
		if o != m && optionality[o.Registered] == want {
			return fmt.Sprintf(" (the field is %s anyway, by +%s beside it: the fix changes nothing in the CRD)", want, o.Name)
		}
	}
	if want == "optional" && field.Tag != nil && omitempty(field.Tag.Value) {
		return " (the field is optional anyway, by omitempty in its json tag: the fix changes nothing in the CRD)"
	}
	return ""
}

// omitempty reports whether the struct tag literal tag has a json key
// with the omitempty option.
func omitempty(tag string) bool {
	t, err := strconv.Unquote(tag)
	if err != nil {
		return false
	}
	opts, ok := reflect.StructTag(t).Lookup("json")
	return ok && slices.Contains(strings.Split(opts, ",")[1:], "omitempty")
}

func isKubebuilder(name string) bool { return strings.HasPrefix(name, "kubebuilder:") }

func isConversion(name string) bool {
	return strings.HasPrefix(name, "kubebuilder:conversion") || strings.HasPrefix(name, "kubebuilder:webhook:conversion")
}

// trailingText reports a known marker followed by text on its line.
func trailingText(m *markerindex.Marker) analysis.Diagnostic {
	d := analysis.Diagnostic{
		Pos: m.Pos, End: m.End,
		Message: fmt.Sprintf("controller-gen reads the text after +%s as part of the marker's name and ignores the whole marker; "+
			"write the marker alone, with no space before any '=', and the text on another comment line", m.Name),
	}
	if !strings.HasPrefix(m.Extra, "=") && !strings.HasPrefix(m.Extra, ":=") {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Keep only +" + m.Name,
			TextEdits: []analysis.TextEdit{{Pos: m.Pos + 1 + token.Pos(len(m.Name)), End: m.End}},
		}}
	}
	return d
}

// badBool reports a boolean argument that is a misspelled true or false.
func badBool(m *markerindex.Marker) (analysis.Diagnostic, bool) {
	def, ok := markersyntax.Lookup(m.Registered)
	if !ok || !m.HasValue || m.Args != m.Value {
		return analysis.Diagnostic{}, false
	}
	arg, ok := def.Arg("")
	if !ok || arg.Type != "bool" {
		return analysis.Diagnostic{}, false
	}
	v := strings.TrimSpace(m.Value)
	if v == "true" || v == "false" {
		return analysis.Diagnostic{}, false
	}
	want := ""
	for _, b := range []string{"true", "false"} {
		if strings.EqualFold(v, b) || distance(strings.ToLower(v), b) <= 2 {
			want = b
			break
		}
	}
	if want == "" {
		return analysis.Diagnostic{}, false
	}
	fixed := m.Name + "=" + want
	if m.ColonEquals {
		fixed = m.Name + ":=" + want
	}
	return analysis.Diagnostic{
		Pos: m.Pos, End: m.End,
		Message: fmt.Sprintf("+%s is not a boolean, so controller-gen fails on this marker; write +%s", m.Text, fixed),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Write +" + fixed,
			TextEdits: []analysis.TextEdit{{Pos: m.Pos + 1, End: m.End, NewText: []byte(fixed)}},
		}},
	}, true
}

// misplaced reports a known marker where controller-gen does not read it:
// a marker registered for other targets than the node it describes (rbac
// rules in a function's doc comment, a type marker on a field).
func misplaced(m *markerindex.Marker) (analysis.Diagnostic, bool) {
	def, ok := markersyntax.Lookup(m.Registered)
	if !ok || def.Targets&m.Target != 0 {
		return analysis.Diagnostic{}, false
	}
	var where []string
	if def.Targets&markersyntax.OnPackage != 0 {
		where = append(where, "at package level, in a comment block of its own separated by a blank line from any doc comment")
	}
	if def.Targets&markersyntax.OnType != 0 {
		where = append(where, "on a type")
	}
	if def.Targets&markersyntax.OnField != 0 {
		where = append(where, "on a struct field")
	}
	return analysis.Diagnostic{
		Pos: m.Pos, End: m.End,
		Message: fmt.Sprintf("controller-gen ignores +%s %s; it reads this marker only %s",
			m.Registered, placeOf(m), strings.Join(where, " or ")),
	}, true
}

// placeOf describes where m stands.
func placeOf(m *markerindex.Marker) string {
	switch n := m.Node.(type) {
	case *ast.FuncDecl:
		if m.FromDoc {
			return "in the doc comment of func " + n.Name.Name
		}
		return "inside func " + n.Name.Name
	case *ast.ValueSpec, *ast.GenDecl:
		if m.FromDoc {
			return "in the doc comment of a var or const declaration"
		}
		return "inside a declaration"
	case *ast.TypeSpec:
		return "on type " + n.Name.Name
	case *ast.Field:
		if len(n.Names) > 0 {
			return "on field " + n.Names[0].Name
		}
		return "on an embedded field"
	case *ast.File:
		return "at package level"
	}
	return "here"
}
