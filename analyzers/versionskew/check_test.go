package versionskew

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/checktest"

	"github.com/opvet/opvet/passes/gomod"
)

var update = flag.Bool("update", false, "rewrite the .golden files of testdata/gomod")

var wantRE = regexp.MustCompile("// want `([^`]*)`")

// TestFixtures runs Check on every go.mod fixture of testdata/gomod: each
// line with a // want `regexp` comment must get exactly one finding that
// matches, other lines none; the fixes of a fixture applied together must
// give its .golden file.
func TestFixtures(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "gomod", "*.mod"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f, err := gomod.Parse(file, data)
			if err != nil {
				t.Fatal(err)
			}
			findings := CheckModFile(f, data, DefaultConfig())
			want := map[int]*regexp.Regexp{}
			for i, line := range strings.Split(string(data), "\n") {
				if m := wantRE.FindStringSubmatch(line); m != nil {
					want[i+1] = regexp.MustCompile(m[1])
				}
			}
			got := map[int]bool{}
			for _, fd := range findings {
				line := bytes.Count(data[:fd.Start], []byte("\n")) + 1
				re := want[line]
				switch {
				case got[line]:
					t.Errorf("%d: second finding: %s", line, fd.Message)
				case re == nil:
					t.Errorf("%d: unexpected finding: %s", line, fd.Message)
				case !re.MatchString(fd.Message):
					t.Errorf("%d: finding %q does not match %q", line, fd.Message, re)
				}
				got[line] = true
			}
			for line, re := range want {
				if !got[line] {
					t.Errorf("%d: no finding; want %q", line, re)
				}
			}
			checkGolden(t, file, data, findings)
		})
	}
}

// checkGolden applies every fix and compares with file.golden.
func checkGolden(t *testing.T, file string, data []byte, findings []Finding) {
	t.Helper()
	var edits []Edit
	for _, fd := range findings {
		if fd.Fix != nil {
			edits = append(edits, fd.Fix.Edits...)
		}
	}
	golden := strings.TrimSuffix(file, ".mod") + ".golden"
	if len(edits) == 0 {
		if _, err := os.Stat(golden); err == nil {
			t.Errorf("%s exists but no finding has a fix", golden)
		}
		return
	}
	fixed := apply(data, edits)
	if *update {
		if err := os.WriteFile(golden, fixed, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("fixes were offered: %v (run go test -update)", err)
	}
	if !bytes.Equal(fixed, want) {
		t.Errorf("fixed go.mod differs from %s:\n%s", golden, fixed)
	}
	// The fixed go.mod must parse and be free of the fixed findings.
	f, err := gomod.Parse(golden, fixed)
	if err != nil {
		t.Fatalf("fixed go.mod does not parse: %v", err)
	}
	for _, fd := range CheckModFile(f, fixed, DefaultConfig()) {
		if fd.Fix != nil {
			t.Errorf("after the fixes, still: %s", fd.Message)
		}
	}
}

func apply(data []byte, edits []Edit) []byte {
	sort.Slice(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	var out []byte
	last := 0
	for _, e := range edits {
		if e.Start < last {
			continue // the same edit offered twice
		}
		out = append(out, data[last:e.Start]...)
		out = append(out, e.New...)
		last = e.End
	}
	return append(out, data[last:]...)
}

func TestConfig(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "gomod", "1-one-bumped.mod"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := gomod.Parse("go.mod", data)
	if err != nil {
		t.Fatal(err)
	}
	if got := CheckModFile(f, data, Config{AllowedMinorSkew: 1}); len(got) != 0 {
		t.Errorf("allowed-minor-skew 1: got %v", got)
	}
	if got := CheckModFile(f, data, Config{Ignore: []string{"k8s.io/client-go"}}); len(got) != 0 {
		t.Errorf("ignore k8s.io/client-go: got %v", got)
	}
	if got := CheckModFile(f, data, Config{Ignore: []string{"sigs.k8s.io/controller-runtime"}}); len(got) != 1 {
		t.Errorf("ignore controller-runtime: client-go still differs from k8s.io/api; got %v", got)
	}
	for _, bad := range []Config{{AllowedMinorSkew: -1}, {Ignore: []string{"not a path"}}} {
		if bad.Validate() == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	a := checktest.WithOption(t, Check, "allowed-minor-skew", "2")
	if err := a.Flags.Parse([]string{"-ignore=k8s.io/api,k8s.io/kubectl"}); err != nil {
		t.Fatal(err)
	}
	if got := a.Flags.Lookup("ignore").Value.String(); got != "k8s.io/api,k8s.io/kubectl" {
		t.Errorf("ignore flag = %q", got)
	}
	if err := a.Flags.Set("allowed-minor-skew", "-1"); err == nil {
		t.Error("-allowed-minor-skew=-1 accepted")
	}
}

func TestDirectives(t *testing.T) {
	data := []byte("module m\n\n// opvet:ignore versionskew pinned until the 1.31 upgrade\nrequire k8s.io/client-go v0.31.0\nrequire k8s.io/api v0.30.0 //opvet:ignore versionskew,markers pinned\n// opvet:ignore versionskew\n//opvet:ignored x y\n")
	dirs := Directives(data)
	if len(dirs) != 3 {
		t.Fatalf("got %d directives: %+v", len(dirs), dirs)
	}
	for _, tc := range []struct {
		line int
		want bool
	}{{3, true}, {4, true}, {5, true}, {6, true}, {7, false}, {1, false}} {
		if got := Suppressed(dirs, tc.line, Name); got != tc.want {
			t.Errorf("line %d: suppressed = %v, want %v", tc.line, got, tc.want)
		}
	}
	if dirs[2].Problem == "" {
		t.Errorf("directive without reason: no problem recorded")
	}
	if Suppressed(dirs, 4, "markers") {
		t.Errorf("line 4 has no markers directive")
	}
}

// FuzzCheck feeds arbitrary go.mod text through the whole go.mod path:
// directives, parsing and the check, which must never panic.
func FuzzCheck(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "gomod", "*.mod"))
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("module m\nrequire k8s.io/client-go v0.31.0\nreplace k8s.io/client-go => k8s.io/client-go v0.0.0-2019\n"))
	f.Add([]byte("module m\ngo 1.21\nrequire (\n\tk8s.io/client-go \"v0.31.0\"\n\tsigs.k8s.io/controller-runtime v0.19.0\n)\n"))
	f.Add([]byte("require k8s.io/api v0.31.0 // opvet:ignore\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		Directives(data)
		file, err := gomod.Parse("go.mod", data)
		if err != nil {
			parseError(err)
			return
		}
		for _, fd := range CheckModFile(file, data, DefaultConfig()) {
			if fd.Start < 0 || fd.End > len(data) || fd.Start > fd.End {
				t.Fatalf("finding out of range: %+v", fd)
			}
			if fd.Fix != nil {
				last := 0
				for _, e := range fd.Fix.Edits {
					if e.Start < last || e.End > len(data) || e.Start > e.End {
						t.Fatalf("edit out of range or out of order: %+v", fd)
					}
					last = e.End
				}
			}
		}
	})
}
