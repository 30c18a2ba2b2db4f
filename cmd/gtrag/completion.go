package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/provider"
)

// registerCompletions gives the shells the values of the flags that take
// one of a few words (`gtrag completion bash|zsh|fish|powershell` prints
// the script; see the README). It runs once the commands exist, so that
// the commands' own files stay about what the commands do.
func registerCompletions(root *cobra.Command) {
	fixed := func(words ...string) cobra.CompletionFunc {
		return cobra.FixedCompletions(words, cobra.ShellCompDirectiveNoFileComp)
	}
	register := func(path []string, flag string, fn cobra.CompletionFunc) {
		cmd, _, err := root.Find(path)
		if err != nil || cmd == root && len(path) > 0 {
			panic("completion for a command that does not exist: " + strings.Join(path, " "))
		}
		if err := cmd.RegisterFlagCompletionFunc(flag, fn); err != nil {
			panic("completion for --" + flag + ": " + err.Error())
		}
	}
	register(nil, "llm", specCompletion(provider.LLM))
	register(nil, "embedder", specCompletion(provider.Embedder))
	register(nil, "seed", fixed("primer", "none"))
	register([]string{"graph"}, "format", fixed("ascii", "mermaid", "dot", "explain"))
	register([]string{"trace"}, "format", fixed("text", "mermaid", "html"))
	register([]string{"ingest"}, "sort", fixed("relevance", "submitted", "updated"))
	for _, name := range []string{"ask", "chat", "eval"} {
		register([]string{name}, "router", fixed("rules", "llm"))
	}
	register(nil, "data-dir", func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	})
}

// specCompletion completes a provider spec: "auto" and "offline" whole,
// with a space after as any word, a provider as "ollama:" with no space
// after, for the model to be typed.
func specCompletion(k provider.Kind) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []cobra.Completion
		directive := cobra.ShellCompDirectiveNoFileComp
		for _, form := range strings.Split(provider.ValidSpecs(k), ", ") {
			word := strings.TrimSuffix(form, "MODEL")
			if !strings.HasPrefix(word, strings.ToLower(toComplete)) {
				continue
			}
			out = append(out, word)
			if strings.HasSuffix(word, ":") {
				directive |= cobra.ShellCompDirectiveNoSpace
			}
		}
		return out, directive
	}
}

// bashWithoutPackage makes `gtrag completion bash` work in a bash without
// the bash-completion package (minimal images, macOS's own bash): cobra's
// script then calls _get_comp_words_by_ref, which only that package
// defines, and every Tab printed "command not found". The script gets a
// word splitter of its own, used only when the package's is missing.
func bashWithoutPackage(root *cobra.Command) {
	bash, _, err := root.Find([]string{"completion", "bash"})
	if err != nil || bash.Name() != "bash" || bash.RunE == nil {
		return
	}
	bash.RunE = func(c *cobra.Command, _ []string) error {
		// cobra's script is rewritten to call its own _filedir, which
		// uses the package's when it is loaded. (cobra's own RunE writes
		// to the output the root had when the command was made.)
		noDesc, err := c.Flags().GetBool("no-descriptions")
		if err != nil {
			return err
		}
		var script bytes.Buffer
		if err := root.GenBashCompletionV2(&script, !noDesc); err != nil {
			return err
		}
		name := root.Name()
		fixed := filedirCall.ReplaceAllString(script.String(), "${1}__"+name+"_filedir")
		_, err = fmt.Fprint(c.OutOrStdout(), fixed+fmt.Sprintf(bashSplitter+bashFiledir, name))
		return err
	}
	name := root.Name()
	bash.Long = fmt.Sprintf(`Generate the autocompletion script for the bash shell.

It uses the 'bash-completion' package when it is loaded, and works without it.

To load completions in your current shell session:

	source <(%[1]s completion bash)

To load completions for every new session, add that line to ~/.bashrc, or
with the bash-completion package execute once:

#### Linux:

	%[1]s completion bash > /etc/bash_completion.d/%[1]s

#### macOS:

	%[1]s completion bash > $(brew --prefix)/etc/bash_completion.d/%[1]s

You will need to start a new shell for this setup to take effect.
`, name)
}

// filedirCall matches a call of bash-completion's _filedir in cobra's
// script (for --data-dir's directories), which bashFiledir stands in for.
var filedirCall = regexp.MustCompile(`(^|[\s"])_filedir\b`)

// bashFiledir completes file names, or directories with -d, as the
// package's _filedir does, with compgen when the package is not loaded:
// without it, Tab after --data-dir printed "_filedir: command not found".
// A filter cobra passes (file extensions) is applied only by the package;
// without it every file is offered.
const bashFiledir = `
# Without the bash-completion package: files, or directories with -d.
__%[1]s_filedir()
{
    if declare -F _filedir >/dev/null 2>&1; then
        _filedir "$@"
        return
    fi
    local IFS=$'\n' kind=-f
    [[ $1 == -d ]] && kind=-d
    COMPREPLY+=($(compgen "$kind" -- "$cur"))
    compopt -o filenames 2>/dev/null
    return 0
}
`

// bashSplitter replaces the script's __NAME_init_completion, which needs
// bash-completion's _get_comp_words_by_ref: without it, the line up to the
// cursor is split at blanks, so that --llm=ollama: stays one word as the
// package would keep it.
const bashSplitter = `
# Without the bash-completion package: split the line at blanks.
__%[1]s_init_completion()
{
    COMPREPLY=()
    if declare -F _get_comp_words_by_ref >/dev/null 2>&1; then
        _get_comp_words_by_ref "$@" cur prev words cword
        return
    fi
    local line=${COMP_LINE:0:COMP_POINT}
    read -r -a words <<< "$line"
    if [[ ${#words[@]} -eq 0 || $line == *[[:blank:]] ]]; then
        words+=("")
    fi
    cword=$(( ${#words[@]} - 1 ))
    cur=${words[cword]}
    prev=
    if (( cword > 0 )); then
        prev=${words[cword-1]}
    fi
}
`
