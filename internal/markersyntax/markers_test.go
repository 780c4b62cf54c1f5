package markersyntax

import (
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		ok   bool
		want Marker
	}{
		{"// +kubebuilder:object:root=true", true, Marker{Offset: 3, Text: "kubebuilder:object:root=true", Name: "kubebuilder:object:root", HasValue: true, Value: "true"}},
		{"//+kubebuilder:subresource:status", true, Marker{Offset: 2, Text: "kubebuilder:subresource:status", Name: "kubebuilder:subresource:status"}},
		{"//\t+optional  ", true, Marker{Offset: 3, Text: "optional", Name: "optional"}},
		{"// +kubebuilder:default:=5", true, Marker{Offset: 3, Text: "kubebuilder:default:=5", Name: "kubebuilder:default", HasValue: true, Value: "5", ColonEquals: true}},
		{`// +kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"`, true,
			Marker{Offset: 3, Text: `kubebuilder:printcolumn:name="Age",type="date",JSONPath=".metadata.creationTimestamp"`,
				Name: "kubebuilder:printcolumn:name", HasValue: true, Value: `"Age",type="date",JSONPath=".metadata.creationTimestamp"`}},
		{"// +groupName=apps.example.com", true, Marker{Offset: 3, Text: "groupName=apps.example.com", Name: "groupName", HasValue: true, Value: "apps.example.com"}},
		{"// +optional some prose", true, Marker{Offset: 3, Text: "optional some prose", Name: "optional", Extra: "some prose"}},
		{"// +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object", true,
			Marker{Offset: 3, Text: "k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object", Name: "k8s:deepcopy-gen:interfaces", HasValue: true, Value: "k8s.io/apimachinery/pkg/runtime.Object"}},
		{"// see +foo", false, Marker{}},
		{"/* +foo */", false, Marker{}},
		{"// +", false, Marker{}},
		{"// + foo", false, Marker{}},
		{"// +1 for this", false, Marker{}},
		{"// ++i", false, Marker{}},
		{"//", false, Marker{}},
		{"", false, Marker{}},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.in)
		if ok != tt.ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) = %+v, %v; want %+v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestResolve(t *testing.T) {
	known := map[string]bool{"kubebuilder:printcolumn": true, "kubebuilder:default": true, "kubebuilder:subresource:status": true, "kubebuilder:rbac": true}
	tests := []struct {
		in, name, args string
		ok             bool
	}{
		{`// +kubebuilder:printcolumn:name="Age",type=date`, "kubebuilder:printcolumn", `name="Age",type=date`, true},
		{`// +kubebuilder:default:=5`, "kubebuilder:default", "5", true},
		{`// +kubebuilder:subresource:status`, "kubebuilder:subresource:status", "", true},
		{`// +kubebuilder:rbac:groups="",resources=pods,verbs=get`, "kubebuilder:rbac", `groups="",resources=pods,verbs=get`, true},
		{`// +kubebuilder:subresource:staus`, "", "", false},
		{`// +kubebuilder:printcolumn:name:="x"`, "", "", false},
	}
	for _, tt := range tests {
		m, _ := Parse(tt.in)
		name, args, ok := m.Resolve(func(s string) bool { return known[s] })
		if name != tt.name || args != tt.args || ok != tt.ok {
			t.Errorf("Resolve(%q) = %q, %q, %v; want %q, %q, %v", tt.in, name, args, ok, tt.name, tt.args, tt.ok)
		}
	}
}

func TestSplitArgs(t *testing.T) {
	args, ok := SplitArgs(`name="A,ge",type=date, priority=1,JSONPath=".x",items={a,b},verbs=get;list`)
	if !ok {
		t.Fatal("not ok")
	}
	var got []string
	for _, a := range args {
		got = append(got, a.Key+"|"+a.Value)
	}
	want := []string{`name|"A,ge"`, "type|date", "priority|1", `JSONPath|".x"`, "items|{a,b}", "verbs|get;list"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SplitArgs = %q, want %q", got, want)
	}
	if args[2].Offset != strings.Index(`name="A,ge",type=date, priority=1`, "priority") {
		t.Errorf("offset of priority = %d", args[2].Offset)
	}
	if _, ok := SplitArgs(`a="x`); ok {
		t.Error("unterminated quote: ok")
	}
	if _, ok := SplitArgs(`a={x`); ok {
		t.Error("unbalanced brace: ok")
	}
	if args, _ := SplitArgs(""); len(args) != 0 {
		t.Errorf("empty: %v", args)
	}
	if args, _ := SplitArgs("5"); len(args) != 1 || args[0].Key != "" || args[0].Value != "5" {
		t.Errorf("positional: %v", args)
	}
}

func TestList(t *testing.T) {
	for in, want := range map[string][]string{
		"get;list;watch":   {"get", "list", "watch"},
		`{"a", b}`:         {"a", "b"},
		`{}`:               nil,
		`"x;y"`:            {"x;y"},
		"single":           {"single"},
		"`raw`;\"quoted\"": {"raw", "quoted"},
	} {
		if got := List(in); !reflect.DeepEqual(got, want) {
			t.Errorf("List(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRawList(t *testing.T) {
	for in, want := range map[string][]string{
		`a;"1"; 2`:   {"a", `"1"`, "2"},
		`{"a", 1}`:   {`"a"`, "1"},
		"`b`":        {"`b`"},
		`{k=v, "w"}`: {"k=v", `"w"`},
	} {
		if got := RawList(in); !reflect.DeepEqual(got, want) {
			t.Errorf("RawList(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"// +kubebuilder:object:root=true", "//+kubebuilder:default:=5", `// +kubebuilder:printcolumn:name="Age",type="date"`,
		"// +optional some prose", `// +kubebuilder:rbac:groups="",resources={a,b},verbs=get;list`, "// +", "/* +x */", "// +a=\"\\",
		"// +x={a,{b,c}},y=`q`", "//\u00a0+x", "// +k8s:x=a}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, ok := Parse(s)
		if !ok {
			return
		}
		if m.Offset < 0 || m.Offset >= len(s) || s[m.Offset] != '+' {
			t.Fatalf("Parse(%q): offset %d does not point at '+'", s, m.Offset)
		}
		if !strings.HasPrefix(s[m.Offset+1:], m.Text) {
			t.Fatalf("Parse(%q): text %q does not follow the '+'", s, m.Text)
		}
		if !strings.HasPrefix(m.Text, m.Name) || m.Name == "" {
			t.Fatalf("Parse(%q): name %q is not a prefix of %q", s, m.Name, m.Text)
		}
		m.Resolve(func(string) bool { return true })
		m.Resolve(func(n string) bool { return strings.Count(n, ":") == 1 })
		args, _ := SplitArgs(m.Value)
		for _, a := range args {
			if a.Offset < 0 || a.Offset > len(m.Value) {
				t.Fatalf("SplitArgs(%q): offset %d out of range", m.Value, a.Offset)
			}
			if a.Key == "" && !strings.HasPrefix(m.Value[a.Offset:], a.Value) {
				t.Fatalf("SplitArgs(%q): value %q not at offset %d", m.Value, a.Value, a.Offset)
			}
			List(a.Value)
			Unquote(a.Value)
		}
	})
}
