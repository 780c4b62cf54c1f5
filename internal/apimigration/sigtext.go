package apimigration

import "strings"

// CutTop slices s around the first instance of sep that lies outside
// brackets ((), [] and {}), as strings.Cut does: the table's signature and
// type texts nest commas and words in parameter lists and type arguments.
func CutTop(s, sep string) (before, after string, found bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
		if depth == 0 && strings.HasPrefix(s[i:], sep) {
			return s[:i], s[i+len(sep):], true
		}
	}
	return s, "", false
}
