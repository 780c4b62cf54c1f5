package crdcompat

import (
	"fmt"
	"go/token"
	"math"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/mod/semver"

	"github.com/opvet/opvet/internal/crdschema"
)

// Bounds of the comparison.
const (
	maxCompareDepth = 64
	maxPaths        = 3 // paths named in one message
)

// ratchetingNote says what the API server's validation ratcheting does
// for a tightened validation: CRDValidationRatcheting is beta and on by
// default from Kubernetes 1.30, GA in 1.33 (KEP-4008).
const ratchetingNote = "validation ratcheting spares unchanged fields only from Kubernetes 1.30 on, where it is on by default"

// finding is one breaking change, at one position, for one or more paths.
type finding struct {
	pos    token.Pos
	rule   string
	what   string // the change, with %s for the paths
	effect string
	fix    string
	paths  []string
}

// comparer compares the base schema of one kind version with the current
// one and collects findings.
type comparer struct {
	kind, version, ref string
	// generator is the controller-gen version that wrote the base
	// manifest ("" for a base read from Go source).
	generator string
	allowed   func(path string) bool
	// confirm, when set, keeps only the findings whose rule and path it
	// accepts: those that the base's Go source gives too.
	confirm  func(rule, path string) bool
	fallback token.Pos // where findings without a position go
	byKey    map[string]*finding
	order    []*finding
	seen     []string // rule and path of every finding, merged or not
}

// reported returns whether the comparison found rule at path.
func (c *comparer) reported() func(rule, path string) bool {
	set := map[string]bool{}
	for _, k := range c.seen {
		set[k] = true
	}
	return func(rule, path string) bool { return set[rule+"\x00"+path] }
}

// add records a finding about path at pos; findings of the same rule and
// text at the same position are merged.
func (c *comparer) add(pos token.Pos, path, rule, what, effect, fix string) {
	c.addKeyed(pos, rule, path, path, rule, what, effect, fix)
}

// addKeyed is add with the rule and path that confirm compares, which
// differ for a rename: it is the removal of the old path.
func (c *comparer) addKeyed(pos token.Pos, keyRule, keyPath, path, rule, what, effect, fix string) {
	if c.allowed(path) || (c.confirm != nil && !c.confirm(keyRule, keyPath)) {
		return
	}
	c.seen = append(c.seen, keyRule+"\x00"+keyPath)
	if !pos.IsValid() {
		pos = c.fallback
	}
	k := fmt.Sprint(pos, "\x00", rule, "\x00", what)
	if f := c.byKey[k]; f != nil {
		if !slices.Contains(f.paths, path) {
			f.paths = append(f.paths, path)
		}
		return
	}
	f := &finding{pos: pos, rule: rule, what: what, effect: effect, fix: fix, paths: []string{path}}
	c.byKey[k] = f
	c.order = append(c.order, f)
}

// message renders a finding as one sentence.
func (c *comparer) message(f *finding) string {
	what := f.what
	if strings.Contains(what, "%s") {
		what = fmt.Sprintf(what, namesOf(f.paths))
	}
	return fmt.Sprintf("%s %s (against %s): %s, so %s; %s", c.kind, c.version, c.ref, what, f.effect, f.fix)
}

// namesOf lists paths for a message: the first few and a count.
func namesOf(paths []string) string {
	if len(paths) > maxPaths {
		return strings.Join(paths[:maxPaths], ", ") + " and " + strconv.Itoa(len(paths)-maxPaths) + " more"
	}
	return strings.Join(paths, ", ")
}

