// Package labels is a stub of k8s.io/apimachinery/pkg/labels.
package labels

type Labels interface {
	Has(label string) (exists bool)
	Get(label string) (value string)
}

type Set map[string]string

func (ls Set) Has(label string) bool   { _, ok := ls[label]; return ok }
func (ls Set) Get(label string) string { return ls[label] }

type Selector interface {
	Matches(Labels) bool
	Empty() bool
	String() string
}

type everything struct{}

func (everything) Matches(Labels) bool { return true }
func (everything) Empty() bool         { return true }
func (everything) String() string      { return "" }

func Everything() Selector { return everything{} }

func SelectorFromSet(ls Set) Selector { return everything{} }
