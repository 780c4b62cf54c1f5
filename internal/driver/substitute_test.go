package driver

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestSubstitute replaces a required analyzer and checks that the copies
// of the analyzers above it find its replacement's result under the
// original keys, that unrelated analyzers stay themselves, and that the
// originals are not modified.
func TestSubstitute(t *testing.T) {
	result := func(v string) func(*analysis.Pass) (any, error) {
		return func(*analysis.Pass) (any, error) { return v, nil }
	}
	old := &analysis.Analyzer{Name: "old", Run: result("old")}
	repl := &analysis.Analyzer{Name: "old", Run: result("new")}
	other := &analysis.Analyzer{Name: "other", Run: result("other")}
	mid := &analysis.Analyzer{Name: "mid", Requires: []*analysis.Analyzer{old}, Run: func(pass *analysis.Pass) (any, error) {
		return "mid saw " + pass.ResultOf[old].(string), nil
	}}
	top := &analysis.Analyzer{Name: "top", Requires: []*analysis.Analyzer{mid, old, other}, Run: func(pass *analysis.Pass) (any, error) {
		return pass.ResultOf[mid].(string) + ", top saw " + pass.ResultOf[old].(string) + " and " + pass.ResultOf[other].(string), nil
	}}

	out := Substitute([]*analysis.Analyzer{top, other}, old, func() *analysis.Analyzer { return repl })
	if out[1] != other {
		t.Errorf("an analyzer that does not require old was copied")
	}
	newTop := out[0]
	if newTop == top || newTop.Requires[1] != repl || newTop.Requires[2] != other {
		t.Fatalf("top's copy requires %v", newTop.Requires)
	}
	newMid := newTop.Requires[0]
	if newMid == mid || newMid.Requires[0] != repl {
		t.Fatalf("mid was not copied with repl: %v", newMid.Requires)
	}
	if top.Requires[0] != mid || mid.Requires[0] != old {
		t.Errorf("the original analyzers were modified")
	}

	// Run the copies as a driver would: each pass holds the results of
	// the analyzers it requires, under the keys of its Requires.
	midRes, err := newMid.Run(&analysis.Pass{ResultOf: map[*analysis.Analyzer]any{repl: "new"}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := newTop.Run(&analysis.Pass{ResultOf: map[*analysis.Analyzer]any{newMid: midRes, repl: "new", other: "other"}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "mid saw new, top saw new and other"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}

	// Nothing requires old: the replacement is never made.
	made := false
	if out := Substitute([]*analysis.Analyzer{other}, old, func() *analysis.Analyzer { made = true; return repl }); out[0] != other || made {
		t.Errorf("without a requirement of old: %v, replacement made %v", out, made)
	}
}
