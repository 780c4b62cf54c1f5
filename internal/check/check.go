// Package check defines the one descriptor that every check package
// exports: its name, documentation (from doc.go), typed configuration with
// defaults and validation, default on/off, autofix, and the analyzer
// constructor. The registry (package analyzers) is a list of descriptors;
// the CLI, go vet -vettool and the golangci-lint plugin take everything
// they know about a check from it.
//
// A check's options are the exported fields of its Config struct. Each
// carries a `json:"key"` tag, which is both its golangci-lint setting key
// and its command-line flag (-<check>.<key>), and a `help:"..."` tag, the
// flag's usage. Flags are derived from the struct, so the two names cannot
// drift apart. Supported field types: bool, int, string and []string (a
// comma-separated list on the command line).
package check

import (
	"flag"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/config"
	"github.com/opvet/opvet/internal/docs"
	"github.com/opvet/opvet/internal/guard"
	"github.com/opvet/opvet/internal/modtree"
	"github.com/opvet/opvet/internal/report"
)

// Descriptor is what the registry and the drivers know of a check.
type Descriptor interface {
	// Name is the check's name: analyzer name, diagnostic category,
	// message prefix, flag and setting key.
	Name() string
	// Doc is the check's documentation in Go doc comment syntax (the
	// "# Analyzer <name>" section of its doc.go): a one-line summary, a
	// blank line and the body. `opvet help <check>` prints it and the
	// README's section of the check is generated from it.
	Doc() string
	// Enabled tells whether the check runs when nothing selects it.
	Enabled() bool
	// Autofix tells whether the check offers suggested fixes.
	Autofix() bool
	// External marks checks that opvet ships but did not write (SA5005).
	External() bool
	// Analyzer is the check with its default configuration; its flags
	// configure it on the command line. Every call returns the same
	// analyzer.
	Analyzer() *analysis.Analyzer
	// FromSettings builds the check from golangci-lint settings (a map
	// whose keys golangci-lint lowercased), decoded strictly over the
	// defaults and validated.
	FromSettings(raw any) (*analysis.Analyzer, error)
	// Options lists the check's options, in field order.
	Options() []Option
}

// Option is one configuration option of a check.
type Option struct {
	// Key is the setting key and flag name.
	Key string
	// Field is the Config field's Go name.
	Field string
	// Help is the flag's usage.
	Help string
	// Default is the default value as a flag would print it.
	Default string
	// Type is "bool", "int", "string" or "list".
	Type string
}

// Validator is implemented by Config types whose values can be invalid.
type Validator interface {
	Validate() error
}

// Spec is what a check package writes to describe itself; New turns it
// into a Descriptor.
type Spec[C any] struct {
	// Name is the check's name.
	Name string
	// DocGo is the check's doc.go source (//go:embed doc.go).
	DocGo string
	// Default returns the default configuration.
	Default func() C
	// Enabled, Autofix: see Descriptor.
	Enabled, Autofix bool
	// Requires lists the helper passes the check reads, besides
	// report.Suppressions, which every check gets.
	Requires []*analysis.Analyzer
	// RunDespiteErrors runs the check on packages that do not type-check.
	RunDespiteErrors bool
	// Run is the check's body for one package and a valid configuration.
	Run func(pass *analysis.Pass, rep *report.Reporter, cfg C) error
}

// Check is a Descriptor built from a Spec.
type Check[C any] struct {
	spec     Spec[C]
	doc      string
	analyzer *analysis.Analyzer
}

// New returns the descriptor of spec. It panics on a malformed spec (a
// doc.go without its section, a Config field without tags or of an
// unsupported type): programming errors that every test of the check
// catches.
func New[C any](spec Spec[C]) *Check[C] {
	c := &Check[C]{spec: spec, doc: docs.MustExtract(spec.DocGo, spec.Name)}
	if _, err := options(spec.Default()); err != nil {
		panic(fmt.Sprintf("check %s: %v", spec.Name, err))
	}
	c.analyzer = c.New(spec.Default())
	return c
}

// Name implements Descriptor.
func (c *Check[C]) Name() string { return c.spec.Name }

// Doc implements Descriptor.
func (c *Check[C]) Doc() string { return c.doc }

// Enabled implements Descriptor.
func (c *Check[C]) Enabled() bool { return c.spec.Enabled }

// Autofix implements Descriptor.
func (c *Check[C]) Autofix() bool { return c.spec.Autofix }

// External implements Descriptor.
func (c *Check[C]) External() bool { return false }

// Analyzer implements Descriptor.
func (c *Check[C]) Analyzer() *analysis.Analyzer { return c.analyzer }

// New returns a new analyzer of the check configured by cfg, with flags
// bound to its own copy of cfg.
func (c *Check[C]) New(cfg C) *analysis.Analyzer {
	a := report.NewAnalyzer(c.spec.Name, c.spec.DocGo, c.spec.Requires...)
	a.RunDespiteErrors = c.spec.RunDespiteErrors
	bound := new(C)
	*bound = cfg
	bindFlags(&a.Flags, bound)
	a.ResultType = reflect.TypeFor[*report.Notes]()
	a.Run = func(pass *analysis.Pass) (any, error) {
		cfg := *bound
		if err := validate(cfg); err != nil {
			return (*report.Notes)(nil), fmt.Errorf("%s: %w", c.spec.Name, err)
		}
		if modtree.IsDependency(pass) {
			// go vet runs the checks on every dependency for the facts
			// of the summaries they require; they report on the main
			// module only.
			return (*report.Notes)(nil), nil
		}
		rep := report.New(pass, c.spec.Name)
		err := guard.Run(c.spec.Name, pass.Pkg.Path(), func() error { return c.spec.Run(pass, rep, cfg) })
		return rep.Notes(), err
	}
	return a
}

