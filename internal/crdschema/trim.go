package crdschema

import "bytes"

// Parsing is most of the check's cost: cluster-api's CRDs are up to
// 0.35 MB each, two thirds of it descriptions, and every version package
// of a group reads all of them again. Before the YAML library sees a
// document, Trim removes the text the checks never read. Each cut removes
// a whole mapping entry, so the rest stays valid YAML; where the text is
// not laid out as expected nothing is cut, and where a cut goes wrong it
// can only remove a version's whole schema, which makes the check silent
// about that version, never report a field as missing.

// Trim returns doc without description scalars and without the schemas
// of the versions that keep rejects.
func Trim(doc []byte, keep func(version string) bool) []byte {
	lines := bytes.SplitAfter(doc, []byte("\n"))
	drop := make([]bool, len(lines))
	dropDescriptions(lines, drop)
	dropSchemas(lines, drop, keep)
	out := make([]byte, 0, len(doc)/2)
	for i, l := range lines {
		if !drop[i] {
			out = append(out, l...)
		}
	}
	return out
}

// indent returns the indentation of line and its text after it.
func indent(line []byte) (int, []byte) {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	text := line[n:]
	for len(text) > 0 && (text[len(text)-1] == '\n' || text[len(text)-1] == '\r') {
		text = text[:len(text)-1]
	}
	return n, text
}

// blockEnd returns the index after the lines that belong to the entry on
// line i, indented by ind: the following lines indented more, and blank
// lines among them.
func blockEnd(lines [][]byte, i, ind int) int {
	end := i + 1
	for j := i + 1; j < len(lines); j++ {
		n, text := indent(lines[j])
		if len(text) == 0 {
			continue // a blank line
		}
		if n <= ind {
			break
		}
		end = j + 1
	}
	return end
}

var descriptionKey = []byte("description:")

// dropDescriptions marks the `description: <scalar>` entries. An entry
// whose value starts on the next line is kept: it is a property named
// "description", whose value is a schema.
func dropDescriptions(lines [][]byte, drop []bool) {
	for i := 0; i < len(lines); i++ {
		ind, text := indent(lines[i])
		rest, ok := bytes.CutPrefix(text, descriptionKey)
		if !ok {
			continue
		}
		rest = bytes.TrimLeft(rest, " ")
		if len(rest) == 0 || !scalarStart(rest[0]) {
			continue
		}
		end := blockEnd(lines, i, ind)
		if rest[0] == '\'' || rest[0] == '"' {
			// A quoted scalar may continue on lines indented no more
			// than its key: it ends at its closing quote.
			var ok bool
			if end, ok = quotedEnd(lines, i, rest); !ok {
				continue // not laid out as expected: keep it
			}
		}
		for j := i; j < end; j++ {
			drop[j] = true
		}
		i = end - 1
	}
}

// quotedEnd returns the index after the line that closes the quoted
// scalar that rest (the text of line i from its opening quote) starts,
// if nothing but blanks follows the closing quote.
func quotedEnd(lines [][]byte, i int, rest []byte) (int, bool) {
	quote := rest[0]
	text := rest[1:]
	for j := i; j < len(lines); j++ {
		if j > i {
			text = lines[j]
		}
		for k := 0; k < len(text); k++ {
			switch {
			case quote == '"' && text[k] == '\\':
				k++ // an escaped character
			case text[k] == quote && quote == '\'' && k+1 < len(text) && text[k+1] == '\'':
				k++ // '' is a quote inside a single-quoted scalar
			case text[k] == quote:
				return j + 1, len(bytes.TrimSpace(text[k+1:])) == 0
			}
		}
	}
	return 0, false
}

// scalarStart reports whether c can start a scalar value: a block scalar
// indicator, a quote or a plain scalar; not a flow collection, an anchor,
// an alias, a tag or a comment.
func scalarStart(c byte) bool {
	switch c {
	case '{', '[', '&', '*', '!', '#', '%', '@', '`':
		return false
	}
	return true
}

// dropSchemas marks the `schema:` entries of the items of spec.versions
// whose name keep rejects.
func dropSchemas(lines [][]byte, drop []bool, keep func(string) bool) {
	start, listInd := versionsList(lines)
	if start < 0 {
		return
	}
	for i := start; i < len(lines); {
		ind, text := indent(lines[i])
		if len(bytes.TrimSpace(text)) == 0 || text[0] == '#' {
			i++
			continue
		}
		if ind < listInd || (ind == listInd && text[0] != '-') {
			return // the list ended
		}
		if text[0] != '-' {
			return // not laid out as expected
		}
		end := blockEnd(lines, i, ind)
		dropOtherSchema(lines[i:end], drop[i:end], ind+2, keep)
		i = end
	}
}

// versionsList returns the line after `versions:` among the entries of
// spec (the indentation of `group:`), and the indentation of its items,
// or -1.
func versionsList(lines [][]byte) (int, int) {
	specInd := -1
	for i, l := range lines {
		ind, text := indent(l)
		if bytes.HasPrefix(text, []byte("group:")) && specInd < 0 {
			specInd = ind
		}
		if specInd >= 0 && ind == specInd && bytes.Equal(bytes.TrimRight(text, " "), []byte("versions:")) {
			for j := i + 1; j < len(lines); j++ {
				n, t := indent(lines[j])
				if len(bytes.TrimSpace(t)) > 0 && t[0] != '#' {
					if t[0] == '-' && n >= specInd {
						return j, n
					}
					return -1, 0
				}
			}
		}
	}
	return -1, 0
}

// dropOtherSchema marks the schema entry of one version item (its lines,
// its keys indented by keyInd) unless keep accepts its name. The first
// key may follow the item's dash.
func dropOtherSchema(item [][]byte, drop []bool, keyInd int, keep func(string) bool) {
	name, schema := "", -1
	for i, l := range item {
		ind, text := indent(l)
		if i == 0 {
			text = bytes.TrimLeft(text[1:], " ") // after "-"
			ind = keyInd
		}
		if ind != keyInd {
			continue
		}
		if v, ok := bytes.CutPrefix(text, []byte("name:")); ok {
			name = string(bytes.Trim(bytes.TrimSpace(v), `"'`))
		}
		if bytes.Equal(bytes.TrimRight(text, " "), []byte("schema:")) {
			schema = i
		}
	}
	if name == "" || keep(name) || schema <= 0 {
		return
	}
	end := blockEnd(item, schema, keyInd)
	for j := schema; j < end; j++ {
		drop[j] = true
	}
}
