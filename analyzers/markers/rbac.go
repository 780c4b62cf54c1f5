package markers

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/opvet/opvet/internal/astx"
	"github.com/opvet/opvet/internal/markersyntax"
	"github.com/opvet/opvet/passes/markerindex"
)

// An RBAC marker that controller-gen ignores loses its rule only if no
// marker it reads grants that rule: controller-gen merges the rules of
// every package-level +kubebuilder:rbac into one role. grantedElsewhere
// names, as a message suffix, the package's markers that grant every
// (group, resource, verb) of m, or returns "" when some is not granted in
// the package (another package may still grant it: the message then
// stays as it is).
func (c *checker) grantedElsewhere(m *markerindex.Marker) string {
	want := parseRule(m.Args)
	if want == nil {
		return ""
	}
	var by []*markerindex.Marker
	for _, t := range want.triples() {
		i := slices.IndexFunc(c.idx.All, func(o *markerindex.Marker) bool {
			if o == m || o.Registered != m.Registered || o.Target == 0 || astx.InTestFile(c.pass.Fset, o.Pos) {
				return false
			}
			r := parseRule(o.Args)
			return r != nil && r.grants(t, want.rest)
		})
		if i < 0 {
			return ""
		}
		if !slices.Contains(by, c.idx.All[i]) {
			by = append(by, c.idx.All[i])
		}
	}
	var at []string
	for _, o := range by {
		p := c.pass.Fset.Position(o.Pos)
		at = append(at, filepath.Base(p.Filename)+":"+strconv.Itoa(p.Line))
	}
	return " (this changes nothing in the role: markers that controller-gen reads grant the same rule, at " +
		strings.Join(at, ", ") + ")"
}

// rule is an RBAC marker's rule: its groups, resources and verbs, and its
// other arguments (namespace, urls, resourceNames) as written.
type rule struct {
	groups, resources, verbs []string
	rest                     map[string]string
}

// triples returns every (group, resource, verb) the rule grants.
func (r *rule) triples() [][3]string {
	var out [][3]string
	for _, g := range r.groups {
		for _, res := range r.resources {
			for _, v := range r.verbs {
				out = append(out, [3]string{g, res, v})
			}
		}
	}
	return out
}

// grants reports whether r grants t with the same other arguments as
// rest, or fewer restrictions (no resourceNames where rest has some).
func (r *rule) grants(t [3]string, rest map[string]string) bool {
	if !has(r.groups, t[0]) || !has(r.resources, t[1]) || !has(r.verbs, t[2]) {
		return false
	}
	for k, v := range r.rest {
		if rest[k] != v {
			return false
		}
	}
	for k := range rest {
		if _, ok := r.rest[k]; !ok && k != "resourcenames" {
			return false
		}
	}
	return true
}

// has reports whether list holds x or the wildcard.
func has(list []string, x string) bool {
	return slices.Contains(list, x) || slices.Contains(list, "*")
}

// parseRule parses controller-gen's RBAC arguments
// (`groups=apps;"",resources={deployments,pods},verbs=get;list`), or
// returns nil when resources or verbs are missing (no groups is the core
// group).
func parseRule(args string) *rule {
	r := &rule{rest: map[string]string{}}
	as, _ := markersyntax.SplitArgs(args)
	for _, a := range as {
		if a.Key == "" {
			return nil
		}
		switch key := strings.ToLower(a.Key); key {
		case "groups":
			r.groups = values(a.Value)
		case "resources":
			r.resources = values(a.Value)
		case "verbs":
			r.verbs = values(a.Value)
		default:
			r.rest[key] = a.Value
		}
	}
	if r.resources == nil || r.verbs == nil {
		return nil
	}
	if r.groups == nil {
		r.groups = []string{""}
	}
	return r
}

// values returns the items of a marker's list value; an empty one is the
// core group ("").
func values(v string) []string {
	if out := markersyntax.List(v); len(out) > 0 {
		return out
	}
	return []string{""}
}
