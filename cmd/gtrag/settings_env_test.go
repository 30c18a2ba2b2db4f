package main

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A malformed value read from the environment is reported under the
// variable's name: someone who set GTRAG_ARXIV_DELAY=5 in a profile and
// never typed --arxiv-delay would look for a flag that is not there. A
// flag on the command line still wins over the variable, and is named.
func TestSettingsEnvValueErrorsNameTheVariable(t *testing.T) {
	for _, c := range []struct {
		name, value, want string
	}{
		{"GTRAG_ARXIV_DELAY", "5", `gtrag: GTRAG_ARXIV_DELAY "5" has no unit: write 5s (or 5ms)`},
		{"GTRAG_ARXIV_DELAY", "soon", `gtrag: GTRAG_ARXIV_DELAY "soon" is not a duration`},
		{"GTRAG_ARXIV_URL", "ftp://x", `gtrag: GTRAG_ARXIV_URL "ftp://x" is not an http(s) URL`},
		{"GTRAG_SEED", "all", `gtrag: GTRAG_SEED "all": want primer or none`},
		{"GTRAG_LLM", "bogus", `gtrag: GTRAG_LLM: invalid LLM spec "bogus"`},
		{"GTRAG_EMBEDDER", "auto", `gtrag: GTRAG_EMBEDDER: invalid embedder spec "auto"`},
		{"GTRAG_STORE", "http://x", `gtrag: GTRAG_STORE: "http://x" is not a store URL`},
		// A token before '@' in a URL of the wrong scheme is not printed.
		{"GTRAG_STORE", "https://TOKENsecret@h", `gtrag: GTRAG_STORE: "https://xxxxx@h" is not a store URL`},
	} {
		env := testEnv(t)
		env[c.name] = c.value
		r := gtrag(t, env, "stats")
		require.Equal(t, exitUsage, r.code, c.name)
		require.Empty(t, r.stdout, c.name)
		require.True(t, strings.HasPrefix(r.stderr, c.want), "%s: %q", c.name, r.stderr)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), "one line: %q", r.stderr)
	}

	env := testEnv(t)
	env["GTRAG_ARXIV_DELAY"] = "5"
	r := gtrag(t, env, "--arxiv-delay", "6", "stats")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, `gtrag: --arxiv-delay "6" has no unit`, "the flag, typed, is named")

	// A setting the provider lacks, found when the command opens the LLM.
	env = testEnv(t)
	env["GTRAG_LLM"] = "openai:gpt-4o-mini"
	r = gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Equal(t, "gtrag: GTRAG_LLM: cannot use LLM \"openai:gpt-4o-mini\": OPENAI_API_KEY is not set (set OPENAI_BASE_URL instead for an OpenAI-compatible server such as LM Studio or vLLM)\n", r.stderr)
	r = gtrag(t, env, "--llm", "anthropic:claude", "ask", "What is a Nash equilibrium?")
	require.Equal(t, "gtrag: --llm: cannot use LLM \"anthropic:claude\": ANTHROPIC_API_KEY is not set\n", r.stderr)
}

// A store opened with another embedder than its own, the other one set in
// the environment: the hint says which variable to change, as well as the
// flag that overrides it.
func TestSettingsEmbedderMismatchFromEnvironment(t *testing.T) {
	env := testEnv(t)
	if env["GTRAG_STORE"] != "" {
		t.Skip("the embedded store's hint")
	}
	require.Equal(t, 0, gtrag(t, env, "ask", "What is a Nash equilibrium?").code)
	env["GTRAG_EMBEDDER"] = "ollama:nomic-embed-text"
	r := gtrag(t, env, "search", "core")
	require.Equal(t, exitUsage, r.code, r.stderr)
	require.Contains(t, r.stderr, "Use --embedder offline (or set GTRAG_EMBEDDER=offline), or choose another --data-dir\n")
	r = gtrag(t, env, "--embedder", "ollama:nomic-embed-text", "search", "core")
	require.Contains(t, r.stderr, "Use --embedder offline, or choose another --data-dir\n")
}

