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
			if !strings.HasPrefix(strings.TrimSpace(line), "gtrag ") {
				continue // a comment, or another program (printf … | gtrag chat)
			}
			args := shellWords(t, line)
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