// walk compares the base schema b with the current schema s at path.
func (c *comparer) walk(b, s *crdschema.Schema, path string, depth int) {
	if b == nil || s == nil || depth > maxCompareDepth {
		return
	}
	if s.Origin != nil && s.Origin.Allow != "" && s.Origin.Allow != "-" {
		return // +opvet:compat:allow=<reason>
	}
	if c.allowed(path) {
		return
	}
	if c.typeChanged(b, s, path) {
		return
	}
	c.values(b, s, path)
	c.semantics(b, s, path)
	c.defaults(b, s, path)
	if s.Opaque || b.Opaque {
		return
	}
	c.properties(b, s, path, depth)
	c.walk(b.Items, s.Items, path+"[*]", depth+1)
	c.walk(b.AdditionalProperties, s.AdditionalProperties, join(path, "*"), depth+1)
}

// effectiveType is the type a value must have; "" accepts any.
func effectiveType(s *crdschema.Schema) string {
	if s.IntOrString {
		return "int-or-string"
	}
	return s.Type
}

// typeChanged reports a type that accepts less than the base's.
func (c *comparer) typeChanged(b, s *crdschema.Schema, path string) bool {
	bt, st := effectiveType(b), effectiveType(s)
	if bt == st || (st == "" && s.External) || (bt == "" && b.External) {
		return false
	}
	switch {
	case st == "": // any value now
		return false
	case bt == "integer" && st == "number", st == "int-or-string" && (bt == "integer" || bt == "string"):
		return false // widened
	}
	c.add(s.At(crdschema.AttrType), path, "type", fmt.Sprintf("%%s changed type from %s to %s", typeName(bt), typeName(st)),
		"existing objects that set it fail validation on their next update and clients that decode it break",
		"keep the type and add a field with the new one (deprecate the old field), or change it in a new version with conversion")
	return true
}

func typeName(t string) string {
	if t == "" {
		return "any type"
	}
	return t
}

// tightened reports a validation that accepts less than the base's.
func (c *comparer) tightened(s *crdschema.Schema, attr, path, what string) {
	c.add(s.At(attr), path, "validation", what,
		"existing objects whose value the new rule refuses are rejected on their next update ("+ratchetingNote+")",
		"only loosen validations of a served version, or tighten them in a new version")
}

// values compares the validations of values.
func (c *comparer) values(b, s *crdschema.Schema, path string) {
	c.enum(b, s, path)
	c.bounds(b, s, path)
	c.lengths(b, s, path)
	if s.UniqueItems && !b.UniqueItems {
		c.tightened(s, crdschema.AttrUnique, path, "%s must hold unique items")
	}
	if s.Pattern != "" && s.Pattern != b.Pattern {
		what := fmt.Sprintf("%%s got the pattern %q", s.Pattern)
		if b.Pattern != "" {
			what = fmt.Sprintf("%%s changed its pattern from %q to %q", b.Pattern, s.Pattern)
		}
		c.tightened(s, crdschema.AttrPattern, path, what)
	}
	c.format(b, s, path)
	c.rules(b, s, path)
	if b.Nullable && !s.Nullable && !s.External {
		c.add(s.At(crdschema.AttrNullable), path, "nullable", "%s is no longer nullable",
			"existing objects that hold null there are rejected on their next update",
			"keep +nullable")
	}
}

// enum reports an enum added to a field, or values removed from it.
func (c *comparer) enum(b, s *crdschema.Schema, path string) {
	if len(s.Enum) == 0 {
		return
	}
	if len(b.Enum) == 0 {
		c.tightened(s, crdschema.AttrEnum, path, "%s got an enum ("+strings.Join(s.Enum, ", ")+")")
		return
	}
	var gone []string
	for _, v := range b.Enum {
		if !slices.Contains(s.Enum, v) {
			gone = append(gone, v)
		}
	}
	if len(gone) > 0 {
		c.tightened(s, crdschema.AttrEnum, path, "%s no longer allows "+strings.Join(gone, ", "))
	}
}

