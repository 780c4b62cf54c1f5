package lsp_test

// A real editor: headless Neovim, configured by testdata/nvim/init.lua (the
// few lines a user writes), runs the built `opvet lsp` on a copy of the
// demo operator; testdata/nvim/drive.lua acts as the user (open the
// controller, apply the MergeFrom quick fix through
// vim.lsp.buf.code_action, save). .ci/run installs Debian's neovim (0.7.2
// on bookworm), whose code_action has no filter or apply option: drive.lua
// then answers its vim.ui.select menu with the fix (see there).

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/opvet/opvet/internal/integration"
)

func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (.ci/run installs Debian's neovim)")
	}
	dir := demoCopy(t)
	file := filepath.Join(dir, controller)
	want := goldenFindings(t, controller)
	out := filepath.Join(t.TempDir(), "out.txt")
	home := t.TempDir()
	config, err := filepath.Abs(filepath.Join("testdata", "nvim"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(nvim, "--headless", "-n", "-i", "NONE",
		"-u", filepath.Join(config, "init.lua"), "-c", "luafile "+filepath.Join(config, "drive.lua"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), integration.GoEnv()...)
	cmd.Env = append(cmd.Env,
		"OPVET_BIN="+integration.Opvet(t), "OPVET_FILE="+file, "OPVET_OUT="+out,
		"OPVET_WAIT_MS="+waitMillis(),
		// Neovim's own files, away from the user's (the go command's
		// caches stay where they are).
		"XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home, "XDG_STATE_HOME="+home)
	res, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("nvim: %v\n%s", err, res)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim wrote nothing (%v):\n%s", err, res)
	}
	t.Logf("nvim saw:\n%s", data)
	seen := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		kind, rest, _ := strings.Cut(line, " ")
		seen[kind] = append(seen[kind], rest)
	}
	if len(seen["error"]) > 0 {
		t.Errorf("in nvim: %s\n%s", strings.Join(seen["error"], "; "), data)
	}
	if got := colonJoined(seen["before"]); !slices.Equal(got, want) {
		t.Errorf("diagnostics in nvim %v, want the command line's %v", got, want)
	}
	if got := seen["line"]; len(got) != 1 || got[0] != "\tpatch := client.MergeFrom(widget.DeepCopy())" {
		t.Errorf("the fixed line in nvim: %q", got)
	}
	if got, want := colonJoined(seen["after"]), without(want, "mergefrom"); !slices.Equal(got, want) {
		t.Errorf("diagnostics after the save %v, want %v", got, want)
	}
	if text := readFile(t, file); !strings.Contains(text, "\tpatch := client.MergeFrom(widget.DeepCopy())\n") {
		t.Errorf("the saved file does not hold the fix:\n%s", text)
	}
}

// colonJoined turns "<line> <check>" into "<line>:<check>", sorted.
func colonJoined(facts []string) []string {
	var out []string
	for _, f := range facts {
		out = append(out, strings.Replace(f, " ", ":", 1))
	}
	slices.Sort(out)
	return out
}

// waitMillis is how long drive.lua waits for each step.
func waitMillis() string { return strconv.FormatInt(waitLimit.Milliseconds(), 10) }
