package crdcompat

import (
	"slices"
	"strings"
)

// implies reports whether every value that the CEL rule old accepts, the
// rule r accepts too, as far as the rules' top-level structure shows: r,
// or some alternative of r (its `||` operands), is a conjunction of
// operands of old's top-level `&&` (or all of old). Whitespace outside
// strings and enclosing parentheses do not count. A rule whose top level
// the split cannot tell (a conditional `?:`, an unterminated string)
// implies only itself. Both readings follow CEL's semantics: old accepts a
// value only when each of its conjuncts evaluates to true on it, and an
// alternative that is true makes the disjunction true, whatever the others
// give.
func implies(old, r string) bool {
	conj := splitTop(old, "&&")
	if allIn(splitTop(r, "&&"), conj) {
		return true
	}
	for _, d := range splitTop(r, "||") {
		if allIn(splitTop(d, "&&"), conj) {
			return true
		}
	}
	return false
}

// allIn reports whether every string of xs is in set.
func allIn(xs, set []string) bool {
	for _, x := range xs {
		if !slices.Contains(set, x) {
			return false
		}
	}
	return true
}

// splitTop splits a CEL expression at the operator op ("&&" or "||")
// where it stands outside parentheses, brackets, braces and strings, each
// operand normalized (normalizeCEL). `||` binds looser than `&&` and
// tighter than `?:`: an expression with a conditional at its top level,
// or that cannot be scanned, is returned whole.
func splitTop(expr, op string) []string {
	e := normalizeCEL(expr)
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(e); i++ {
		switch c := e[i]; c {
		case '"', '\'':
			end := stringEnd(e, i)
			if end < 0 {
				return []string{e}
			}
			i = end
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '?':
			if depth == 0 {
				return []string{e}
			}
		default:
			if depth == 0 && strings.HasPrefix(e[i:], op) {
				parts = append(parts, normalizeCEL(e[start:i]))
				start = i + len(op)
				i += len(op) - 1
			}
		}
	}
	return append(parts, normalizeCEL(e[start:]))
}

// normalizeCEL drops whitespace outside strings and the parentheses that
// enclose the whole expression.
func normalizeCEL(expr string) string {
	var b strings.Builder
	for i := 0; i < len(expr); i++ {
		c := expr[i]
		if c == '"' || c == '\'' {
			end := stringEnd(expr, i)
			if end < 0 {
				return strings.TrimSpace(expr)
			}
			b.WriteString(expr[i : end+1])
			i = end
			continue
		}
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			b.WriteByte(c)
		}
	}
	e := b.String()
	for len(e) >= 2 && e[0] == '(' && closingParen(e) == len(e)-1 {
		e = e[1 : len(e)-1]
	}
	return e
}

// stringEnd returns the index of the quote that closes the string
// literal opening at i (backslash escapes skipped), or -1. Triple-quoted
// strings are not scanned: -1.
func stringEnd(e string, i int) int {
	q := e[i]
	if strings.HasPrefix(e[i:], strings.Repeat(string(q), 3)) {
		return -1
	}
	for j := i + 1; j < len(e); j++ {
		switch e[j] {
		case '\\':
			j++
		case q:
			return j
		}
	}
	return -1
}

// closingParen returns the index of the parenthesis that closes the one
// e opens with, or -1.
func closingParen(e string) int {
	depth := 0
	for i := 0; i < len(e); i++ {
		switch e[i] {
		case '"', '\'':
			end := stringEnd(e, i)
			if end < 0 {
				return -1
			}
			i = end
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}
