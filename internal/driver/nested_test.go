package driver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestUnreachedModules: a run of ./... says which modules that the main
// module replaces with a directory of its tree it did not check; a
// module replaced with a directory outside the tree, a fork of another
// module's (its path not below the main module's), and a pattern whose
// tree does not hold the module, say nothing.
func TestUnreachedModules(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"c/c.go":          "package c\n\nimport (\n\tv1 \"example.com/m/api/v1\"\n\t\"example.com/ext\"\n\t\"example.org/lib\"\n)\n\nvar _ v1.Widget\nvar _ = ext.X + lib.Y\n",
		"api/go.mod":      "module example.com/api\n\ngo 1.22\n",
		"api/v1/types.go": "package v1\n\ntype Widget struct{}\n",
		"../ext/go.mod":   "module example.com/ext\n\ngo 1.22\n",
		"../ext/ext.go":   "package ext\n\nconst X = 1\n",
		"lone/go.mod":     "module example.com/lone\n\ngo 1.22\n",
		"lone/lone.go":    "package lone\n",
	})
	gomod := "module example.com/m\n\ngo 1.22\n\nrequire (\n\texample.com/m/api v0.0.0\n\texample.com/ext v0.0.0\n\texample.org/lib v0.0.0\n)\n\n" +
		"replace example.com/m/api => ./api\n\nreplace example.com/ext => ../ext\n\nreplace example.org/lib => ./fork\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		patterns []string
		want     string
	}{
		{[]string{"./..."}, "module example.com/m/api in api, which this module replaces with a directory of its tree, has a go.mod of its own"},
		{[]string{"./c"}, ""},               // not a tree
		{[]string{"./c/..."}, ""},           // a tree without the module
		{[]string{"example.com/m/..."}, ""}, // an import path pattern
	} {
		res, err := Run([]*analysis.Analyzer{funcs}, c.patterns, Options{Dir: dir, Env: offline()})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(res.Notes, "\n")
		if c.want == "" && got != "" || c.want != "" && (len(res.Notes) != 1 || !strings.HasPrefix(got, c.want) || !strings.HasSuffix(got, "run opvet in api too")) {
			t.Errorf("%v: notes %q, want %q", c.patterns, got, c.want)
		}
	}
}