// Help and shell completion read no setting, so a malformed one breaks
// neither: `source <(gtrag completion bash)` in ~/.bashrc, or a Tab, must
// not fail (silently, for a Tab) because GTRAG_LLM has a typo. A command
// that uses the settings still refuses it.
func TestCompletionAndHelpIgnoreBadSettings(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_LLM"] = "bogus"
	env["GTRAG_ARXIV_DELAY"] = "5"
	for _, args := range [][]string{
		{"help"}, {"help", "ask"}, {"completion", "bash"}, {"completion", "zsh"},
		{"completion", "fish"}, {"completion", "powershell"}, {"__complete", "--llm", ""},
		{"__completeNoDesc", "gr"}, {"version"},
	} {
		r := gtrag(t, env, args...)
		require.Equal(t, 0, r.code, "%v: %s", args, r.stderr)
		require.NotEmpty(t, r.stdout, args)
		require.NotContains(t, r.stderr, "GTRAG_LLM", args)
	}
	r := gtrag(t, env, "__complete", "--llm", "")
	require.Contains(t, r.stdout, "offline\n")
	r = gtrag(t, env, "graph")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "GTRAG_ARXIV_DELAY")
	r = gtrag(t, env, "completion", "tcsh")
	require.Equal(t, exitUsage, r.code, "an unknown shell is still refused")
}

// The bash script works without the bash-completion package: it called
// _get_comp_words_by_ref, which only that package defines, and every Tab
// printed "command not found" and completed nothing.
func TestCompletionBashWithoutPackage(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	r := gtrag(t, testEnv(t), "completion", "bash")
	require.Equal(t, 0, r.code, r.stderr)
	script := filepath.Join(t.TempDir(), "gtrag.bash")
	require.NoError(t, os.WriteFile(script, []byte(r.stdout), 0o644))
	// __complete needs a gtrag: this test binary runs as one when asked.
	bin := filepath.Join(t.TempDir(), "bin")
	require.NoError(t, os.Mkdir(bin, 0o755))
	exe, err := os.Executable()
	require.NoError(t, err)
	wrapper := "#!/bin/sh\n" + completionChild + "=1 exec '" + exe + "' -test.run='^TestCompletionBashChild$' -- \"$@\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(bin, "gtrag"), []byte(wrapper), 0o755))
	tab := `source "$1"
unset -f _get_comp_words_by_ref _init_completion 2>/dev/null
tab() { COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}; read -r -a COMP_WORDS <<< "$1"; [[ $1 == *" " ]] && COMP_WORDS+=(""); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); __start_gtrag 2>/dev/null; printf '%s|' "${COMPREPLY[@]}"; echo; }
tab "gtrag --llm "
tab "gtrag gr"
tab "gtrag graph --format m"
unset -f _filedir 2>/dev/null
tab "gtrag --data-dir comp"
`
	// --data-dir completes directories only: compdir, not compfile.
	cwd := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(cwd, "compdir"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(cwd, "compfile"), nil, 0o644))
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", tab, "tab", script)
	cmd.Dir = cwd
	cmd.Env = []string{"PATH=" + bin + ":" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "GTRAG_LLM=offline"}
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	require.Equal(t, "auto|offline|ollama:|openai:|anthropic:|googleai:|\ngraph|\nmermaid|\ncompdir|\n", string(out))
}

const completionChild = "GTRAG_COMPLETION_CHILD"

// TestCompletionBashChild is gtrag when TestCompletionBashWithoutPackage's
// script calls it for completions; otherwise it has nothing to do.
func TestCompletionBashChild(t *testing.T) {
	if os.Getenv(completionChild) == "" {
		t.Skip("gtrag's body for the bash completion test; runs only as its child")
	}
	os.Exit(run(flag.Args()))
}

// Durations in the help are written as people write them: 24h, not 24h0m.
func TestSettingsHelpDurations(t *testing.T) {
	require.Equal(t, "24h", shortDuration(24*time.Hour))
	require.Equal(t, "1h", shortDuration(time.Hour))
	require.Equal(t, "1h30m", shortDuration(90*time.Minute))
	require.Equal(t, "10m", shortDuration(10*time.Minute))
	require.Equal(t, "30s", shortDuration(30*time.Second))
	r := gtrag(t, testEnv(t), "--help")
	require.Contains(t, r.stdout, "(default 24h; 0 off)")
	require.NotContains(t, r.stdout, "0m;")
}
