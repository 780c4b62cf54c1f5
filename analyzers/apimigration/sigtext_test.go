package apimigration

import (
	"go/types"
	"reflect"
	"testing"
)

func TestParseSig(t *testing.T) {
	for _, tc := range []struct {
		text string
		want sigText
	}{
		{"func(context.Context, ObjectKey, Object, ...GetOption) error", sigText{params: []string{"context.Context", "ObjectKey", "Object", "...GetOption"}, results: []string{"error"}}},
		{"func() context.Context", sigText{results: []string{"context.Context"}}},
		{"func(ch <-chan struct{}, f func(a int) error) (n int, err error)", sigText{params: []string{"<-chan struct{}", "func(a int) error"}, results: []string{"int", "error"}}},
		{"func[T runtime.Object](mgr manager.Manager, obj T) *builder.WebhookBuilder[T]", sigText{typeParams: []string{"T"}, params: []string{"manager.Manager", "T"}, results: []string{"*builder.WebhookBuilder[T]"}}},
		{"func(chan int) func() error", sigText{params: []string{"chan int"}, results: []string{"func() error"}}},
	} {
		got, ok := parseSig(tc.text)
		if !ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseSig(%q) = %#v, %v; want %#v", tc.text, got, ok, tc.want)
		}
	}
	for _, bad := range []string{"WebhookBuilder[T]", "func(a, b", "func(a) (b"} {
		if _, ok := parseSig(bad); ok {
			t.Errorf("parseSig(%q) accepted", bad)
		}
	}
}

func TestQualify(t *testing.T) {
	for text, want := range map[string]string{
		"Object":                    "client.Object",
		"*v1.Pod":                   "*v1.Pod",
		"map[string][]Object":       "map[string][]client.Object",
		"context.Context":           "context.Context",
		"func(Object) error":        "func(client.Object) error",
		"TypedHandler[Object, int]": "client.TypedHandler[client.Object, int]",
	} {
		if got := qualify(text, "client"); got != want {
			t.Errorf("qualify(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestTypeParams(t *testing.T) {
	pkg := types.NewPackage("k8s.io/apimachinery/pkg/util/validation/field", "field")
	pkg.Scope().Insert(types.NewTypeName(0, pkg, "Path", nil))
	sig, _ := parseSig("func(*Path, interface{}, []T) *Error")
	tps := impliedTypeParams(sig, pkg)
	if !reflect.DeepEqual(tps, []string{"T"}) {
		t.Fatalf("impliedTypeParams = %v, want [T]", tps)
	}
	old := []string{"*Path", "interface{}", "[]string"}
	bind, ok := bindTypeParams(old, sig.params, tps)
	if !ok || bind["T"] != "string" {
		t.Errorf("bind = %v, %v; want T=string", bind, ok)
	}
	if got := substitute(sig.params, bind); !reflect.DeepEqual(got, old) {
		t.Errorf("substitute = %v, want %v", got, old)
	}
	if _, ok := bindTypeParams([]string{"map[string]int", "bool"}, []string{"map[K]V", "K"}, []string{"K", "V"}); ok {
		t.Errorf("K bound to string and bool")
	}
	if _, ok := bindTypeParams([]string{"[]string"}, []string{"[]T", "...U"}, []string{"T", "U"}); ok {
		t.Errorf("U bound by no parameter")
	}
	if b, ok := bindTypeParams([]string{"map[string][]int"}, []string{"map[K]V"}, []string{"K", "V"}); ok && b["K"] != "string" {
		t.Errorf("unbalanced binding %v", b)
	}
}
