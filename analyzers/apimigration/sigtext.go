package apimigration

import (
	"go/types"
	"regexp"
	"strings"

	"github.com/opvet/opvet/internal/apimigration"
)

// sigText is a signature in the table's notation: types of the function's
// own package unqualified, others qualified by package name, the variadic
// parameter as ...T, no parameter names.
type sigText struct {
	// typeParams are the names of the type parameters: those of a
	// "func[T any](…)" text, or the names a signature text without that
	// list uses as type parameters (impliedTypeParams).
	typeParams []string
	params     []string
	results    []string
}

// parseSig parses "func(A, ...B) R", "func(a A) (R, error)" or
// "func[T any](T) R".
func parseSig(s string) (sigText, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), "func")
	if !ok {
		return sigText{}, false
	}
	var out sigText
	if strings.HasPrefix(rest, "[") {
		end := closing(rest)
		if end < 0 {
			return sigText{}, false
		}
		for _, tp := range splitTop(rest[1:end]) {
			out.typeParams = append(out.typeParams, strings.Fields(tp)[0])
		}
		rest = rest[end+1:]
	}
	if !strings.HasPrefix(rest, "(") {
		return sigText{}, false
	}
	end := closing(rest)
	if end < 0 {
		return sigText{}, false
	}
	for _, p := range splitTop(rest[1:end]) {
		out.params = append(out.params, stripName(p))
	}
	results := strings.TrimSpace(rest[end+1:])
	switch {
	case results == "":
	case strings.HasPrefix(results, "("):
		e := closing(results)
		if e != len(results)-1 {
			return sigText{}, false
		}
		for _, r := range splitTop(results[1:e]) {
			out.results = append(out.results, stripName(r))
		}
	default:
		out.results = []string{results}
	}
	return out, true
}

