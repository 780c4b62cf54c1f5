package webhookconfig

import (
	"fmt"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/opvet/opvet/internal/k8s"
	"github.com/opvet/opvet/internal/markersyntax"
	"github.com/opvet/opvet/passes/markerindex"
)

// webhookMarker is one +kubebuilder:webhook marker (or controller-gen
// generator option) with its arguments.
type webhookMarker struct {
	m    *markerindex.Marker // nil for a generator option
	text string              // the argument text
	args []markersyntax.Arg
	// start is the position of the argument text in the file.
	start token.Pos
}

func (w *webhookMarker) find(key string) (int, bool) {
	// controller-gen keeps the last value of a repeated argument.
	for i := len(w.args) - 1; i >= 0; i-- {
		if w.args[i].Key == key {
			return i, true
		}
	}
	return -1, false
}

// span returns the positions of argument i (key=value).
func (w *webhookMarker) span(i int) (token.Pos, token.Pos) {
	text := w.text
	end := len(text)
	if i+1 < len(w.args) {
		end = strings.LastIndexByte(text[:w.args[i+1].Offset], ',')
	}
	raw := strings.TrimRightFunc(text[w.args[i].Offset:end], func(r rune) bool { return r == ' ' || r == '\t' })
	return w.start + token.Pos(w.args[i].Offset), w.start + token.Pos(w.args[i].Offset+len(raw))
}

// deleteArg deletes argument i with the comma that separates it.
func (w *webhookMarker) deleteArg(i int) analysis.TextEdit {
	pos, end := w.span(i)
	switch {
	case i > 0:
		_, prevEnd := w.span(i - 1)
		pos = prevEnd
	case i+1 < len(w.args):
		end = w.start + token.Pos(w.args[i+1].Offset)
	}
	return analysis.TextEdit{Pos: pos, End: end}
}

func (c *checker) marker(m *markerindex.Marker) {
	args, ok := markersyntax.SplitArgs(m.Args)
	if !ok {
		return // malformed: controller-gen says so itself
	}
	w := &webhookMarker{m: m, text: m.Args, args: args, start: m.End - token.Pos(len(m.Args))}
	c.webhookVersions(w)
	if !w.generatesV1() {
		// A v1beta1 configuration requires none of the v1 rules below;
		// the webhookVersions finding says what v1 will need.
		return
	}
	c.markerSideEffects(w)
	c.markerReviewVersions(w)
	c.markerTimeout(w)
}

// generatesV1 reports whether the marker generates a v1 configuration:
// webhookVersions is absent (v1 is the default) or lists v1.
func (w *webhookMarker) generatesV1() bool {
	i, ok := w.find("webhookVersions")
	return !ok || slices.Contains(markersyntax.List(w.args[i].Value), "v1")
}

// missingForV1 names the arguments that a v1 configuration requires and
// the marker lacks.
func (w *webhookMarker) missingForV1() []string {
	var out []string
	for _, name := range []string{"sideEffects", "admissionReviewVersions"} {
		if _, ok := w.find(name); !ok {
			out = append(out, name)
		}
	}
	return out
}

func (c *checker) reportArg(w *webhookMarker, i int, msg string, fix *analysis.SuggestedFix) {
	d := analysis.Diagnostic{Pos: w.m.Pos, End: w.m.End, Message: msg}
	if i >= 0 {
		d.Pos, d.End = w.span(i)
	}
	if fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
	}
	c.rep.Report(d)
}

// configKind names the configuration a marker generates.
func (w *webhookMarker) configKind() string {
	if i, ok := w.find("mutating"); ok && strings.EqualFold(markersyntax.Unquote(w.args[i].Value), "true") {
		return "MutatingWebhookConfiguration"
	}
	return "ValidatingWebhookConfiguration"
}

func (c *checker) webhookVersions(w *webhookMarker) {
	i, ok := w.find("webhookVersions")
	if !ok {
		return
	}
	for _, v := range markersyntax.List(w.args[i].Value) {
		if v != "v1beta1" {
			continue
		}
		fix := &analysis.SuggestedFix{Message: "Drop webhookVersions (v1 is the default)", TextEdits: []analysis.TextEdit{w.deleteArg(i)}}
		advice := "drop webhookVersions, v1 is the default"
		if missing := w.missingForV1(); !w.generatesV1() && len(missing) > 0 {
			advice += " (a v1 configuration also needs " + strings.Join(missing, " and ") + ")"
		}
		c.reportArg(w, i, fmt.Sprintf("webhookVersions=%s generates an admissionregistration.k8s.io/v1beta1 %s, which Kubernetes 1.22 removed "+
			"(no matches for kind %q in version \"admissionregistration.k8s.io/v1beta1\"), and controller-gen rejects it since controller-tools %s "+
			"(unsupported webhook version: v1beta1); %s",
			w.args[i].Value, w.configKind(), w.configKind(), rejectsV1beta1, advice), fix)
		return
	}
}

