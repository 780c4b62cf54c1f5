package lsp_test

// A real editor: headless Neovim, configured by testdata/nvim/init.lua (the
// few lines a user writes), runs the built `opvet lsp` on a copy of the
// demo operator; testdata/nvim/drive.lua acts as the user (open the
// controller, apply the MergeFrom quick fix through
// vim.lsp.buf.code_action, save). .ci/run installs Debian's neovim (0.7.2
// on bookworm), whose code_action has no filter or apply option: drive.lua
// then answers its vim.ui.select menu with the fix (see there).

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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
	// drive.lua ends Neovim on every path, errors included; the deadline
	// is for what it cannot catch (a hang inside Neovim).
	ctx, cancel := context.WithTimeout(context.Background(), nvimDeadline)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE",
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
	if ctx.Err() != nil {
		data, _ := os.ReadFile(out)
		t.Fatalf("nvim did not finish within %s; it wrote:\n%s%s", nvimDeadline, data, res)
	}
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

// nvimStep is how long drive.lua waits for each step (the diagnostics, the
// edit, the diagnostics after the save), and nvimDeadline how long Neovim
// may run: the package's tests stay within go test's 10 minutes.
const (
	nvimStep     = 2 * time.Minute
	nvimDeadline = 3*nvimStep + time.Minute
)

// waitMillis is nvimStep in milliseconds.
func waitMillis() string { return strconv.FormatInt(nvimStep.Milliseconds(), 10) }