// closing returns the index of the bracket that closes s[0], or -1.
func closing(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// splitTop splits s at its top-level commas.
func splitTop(s string) []string {
	var out []string
	for {
		before, after, ok := apimigration.CutTop(s, ",")
		if !ok {
			break
		}
		out = append(out, strings.TrimSpace(before))
		s = after
	}
	if last := strings.TrimSpace(s); last != "" {
		out = append(out, last)
	}
	return out
}

var namedParam = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*) (.+)$`)

// stripName drops the name of a parameter "obj T" (not the keyword of
// "chan T").
func stripName(p string) string {
	if m := namedParam.FindStringSubmatch(p); m != nil && m[1] != "chan" {
		return strings.TrimSpace(m[2])
	}
	return p
}

// renderedSig renders sig, the signature of an object of package pkg, in
// the table's notation.
func renderedSig(sig *types.Signature, pkg *types.Package) sigText {
	out := sigText{params: oldParams(sig, pkg)}
	for r := range sig.Results().Variables() {
		out.results = append(out.results, types.TypeString(r.Type(), relativeTo(pkg)))
	}
	return out
}

// relativeTo qualifies types as the table does for objects of pkg.
func relativeTo(pkg *types.Package) types.Qualifier {
	return func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
}

// byName qualifies every type by its package's name.
func byName(p *types.Package) string { return p.Name() }

// identifier matches the identifiers of a type text.
var identifier = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// qualify writes a type text of package pkgName with every type
// qualified: the unqualified exported names (not those after a dot, not
// package names) gain "pkgName.".
func qualify(text, pkgName string) string {
	var b strings.Builder
	last := 0
	for _, m := range identifier.FindAllStringIndex(text, -1) {
		start, end := m[0], m[1]
		name := text[start:end]
		b.WriteString(text[last:start])
		last = start
		exported := name[0] >= 'A' && name[0] <= 'Z'
		selected := start > 0 && text[start-1] == '.'
		qualifier := end < len(text) && text[end] == '.'
		if exported && !selected && !qualifier && pkgName != "" {
			b.WriteString(pkgName + ".")
		}
	}
	b.WriteString(text[last:])
	return b.String()
}

// predeclared are the names a signature text uses that are neither
// type parameters nor types of a package.
var predeclared = map[string]bool{
	"chan": true, "func": true, "map": true, "struct": true, "interface": true,
}

// impliedTypeParams returns the names that the text of a generic
// function's signature uses as type parameters when the table gives no
// type parameter list ("func(*Path, interface{}, []T) *Error"): the
// unqualified names that pkg, at go.mod's release, does not declare and
// that are spelled as type parameters are (a capital letter with optional
// digits, or an unexported name that is not predeclared).
func impliedTypeParams(s sigText, pkg *types.Package) []string {
	if len(s.typeParams) > 0 {
		return s.typeParams
	}
	seen := map[string]bool{}
	var out []string
	for _, text := range append(append([]string(nil), s.params...), s.results...) {
		for _, m := range identifier.FindAllStringIndex(text, -1) {
			start, end := m[0], m[1]
			name := text[start:end]
			if seen[name] || (start > 0 && text[start-1] == '.') || (end < len(text) && text[end] == '.') {
				continue
			}
			seen[name] = true
			if looksLikeTypeParam(name) && pkg.Scope().Lookup(name) == nil {
				out = append(out, name)
			}
		}
	}
	return out
}

var capitalParam = regexp.MustCompile(`^[A-Z][0-9]*$`)

func looksLikeTypeParam(name string) bool {
	if capitalParam.MatchString(name) {
		return true
	}
	if name[0] < 'a' || name[0] > 'z' || predeclared[name] {
		return false
	}
	return types.Universe.Lookup(name) == nil
}

// bindTypeParams binds each type parameter of the new parameter texts to
// the text of the old parameter at the same position ("[]T" against
// "[]string" binds T to string), consistently across the parameters; ok
// is false when a parameter does not match or a type parameter stays
// unbound.
func bindTypeParams(old, new, tps []string) (map[string]string, bool) {
	bind := map[string]string{}
	isTP := map[string]bool{}
	for _, tp := range tps {
		isTP[tp] = true
	}
	for i := range min(len(old), len(new)) {
		if !matchPattern(new[i], old[i], isTP, bind) {
			return nil, false
		}
	}
	for _, tp := range tps {
		if _, ok := bind[tp]; !ok {
			return nil, false
		}
	}
	return bind, true
}

// matchPattern matches the type text against the pattern whose type
// parameters are isTP, extending bind.
func matchPattern(pattern, text string, isTP map[string]bool, bind map[string]string) bool {
	var re strings.Builder
	var names []string
	last := 0
	re.WriteString("^")
	for _, m := range identifier.FindAllStringIndex(pattern, -1) {
		start, end := m[0], m[1]
		name := pattern[start:end]
		if !isTP[name] || (start > 0 && pattern[start-1] == '.') {
			continue
		}
		re.WriteString(regexp.QuoteMeta(pattern[last:start]))
		re.WriteString("(.+)")
		names = append(names, name)
		last = end
	}
	re.WriteString(regexp.QuoteMeta(pattern[last:]))
	re.WriteString("$")
	if len(names) == 0 {
		return pattern == text
	}
	m := regexp.MustCompile(re.String()).FindStringSubmatch(text)
	if m == nil {
		return false
	}
	for i, name := range names {
		got := m[i+1]
		if closing("("+got+")") != len(got)+1 {
			return false // an unbalanced capture
		}
		if prev, ok := bind[name]; ok && prev != got {
			return false
		}
		bind[name] = got
	}
	return true
}

// substitute writes the texts with the type parameters replaced by their
// bindings.
func substitute(texts []string, bind map[string]string) []string {
	out := make([]string, len(texts))
	for i, text := range texts {
		var b strings.Builder
		last := 0
		for _, m := range identifier.FindAllStringIndex(text, -1) {
			start, end := m[0], m[1]
			repl, ok := bind[text[start:end]]
			if !ok || (start > 0 && text[start-1] == '.') {
				continue
			}
			b.WriteString(text[last:start])
			b.WriteString(repl)
			last = end
		}
		b.WriteString(text[last:])
		out[i] = b.String()
	}
	return out
}