func (c *checker) markerSideEffects(w *webhookMarker) {
	i, ok := w.find("sideEffects")
	if !ok {
		c.reportArg(w, -1, fmt.Sprintf("+kubebuilder:webhook has no sideEffects, so the API server rejects the v1 %s it generates (%s) "+
			"and controller-gen refuses to generate it since controller-tools %s; add sideEffects=None, or NoneOnDryRun if the webhook skips its side effects on dry runs",
			w.configKind(), sideEffectsRequired, rejectsSideEffects), nil)
		return
	}
	v := markersyntax.Unquote(w.args[i].Value)
	if sideEffectsOK(v) {
		return
	}
	c.reportArg(w, i, fmt.Sprintf("sideEffects=%s is rejected by the v1 admissionregistration API (%s) and by controller-gen since controller-tools %s; "+
		"make the webhook free of side effects (None) or skip them on dry runs (NoneOnDryRun)",
		v, sideEffectsUnsupported(v), rejectsSideEffects), nil)
}

func (c *checker) markerReviewVersions(w *webhookMarker) {
	i, ok := w.find("admissionReviewVersions")
	if !ok {
		var fix *analysis.SuggestedFix
		if c.servesWithControllerRuntime() {
			fix = &analysis.SuggestedFix{Message: "Add admissionReviewVersions=v1", TextEdits: []analysis.TextEdit{{
				Pos: w.m.End, End: w.m.End, NewText: []byte(",admissionReviewVersions=v1")}}}
		}
		// controller-tools v0.4.0 filled in v1 and v1beta1 for the v1
		// configurations it was the first to generate, and earlier releases
		// generate only v1beta1 ones: none of them makes a configuration
		// the v1 API rejects, so the message is about upgrading.
		c.reportArg(w, -1, fmt.Sprintf("+kubebuilder:webhook has no admissionReviewVersions, which a v1 %s requires (%s), "+
			"so controller-gen refuses to generate it since controller-tools %s (earlier releases filled it in or "+
			"generated admissionregistration.k8s.io/v1beta1, which Kubernetes 1.22 no longer serves); add admissionReviewVersions=v1",
			w.configKind(), reviewRequired, rejectsNoReviewVersions), fix)
		return
	}
	vs := markersyntax.List(w.args[i].Value)
	if len(vs) > 0 && !recognizedReview(vs) {
		c.reportArg(w, i, fmt.Sprintf("admissionReviewVersions=%s names no AdmissionReview version the API server speaks, so it rejects the %s (%s); use admissionReviewVersions=v1",
			w.args[i].Value, w.configKind(), reviewInvalid("admissionReviewVersions", vs)), nil)
	}
}

func (c *checker) markerTimeout(w *webhookMarker) {
	i, ok := w.find("timeoutSeconds")
	if !ok {
		return
	}
	t, err := strconv.ParseInt(markersyntax.Unquote(w.args[i].Value), 10, 32)
	if err != nil || t == 0 || validTimeout(t) {
		return // 0 is unset for controller-gen: the API server's default, 10
	}
	c.reportArg(w, i, timeoutMessage(fmt.Sprintf("timeoutSeconds=%d", t), t, w.configKind(),
		fmt.Sprintf(" and controller-gen refuses to generate it since controller-tools %s", rejectsTimeout)), nil)
}

func timeoutMessage(what string, t int64, kind, generator string) string {
	bound := "at most 30"
	if t < 1 {
		bound = "at least 1"
	}
	return fmt.Sprintf("%s is outside 1-30 seconds, so the API server rejects the %s (%s)%s; use %s",
		what, kind, fmt.Sprintf(timeoutInvalid, t), generator, bound)
}

// servesWithControllerRuntime reports whether the package imports
// controller-runtime's webhook server, which speaks AdmissionReview v1.
func (c *checker) servesWithControllerRuntime() bool {
	return k8s.Imports(c.pass.Pkg, "sigs.k8s.io/controller-runtime/pkg/webhook", "sigs.k8s.io/controller-runtime/pkg/webhook/admission")
}