// bounds reports a minimum raised or added, a maximum lowered or added,
// and a multipleOf that is not a divisor of the base's.
func (c *comparer) bounds(b, s *crdschema.Schema, path string) {
	if s.Minimum != nil && (b.Minimum == nil || *s.Minimum > *b.Minimum || (*s.Minimum == *b.Minimum && s.ExclusiveMinimum && !b.ExclusiveMinimum)) {
		c.tightened(s, crdschema.AttrMinimum, path, "%s "+boundChange("minimum", b.Minimum, s.Minimum, s.ExclusiveMinimum))
	}
	if s.Maximum != nil && (b.Maximum == nil || *s.Maximum < *b.Maximum || (*s.Maximum == *b.Maximum && s.ExclusiveMaximum && !b.ExclusiveMaximum)) {
		c.tightened(s, crdschema.AttrMaximum, path, "%s "+boundChange("maximum", b.Maximum, s.Maximum, s.ExclusiveMaximum))
	}
	if s.MultipleOf != nil && *s.MultipleOf != 0 && (b.MultipleOf == nil || !isMultiple(*b.MultipleOf, *s.MultipleOf)) {
		c.tightened(s, crdschema.AttrMultiple, path, "%s "+boundChange("multipleOf", b.MultipleOf, s.MultipleOf, false))
	}
}

func isMultiple(a, d float64) bool {
	q := a / d
	return math.Abs(q-math.Round(q)) < 1e-9
}

func boundChange(name string, old, cur *float64, exclusive bool) string {
	v := strconv.FormatFloat(*cur, 'g', -1, 64)
	if exclusive {
		v += " (exclusive)"
	}
	if old == nil {
		return "got the " + name + " " + v
	}
	return "changed its " + name + " from " + strconv.FormatFloat(*old, 'g', -1, 64) + " to " + v
}

// lengths reports length, item and property count limits tightened.
func (c *comparer) lengths(b, s *crdschema.Schema, path string) {
	for _, l := range []struct {
		attr, name string
		old, cur   *int64
		min        bool
	}{
		{crdschema.AttrMinLength, "minLength", b.MinLength, s.MinLength, true},
		{crdschema.AttrMaxLength, "maxLength", b.MaxLength, s.MaxLength, false},
		{crdschema.AttrMinItems, "minItems", b.MinItems, s.MinItems, true},
		{crdschema.AttrMaxItems, "maxItems", b.MaxItems, s.MaxItems, false},
		{crdschema.AttrMinProps, "minProperties", b.MinProperties, s.MinProperties, true},
		{crdschema.AttrMaxProps, "maxProperties", b.MaxProperties, s.MaxProperties, false},
	} {
		if l.cur == nil || (l.min && *l.cur == 0) {
			continue
		}
		if l.old != nil && ((l.min && *l.cur <= *l.old) || (!l.min && *l.cur >= *l.old)) {
			continue
		}
		what := fmt.Sprintf("%%s got the %s %d", l.name, *l.cur)
		if l.old != nil {
			what = fmt.Sprintf("%%s changed its %s from %d to %d", l.name, *l.old, *l.cur)
		}
		c.tightened(s, l.attr, path, what)
	}
}

// format reports a format added or changed, but for int32 widened to
// int64.
func (c *comparer) format(b, s *crdschema.Schema, path string) {
	if s.Format == "" || s.Format == b.Format || (b.Format == "int32" && s.Format == "int64") {
		return
	}
	what := fmt.Sprintf("%%s got the format %s", s.Format)
	if b.Format != "" {
		what = fmt.Sprintf("%%s changed its format from %s to %s", b.Format, s.Format)
	}
	c.tightened(s, crdschema.AttrFormat, path, what)
}

