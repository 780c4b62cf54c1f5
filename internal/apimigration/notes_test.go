package apimigration

import (
	"strings"
	"testing"
)

// TestNotesMatchRows: every curated note explains a row of the generated
// table (a change or a deprecation of that release), so that a note
// cannot outlive the change it was written for.
func TestNotesMatchRows(t *testing.T) {
	for _, n := range Notes {
		found := false
		for _, c := range Changes {
			if c.Minor == n.Minor && n.matches(c.Pkg, c.Object) {
				found = true
				break
			}
		}
		for _, d := range Deprecations {
			if d.Minor == n.Minor && n.matches(d.Pkg, d.Object) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("note %s %s (release %d) matches no row", n.Pkg, n.Object, n.Minor)
		}
		if (n.Fix == Rename) != (n.Rename != "") {
			t.Errorf("note %s %s: Fix %d with Rename %q", n.Pkg, n.Object, n.Fix, n.Rename)
		}
		if n.Advice == "" || strings.HasSuffix(n.Advice, ".") {
			t.Errorf("note %s %s: advice %q (want a clause without a final period)", n.Pkg, n.Object, n.Advice)
		}
	}
}

func TestNoteFor(t *testing.T) {
	const cache = "sigs.k8s.io/controller-runtime/pkg/cache"
	if n, ok := NoteFor(cache, "Options.Namespace", 15, 15); !ok || !strings.Contains(n.Advice, "Namespaces: []string") {
		t.Errorf("target v0.15: %+v", n)
	}
	if n, ok := NoteFor(cache, "Options.Namespace", 15, 21); !ok || !strings.Contains(n.Advice, "DefaultNamespaces") {
		t.Errorf("target v0.21: %+v", n)
	}
	if n, ok := NoteFor("k8s.io/client-go/kubernetes/typed/apps/v1", "DeploymentInterface.Get", 18, 30); !ok || n.Fix != ContextArg {
		t.Errorf("typed client: %+v, %v", n, ok)
	}
	if _, ok := NoteFor("k8s.io/client-go/kubernetes/typed/apps/v1", "DeploymentInterface.Get", 19, 30); ok {
		t.Error("a note of release 18 matched a row of 19")
	}
}

func TestBehaviours(t *testing.T) {
	seen := map[string]bool{}
	for _, b := range Behaviours {
		if seen[b.ID] || b.ID == "" {
			t.Errorf("behaviour id %q repeated or empty", b.ID)
		}
		seen[b.ID] = true
		if !strings.HasPrefix(b.Source, "https://github.com/") || b.What == "" || b.Advice == "" {
			t.Errorf("behaviour %s: incomplete %+v", b.ID, b)
		}
		if BehaviourOf(b.ID) != b {
			t.Errorf("BehaviourOf(%s)", b.ID)
		}
	}
}
