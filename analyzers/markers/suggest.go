package markers

import (
	"strings"

	"github.com/opvet/opvet/internal/markersyntax"
	"github.com/opvet/opvet/passes/markerindex"
)

// suggestion is a known marker close to an unknown one.
type suggestion struct {
	name     string // the known marker's name
	text     string // the corrected marker text, arguments kept
	dist     int    // edit distance of the names, case-insensitive
	caseOnly bool   // the names differ only in case
}

// suggest finds the known marker that m most likely misspells: by edit
// distance on its whole name, or, when m has arguments, on its name
// without the last segment (which may be the first argument's key, as in
// `+kubebuilder:printcolum:name="Age"`). An ambiguous match suggests
// nothing.
func suggest(m *markerindex.Marker) (suggestion, bool) {
	type form struct {
		name string
		rest string // text that follows the name in the marker
	}
	// Name is a prefix of Text (before any ":=").
	forms := []form{{m.Name, m.Text[min(len(m.Name), len(m.Text)):]}}
	i := strings.LastIndexByte(m.Name, ':')
	if i > 0 {
		if m.HasValue && !m.ColonEquals {
			forms = append(forms, form{m.Name[:i], m.Text[i:]})
		}
		// `+kubebuilder:validation:Minimum:1` for `...Minimum=1`.
		if d, ok := markersyntax.Lookup(m.Name[:i]); ok && !m.HasValue {
			if _, anon := d.Arg(""); anon {
				return suggestion{name: m.Name[:i], text: m.Name[:i] + "=" + m.Name[i+1:], dist: 1}, true
			}
		}
	}
	best, found, ambiguous := suggestion{dist: 1 << 30}, false, false
	for _, f := range forms {
		lf := strings.ToLower(f.name)
		for _, k := range markersyntax.KnownNames() {
			lk := strings.ToLower(k)
			if abs(len(lk)-len(lf)) > 2 {
				continue
			}
			d := distance(lf, lk)
			if d > maxDistance(lf, lk) {
				continue
			}
			if lf == lk {
				d = 0
			}
			switch {
			case d < best.dist:
				best = suggestion{name: k, text: k + f.rest, dist: d, caseOnly: lf == lk}
				found, ambiguous = true, false
			case d == best.dist && k != best.name:
				ambiguous = true
			}
		}
	}
	if !found || ambiguous {
		return suggestion{}, false
	}
	return best, true
}

// maxDistance is the edit distance allowed between a misspelling and a
// known name (both lowercase): the last segment carries the meaning, and
// short ones are easily confused; a misspelled namespace before an exact
// last segment may be off by two.
func maxDistance(written, known string) int {
	last := known[strings.LastIndexByte(known, ':')+1:]
	if strings.Contains(known, ":") && written[strings.LastIndexByte(written, ':')+1:] == last {
		return 2
	}
	switch {
	case len(last) <= 4:
		return 0
	case len(last) <= 8:
		return 1
	}
	return 2
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// distance is the Levenshtein distance of a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
