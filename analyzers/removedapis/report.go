package removedapis

import (
	"fmt"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/apilifecycle"
)

// verdict is what the target makes of a subject.
type verdict struct {
	removed, deprecated bool
	// deprecatedIn and removedIn are the releases (0: unknown); for a
	// whole group/version, the newest of its kinds.
	deprecatedIn, removedIn int
	// use is the replacement ("batch/v1", "autoscaling/v1 Scale"), or
	// "" when there is none.
	use string
}

// verdictOf judges a subject on Kubernetes 1.minor. A group/version
// without a known kind is removed (deprecated) when every kind of it is.
func verdictOf(s subject, minor int) verdict {
	v := verdict{removed: true, deprecated: true}
	uses := map[string]bool{}
	for _, row := range s.rows {
		removed, deprecated := row.Served(minor)
		v.removed = v.removed && removed
		v.deprecated = v.deprecated && (removed || deprecated)
		v.deprecatedIn = max(v.deprecatedIn, row.Deprecated)
		v.removedIn = max(v.removedIn, row.Removed)
		if row.Replacement.Kind != "" {
			uses[replacementOf(row, s.kind != "")] = true
		}
	}
	if len(uses) == 1 {
		for u := range uses {
			v.use = u
		}
	}
	if v.removed {
		v.deprecated = false
	}
	return v
}

// replacementOf names a row's replacement: its group/version, and its
// kind when that differs (List kinds aside).
func replacementOf(row apilifecycle.Kind, withKind bool) string {
	r := row.Replacement
	if !withKind || r.Kind == row.Kind || r.Kind == row.Kind+"List" {
		return r.GroupVersion()
	}
	return r.GroupVersion() + " " + r.Kind
}

// name is how messages name the subject: "batch/v1beta1 CronJob", or the
// group/version alone.
func (s subject) name() string {
	gv := apilifecycle.GVK{Group: s.group, Version: s.version}.GroupVersion()
	if s.kind == "" {
		return gv
	}
	return gv + " " + s.kind
}

// judge reports u when the target no longer serves s (or, with
// deprecated, when it deprecates it). site is where a fix could edit the
// version, or nil.
func (c *checker) judge(s subject, u use, site fixSite) {
	if len(s.rows) == 0 {
		return
	}
	// Decide on the rows alone before reading go.mod: most uses are of
	// kinds that every release serves.
	if !anyPast(s.rows) {
		return
	}
	t := c.targetOf(u.node.Pos())
	if !t.ok {
		return
	}
	v := verdictOf(s, t.minor)
	if !v.removed && !(v.deprecated && c.cfg.Deprecated) {
		return
	}
	if len(s.rows) == 1 && c.switchesVersion(s.rows[0], u.node) {
		return
	}
	d := analysis.Diagnostic{Pos: u.pos(), End: u.node.End(), Message: c.message(s, u, v, t)}
	if site != nil && len(s.rows) == 1 && s.kind != "" {
		if fix, ok := c.fix(site, s.rows[0]); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	c.rep.Report(d)
	if c.fn != nil {
		if c.fn.reported == nil {
			c.fn.reported = map[string]bool{}
		}
		c.fn.reported[s.name()] = true
	}
}

// anyPast reports whether some row has a deprecation or removal at all.
func anyPast(rows []apilifecycle.Kind) bool {
	for _, r := range rows {
		if r.Removed > 0 || r.Deprecated > 0 {
			return true
		}
	}
	return false
}

func (c *checker) message(s subject, u use, v verdict, t target) string {
	instead := "; use " + v.use
	if v.use == "" {
		instead = "; it has no replacement, so remove this use"
	}
	if v.removed {
		return fmt.Sprintf("%s was removed in Kubernetes 1.%d, so %s fails on 1.%d (%s) with %s%s",
			s.name(), v.removedIn, u.what(), t.minor, t.source, errorText(s, u), instead)
	}
	when := fmt.Sprintf("is deprecated since Kubernetes 1.%d", v.deprecatedIn)
	switch {
	case v.removedIn > apilifecycle.NewestMinor:
		when += fmt.Sprintf(" and to be removed in 1.%d", v.removedIn)
	case v.removedIn > 0:
		when += fmt.Sprintf(" and removed in 1.%d", v.removedIn)
	}
	stops := "stops working when the cluster drops it"
	if v.removedIn > 0 {
		stops = fmt.Sprintf("stops working on clusters from 1.%d on", v.removedIn)
	}
	return fmt.Sprintf("%s %s, so %s %s%s", s.name(), when, u.what(), stops, instead)
}

// what names the use in messages.
func (u use) what() string {
	switch {
	case u.verb == typeMetaVerb:
		return "sending this object (its TypeMeta sets that apiVersion)"
	case u.verb == "source.Kind" || u.verb == "EnqueueRequestForOwner":
		return "this " + u.verb + " watch"
	case strings.HasPrefix(u.verb, "New"):
		return u.verb
	case u.verb == "RESTClient":
		return "every request through this RESTClient()"
	case u.how == byPath && token.IsIdentifier(u.verb) && u.verb != "Resource" && u.verb != "ForResource":
		return u.verb + "()" // a getter's name, not a wrapper's "f (which calls Create)"
	}
	return "this " + u.verb
}

// errorText is the error the request gets.
func errorText(s subject, u use) string {
	if u.how == byPath {
		return `"the server could not find the requested resource"`
	}
	kind := s.kind
	if kind == "" {
		kind = "..."
	}
	return fmt.Sprintf("no matches for kind %q in version %q", kind, apilifecycle.GVK{Group: s.group, Version: s.version}.GroupVersion())
}