// rules reports CEL rules added: an immutability rule, or another one. A
// rule that replaces a base rule it follows from (`A` becoming `A || B`,
// `A && B` becoming `A`) loosens the validation and is not reported.
func (c *comparer) rules(b, s *crdschema.Schema, path string) {
	for _, r := range s.Validations {
		if slices.Contains(b.Validations, r) || loosens(b, s, r) {
			continue
		}
		if crdschema.IsImmutabilityRule(r) {
			c.add(s.At(crdschema.AttrRules), path, "immutable", fmt.Sprintf("%%s became immutable (x-kubernetes-validations rule %q)", r),
				"updates that change it, which the old release accepted, are now rejected (rules on oldSelf are never ratcheted)",
				"make a field immutable only when it is added, or in a new version")
			continue
		}
		if strings.Contains(r, "oldSelf") {
			c.add(s.At(crdschema.AttrRules), path, "transition", fmt.Sprintf("%%s got the transition rule %q", r),
				"updates that the rule refuses, which the old release accepted, are now rejected (rules on oldSelf are never ratcheted)",
				"add transition rules only with the field, or in a new version")
			continue
		}
		c.tightened(s, crdschema.AttrRules, path, fmt.Sprintf("%%s got the x-kubernetes-validations rule %q", r))
	}
}

// loosens reports whether rule r of s replaces a rule of the base b
// (one that s no longer has) that implies it.
func loosens(b, s *crdschema.Schema, r string) bool {
	for _, old := range b.Validations {
		if !slices.Contains(s.Validations, old) && implies(old, r) {
			return true
		}
	}
	return false
}

// semantics compares pruning, list and map merge semantics.
func (c *comparer) semantics(b, s *crdschema.Schema, path string) {
	if b.PreserveUnknownFields && !s.PreserveUnknownFields && !s.External {
		c.add(s.At(crdschema.AttrPreserve), path, "pruning", "%s no longer keeps unknown fields (x-kubernetes-preserve-unknown-fields)",
			"the API server prunes every field the schema does not name from existing objects on their next write, and their data is lost",
			"keep +kubebuilder:pruning:PreserveUnknownFields, or name every field that users set before removing it")
	}
	if b.Type == "array" && s.Type == "array" && (!s.External || s.ListType != "") {
		bl, sl := firstNonEmpty(b.ListType, "atomic"), firstNonEmpty(s.ListType, "atomic")
		switch {
		case bl != sl:
			c.add(s.At(crdschema.AttrListType), path, "listType", fmt.Sprintf("%%s changed its list type from %s to %s", bl, sl),
				"server-side apply merges it differently and moves appliers' field ownership, and existing lists with duplicates are rejected under set or map",
				"keep the list type, or change it in a new version")
		case sl == "map" && !slices.Equal(b.ListMapKeys, s.ListMapKeys):
			c.add(s.At(crdschema.AttrListKeys), path, "listType", fmt.Sprintf("%%s changed its list map keys from %s to %s", strings.Join(b.ListMapKeys, ","), strings.Join(s.ListMapKeys, ",")),
				"server-side apply matches existing items by other keys, and items without the new keys are rejected",
				"keep the keys, or change them in a new version")
		}
	}
	// An object that inlines a type opvet cannot read (Incomplete) may
	// take that type's +structType: controller-gen carries it up (k8gb's
	// ResourceRef, inlining corev1.ObjectReference, is atomic).
	if b.Type == "object" && s.Type == "object" && (!(s.External || s.Incomplete) || s.MapType != "") {
		if bm, sm := firstNonEmpty(b.MapType, "granular"), firstNonEmpty(s.MapType, "granular"); bm != sm {
			c.add(s.At(crdschema.AttrMapType), path, "mapType", fmt.Sprintf("%%s changed its map type from %s to %s", bm, sm),
				"server-side apply merges it differently and moves appliers' field ownership",
				"keep the map type, or change it in a new version")
		}
	}
}

