package removedapis

import (
	"go/ast"
	"go/constant"
	"go/types"
	"path"

	"github.com/opvet/opvet/internal/apilifecycle"
	"github.com/opvet/opvet/internal/k8s"
)

// switchesVersion reports whether the current function also uses the
// replacement of row: the Go type of the replacement kind (same group),
// or its apiVersion string. Such a function picks the version the cluster
// serves (Owns(&batchv1.CronJob{}) or, on old clusters,
// Owns(&batchv1beta1.CronJob{})), and its use of the removed version runs
// only where it is served.
func (c *checker) switchesVersion(row apilifecycle.Kind) bool {
	r := row.Replacement
	if r.Kind == "" || c.fn == nil {
		return false
	}
	key := row.Path + "." + row.Kind
	if v, ok := c.fn.switches[key]; ok {
		return v
	}
	replPath := ""
	if r.Group == row.Group {
		replPath = path.Dir(row.Path) + "/" + r.Version
	}
	gv := r.GroupVersion()
	info := c.pass.TypesInfo
	found := false
	ast.Inspect(c.fn.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if tn, ok := info.Uses[n].(*types.TypeName); ok && replPath != "" &&
				tn.Name() == r.Kind && k8s.PkgPath(tn.Pkg()) == replPath {
				found = true
			}
		case *ast.BasicLit:
			if tv, ok := info.Types[n]; ok && tv.Value != nil && tv.Value.Kind() == constant.String && constant.StringVal(tv.Value) == gv {
				found = true
			}
		}
		return !found
	})
	if c.fn.switches == nil {
		c.fn.switches = map[string]bool{}
	}
	c.fn.switches[key] = found
	return found
}
