// Package markersyntax parses marker comments (`// +kubebuilder:object:root=true`)
// with controller-gen's syntax. It is shared by the markers helper pass and
// by every check that reads markers; it never panics, whatever the input.
//
// A marker is a line comment whose first non-space text is '+':
//
//	// +name
//	//+name=value
//	// +name:=value            (the ':=' form of anonymous markers)
//	// +a:b:c=arg,d=arg        (comma-separated key=value arguments)
//	// +x=a;b;c, +x={a,b}      (legacy and braced lists)
//
// The name runs up to the first '='. As in controller-gen, a name whose
// full form is not a known marker may still be a marker whose last name
// segment is its first argument's key (`+kubebuilder:printcolumn:name="Age"`
// is the marker kubebuilder:printcolumn with the argument name="Age"): see
// Marker.Resolve.
package markersyntax

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Marker is one parsed marker comment.
type Marker struct {
	// Offset is the byte offset of the '+' in the comment's text (which
	// starts with "//"); the marker runs from there to the end of the
	// comment text minus trailing space (Offset+1+len(Text)).
	Offset int
	// Text is the marker without the leading '+' and trailing space:
	// `kubebuilder:validation:Minimum=1`.
	Text string
	// Name is the text before the first '=' (without the ':' of ':='):
	// `kubebuilder:validation:Minimum`.
	Name string
	// HasValue tells whether an '=' follows the name; Value is the text
	// after it (`1`), unparsed.
	HasValue bool
	Value    string
	// ColonEquals tells the marker was written `name:=value`.
	ColonEquals bool
	// Extra is text that follows the name after a space when no '='
	// follows (`+optional some prose`): controller-gen sees it as part
	// of the name, so such a marker is never recognized.
	Extra string
}

// Parse parses the text of one comment (as in ast.Comment.Text, starting
// with "//"). It reports false when the comment is not a marker: a block
// comment, no '+' as the first non-space character, or no name that starts
// with a letter after the '+'.
func Parse(comment string) (Marker, bool) {
	if !strings.HasPrefix(comment, "//") {
		return Marker{}, false
	}
	body := comment[2:]
	lead := len(body) - len(strings.TrimLeftFunc(body, unicode.IsSpace))
	body = strings.TrimSpace(body)
	if !strings.HasPrefix(body, "+") {
		return Marker{}, false
	}
	text := body[1:]
	m := Marker{Offset: 2 + lead, Text: text}
	name, value, hasValue := strings.Cut(text, "=")
	if hasValue {
		if n, ok := strings.CutSuffix(name, ":"); ok {
			name = n
			m.ColonEquals = true
		}
		m.HasValue = true
		m.Value = value
	}
	if i := strings.IndexFunc(name, unicode.IsSpace); i >= 0 {
		// `+optional some prose`, `+foo bar=baz`: controller-gen never
		// matches such a name; keep the first word as the name.
		m.Extra = strings.TrimSpace(text[i:])
		name = text[:i]
		m.HasValue, m.Value, m.ColonEquals = false, "", false
	}
	if !validName(name) {
		return Marker{}, false
	}
	m.Name = name
	return m, true
}

// validName reports whether s can be a marker name: a letter, then
// letters, digits and the punctuation that marker names use.
func validName(s string) bool {
	if s == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s)
	if !unicode.IsLetter(r) {
		return false
	}
	for _, r := range s {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r):
		case strings.ContainsRune(":-_./", r):
		default:
			return false
		}
	}
	return true
}

// Resolve finds the registered marker that m is, the way controller-gen's
// registry does: first the whole name, then the name without its last
// ':'-segment, which is then the key of the first argument. known reports
// whether a name is a registered marker. It returns the registered name
// and the argument text as controller-gen parses it.
func (m Marker) Resolve(known func(name string) bool) (name, args string, ok bool) {
	if known(m.Name) {
		return m.Name, m.Value, true
	}
	if m.ColonEquals || !m.HasValue {
		return "", "", false
	}
	i := strings.LastIndexByte(m.Name, ':')
	if i < 0 || !known(m.Name[:i]) {
		return "", "", false
	}
	return m.Name[:i], m.Name[i+1:] + "=" + m.Value, true
}

// Arg is one argument of a marker: `key=value`, or a positional value
// (Key == "") as the anonymous argument of `+name=value`.
type Arg struct {
	Key   string
	Value string // raw text, trimmed of spaces; see Unquote and List
	// Offset is the byte offset of the argument in the text given to
	// SplitArgs.
	Offset int
}

// SplitArgs splits an argument list (`a=1,b="x,y",c={p,q}`) at the commas
// that are outside quotes and braces. An argument without `key=` gets an
// empty Key; keys are identifiers. Unbalanced quotes or braces make the
// rest of the text one argument; SplitArgs reports ok=false then.
func SplitArgs(s string) (args []Arg, ok bool) {
	ok = true
	start := 0
	depth := 0
	flush := func(end int) {
		raw := s[start:end]
		a := Arg{Offset: start + len(raw) - len(strings.TrimLeftFunc(raw, unicode.IsSpace))}
		raw = strings.TrimSpace(raw)
		if k, v, found := strings.Cut(raw, "="); found && isIdent(strings.TrimSpace(k)) {
			a.Key = strings.TrimSpace(k)
			a.Value = strings.TrimSpace(v)
		} else {
			a.Value = raw
		}
		args = append(args, a)
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '`', '\'':
			j := closingQuote(s, i)
			if j < 0 {
				ok = false
				i = len(s) - 1
				continue
			}
			i = j
		case '{':
			depth++
		case '}':
			if depth == 0 {
				ok = false
			} else {
				depth--
			}
		case ',':
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	if depth != 0 {
		ok = false
	}
	if strings.TrimSpace(s) != "" || len(args) > 0 {
		flush(len(s))
	}
	return args, ok
}

// closingQuote returns the index of the quote that closes the one at
// s[i], or -1.
func closingQuote(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			if q != '`' {
				j++
			}
		case q:
			return j
		}
	}
	return -1
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if !(unicode.IsLetter(r) || r == '_' || (i > 0 && unicode.IsDigit(r))) {
			return false
		}
	}
	return true
}

// Unquote returns a string value without its quotes ("x", `x`), or the
// trimmed bare value.
func Unquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' || v[0] == '`') && v[len(v)-1] == v[0] {
		if s, err := strconv.Unquote(v); err == nil {
			return s
		}
	}
	return v
}

// List returns the items of a list value, `{a,b}` or the legacy `a;b`,
// each unquoted. A value that is neither is a list of itself.
func List(v string) []string {
	items := RawList(v)
	for i, it := range items {
		items[i] = Unquote(it)
	}
	return items
}

// RawList is List with each item as written, quotes kept and spaces
// trimmed: a quoted "1" and a bare 1 stay apart.
func RawList(v string) []string {
	v = strings.TrimSpace(v)
	var items []string
	if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") {
		inner := v[1 : len(v)-1]
		if strings.TrimSpace(inner) == "" {
			return nil
		}
		args, _ := SplitArgs(inner)
		for _, a := range args {
			val := a.Value
			if a.Key != "" {
				val = a.Key + "=" + a.Value
			}
			items = append(items, val)
		}
		return items
	}
	for _, p := range splitTop(v, ';') {
		items = append(items, strings.TrimSpace(p))
	}
	return items
}

// splitTop splits s at sep outside quotes.
func splitTop(s string, sep byte) []string {
	var parts []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"', '`', '\'':
			if j := closingQuote(s, i); j >= 0 {
				i = j
			}
		case sep:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}