// FromSettings implements Descriptor.
func (c *Check[C]) FromSettings(raw any) (*analysis.Analyzer, error) {
	cfg := c.spec.Default()
	if err := config.DecodeStrict(c.spec.Name, raw, &cfg); err != nil {
		return nil, err
	}
	// Reject bad values when golangci-lint builds the plugin, not later
	// when the check first runs.
	if err := validate(cfg); err != nil {
		return nil, fmt.Errorf("%s: settings: %w", c.spec.Name, err)
	}
	return c.New(cfg), nil
}

// Options implements Descriptor.
func (c *Check[C]) Options() []Option {
	opts, _ := options(c.spec.Default())
	return opts
}

func validate(cfg any) error {
	if v, ok := cfg.(Validator); ok {
		return v.Validate()
	}
	return nil
}

// options describes the fields of cfg, a struct.
func options(cfg any) ([]Option, error) {
	v := reflect.ValueOf(cfg)
	if v.Kind() != reflect.Struct {
		return nil, fmt.Errorf("check configuration is a %s, not a struct", v.Kind())
	}
	var out []Option
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if !f.IsExported() {
			continue
		}
		key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		help := f.Tag.Get("help")
		if key == "" || key == "-" || help == "" {
			return nil, fmt.Errorf("configuration field %s needs a json key and a help tag", f.Name)
		}
		o := Option{Key: key, Field: f.Name, Help: help}
		switch fv := v.Field(i); fv.Type() {
		case reflect.TypeFor[bool]():
			o.Type, o.Default = "bool", strconv.FormatBool(fv.Bool())
		case reflect.TypeFor[int]():
			o.Type, o.Default = "int", strconv.FormatInt(fv.Int(), 10)
		case reflect.TypeFor[string]():
			o.Type, o.Default = "string", fv.String()
		case reflect.TypeFor[[]string]():
			o.Type, o.Default = "list", strings.Join(fv.Interface().([]string), ",")
		default:
			return nil, fmt.Errorf("configuration field %s: unsupported type %s", f.Name, fv.Type())
		}
		out = append(out, o)
	}
	return out, nil
}

// bindFlags registers one flag per option of *cfg, writing into *cfg. A
// value that makes *cfg invalid is refused when the flag is set, so the
// command line reports it before any package is loaded.
func bindFlags[C any](fs *flag.FlagSet, cfg *C) {
	v := reflect.ValueOf(cfg).Elem()
	opts, _ := options(*cfg)
	i := 0
	for j := 0; j < v.NumField(); j++ {
		if !v.Type().Field(j).IsExported() {
			continue
		}
		o, field := opts[i], v.Field(j)
		i++
		tmp := flag.NewFlagSet("", flag.ContinueOnError)
		switch p := field.Addr().Interface().(type) {
		case *bool:
			tmp.BoolVar(p, o.Key, *p, o.Help)
		case *int:
			tmp.IntVar(p, o.Key, *p, o.Help)
		case *string:
			tmp.StringVar(p, o.Key, *p, o.Help)
		case *[]string:
			tmp.Var((*config.List)(p), o.Key, o.Help)
		}
		f := tmp.Lookup(o.Key)
		fs.Var(validating[C]{Value: f.Value, cfg: cfg}, o.Key, o.Help)
	}
}

// validating is a flag.Value that validates the whole configuration after
// each Set, and restores the previous value when it is invalid.
type validating[C any] struct {
	flag.Value
	cfg *C
}

func (v validating[C]) Set(s string) error {
	old := v.String()
	if err := v.Value.Set(s); err != nil {
		return err
	}
	if err := validate(*v.cfg); err != nil {
		_ = v.Value.Set(old)
		return err
	}
	return nil
}

// IsBoolFlag lets boolean options be given as -<check>.<key> alone.
func (v validating[C]) IsBoolFlag() bool {
	b, ok := v.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// External returns the descriptor of an analyzer that opvet ships but did
// not write (staticcheck's SA5005), with opvet's documentation of it (doc:
// summary line, blank line, body) and no options.
func External(a *analysis.Analyzer, enabled bool, doc string) Descriptor {
	return external{a: prefixed(a), enabled: enabled, doc: strings.TrimSpace(doc)}
}

// prefixed returns a copy of a whose diagnostics carry the "<name>: "
// message prefix, the category and the documentation URL that opvet's own
// checks give theirs (report.Reporter), so that every finding names its
// check in every driver.
func prefixed(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	run := a.Run
	c.URL = report.DocURL(a.Name)
	c.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			if !strings.HasPrefix(d.Message, a.Name+": ") {
				d.Message = a.Name + ": " + d.Message
			}
			d.Category = a.Name
			d.URL = report.DocURL(a.Name)
			pass.Report(d)
		}
		return run(&p)
	}
	return &c
}

type external struct {
	a       *analysis.Analyzer
	enabled bool
	doc     string
}

func (e external) Name() string                 { return e.a.Name }
func (e external) Doc() string                  { return e.doc }
func (e external) Enabled() bool                { return e.enabled }
func (e external) Autofix() bool                { return false }
func (e external) External() bool               { return true }
func (e external) Analyzer() *analysis.Analyzer { return e.a }
func (e external) Options() []Option            { return nil }

func (e external) FromSettings(raw any) (*analysis.Analyzer, error) {
	if raw != nil {
		return nil, fmt.Errorf("check %s takes no settings", e.a.Name)
	}
	return e.a, nil
}