// defaults reports a default added to an existing field or changed.
func (c *comparer) defaults(b, s *crdschema.Schema, path string) {
	if s.Default == "" || s.Default == b.Default {
		return
	}
	if b.Default != "" && strings.HasPrefix(b.Default, "raw:") != strings.HasPrefix(s.Default, "raw:") {
		return // one form opvet could not read: cannot tell
	}
	what := "%s got the default " + strings.TrimPrefix(s.Default, "raw:")
	effect := "existing objects that leave it unset take that value when the API server next reads them, and change meaning"
	if b.Default != "" {
		what = "%s changed its default from " + strings.TrimPrefix(b.Default, "raw:") + " to " + strings.TrimPrefix(s.Default, "raw:")
		effect = "existing objects that leave it unset switch to the new value when the API server next reads them"
	}
	c.add(s.At(crdschema.AttrDefault), path, "default", what, effect,
		"keep the schema's default and apply the new one in the controller (or in a new version)")
}

// properties compares the properties and required lists of an object.
func (c *comparer) properties(b, s *crdschema.Schema, path string, depth int) {
	for _, k := range b.SortedKeys() {
		sub := s.Properties[k]
		if sub != nil {
			c.walk(b.Properties[k], sub, join(path, k), depth+1)
			continue
		}
		if s.Incomplete || s.PreserveUnknownFields || s.External || (path == "" && crdschema.RootMeta[k]) {
			continue
		}
		c.removed(b, s, path, k)
	}
	for _, k := range s.Required {
		if b.IsRequired(k) || (path == "" && crdschema.RootMeta[k]) || c.generatorIgnored(s.RequiredByMarker[k]) {
			continue
		}
		sub := s.Properties[k]
		pos := s.At(crdschema.AttrRequired + "." + k)
		if !pos.IsValid() && sub != nil {
			pos = sub.At("")
		}
		switch {
		case b.Properties[k] != nil:
			c.add(pos, join(path, k), "required", "%s became required",
				"existing objects that leave it unset are rejected on their next update",
				"keep it optional (+optional) and default it in the controller or with +kubebuilder:default")
		case sub != nil && sub.Default == "":
			c.add(pos, join(path, k), "required", "%s was added as a required field without a default",
				"every existing object, which lacks it, is rejected on its next update",
				"make it optional (+optional), or give it a default (+kubebuilder:default)")
		}
	}
}

// generatorIgnored reports whether the controller-gen that wrote the
// base manifest ignored the marker that makes a field with omitempty
// required: before v0.16.0 it read neither +required nor, on such
// fields, +kubebuilder:validation:Required, so the base's optional field
// says nothing about a change of the Go source.
func (c *comparer) generatorIgnored(marker string) bool {
	if marker == "" || c.generator == "" {
		return false
	}
	g := c.generator
	if !strings.HasPrefix(g, "v") {
		g = "v" + g
	}
	return semver.IsValid(g) && semver.Compare(g, "v0.16.0") < 0
}

// removed reports the base property k of path that s lacks: renamed (a
// property of s comes from the same Go field) or gone.
func (c *comparer) removed(b, s *crdschema.Schema, path, k string) {
	old := b.Properties[k]
	for _, nk := range s.SortedKeys() {
		n := s.Properties[nk]
		if b.Properties[nk] != nil || n.GoName == "" {
			continue
		}
		if n.GoName == old.GoName || (old.GoName == "" && strings.EqualFold(n.GoName, k)) {
			c.addKeyed(n.At(""), "removed", join(path, k), join(path, nk), "renamed", fmt.Sprintf("the JSON name of %s changed from %s to %s", n.GoName, join(path, k), "%s"),
				"existing objects keep "+k+", which the API server prunes on their next write, and manifests that set "+k+" lose it",
				"keep the JSON name, or add "+nk+" beside "+k+" and deprecate "+k)
			return
		}
	}
	pos := token.NoPos
	if s.Origin != nil {
		pos = s.Origin.Type
		if !pos.IsValid() {
			pos = s.Origin.At
		}
	}
	c.add(pos, join(path, k), "removed", "field %s was removed",
		"the API server prunes it from existing objects on their next write, and manifests that still set it lose it (or fail strict field validation)",
		"keep the field and deprecate it, or remove it in a new version with conversion")
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
