// Package sortorder stands in for vbom.ml/util/sortorder, which the Go
// module proxy refuses: old k8s.io/kubernetes and kubectl require it, and
// the history runner replaces it by this stub (run.sh, vbomstub) so that
// their module graph loads. Only the names kubectl uses are declared.
package sortorder

// Natural sorts strings in natural order.
type Natural []string

func (n Natural) Len() int           { return len(n) }
func (n Natural) Swap(i, j int)      { n[i], n[j] = n[j], n[i] }
func (n Natural) Less(i, j int) bool { return NaturalLess(n[i], n[j]) }

// NaturalLess compares two strings; this stub compares them bytewise.
func NaturalLess(str1, str2 string) bool { return str1 < str2 }
