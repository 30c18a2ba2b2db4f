package main

import (
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
}

// specCompletion completes a provider spec: "auto" and "offline" whole,
// a provider as "ollama:" with no space after, for the model to be typed.
func specCompletion(k provider.Kind) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		var out []cobra.Completion
		for _, form := range strings.Split(provider.ValidSpecs(k), ", ") {
			out = append(out, strings.TrimSuffix(form, "MODEL"))
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}
