package main

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/require"
)

// Every command's help has examples, and each example names a command
// and flags that exist: `gtrag papers` and `gtrag store` had none, and an
// example written with a flag that is not there teaches a usage error.
func TestEveryCommandHasExamplesThatParse(t *testing.T) {
	newRoot := func() *cobra.Command { return newRootCmd(&app{getenv: func(string) string { return "" }}) }
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		require.NotEmpty(t, c.Example, "%s has no examples", c.CommandPath())
		example := strings.ReplaceAll(c.Example, "\\\n", " ") // continued lines
		for _, line := range strings.Split(example, "\n") {
			args := exampleArgs(line)
			if len(args) == 0 || args[0] != "gtrag" {
				continue // a continuation, a comment or another program
			}
			cmd, rest, err := newRoot().Find(args[1:])
			require.NoError(t, err, "%s: %s", c.CommandPath(), line)
			cmd.InitDefaultHelpFlag() // as Execute adds them
			cmd.InitDefaultVersionFlag()
			require.NoError(t, cmd.ParseFlags(rest), "%s: %s", c.CommandPath(), line)
		}
		for _, s := range c.Commands() {
			walk(s)
		}
	}
	walk(newRoot())
}

// exampleArgs splits an example line as a shell would, up to a pipe, a
// redirection or a command separator; quotes group words.
func exampleArgs(line string) []string {
	var args []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range strings.TrimSpace(line) {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == '|' || r == '>' || r == '<' || r == ';' || r == '&' || r == '#':
			if inWord {
				args = append(args, cur.String())
			}
			return args
		case r == ' ' || r == '\t':
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args
}
