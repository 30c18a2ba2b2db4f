package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/gtrag/gtrag/internal/version"
)

// newVersionCmd prints what `gtrag --version` prints: the version the build
// carries (the Makefile's `git describe`, else the module version or commit
// that `go install` and `go build` stamp), the commit, Go and the platform.
func newVersionCmd(a *app) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "version",
		Short:   "Print the version of gtrag, the commit it was built from, Go and the platform",
		Example: "  gtrag version\n  gtrag --version\n  gtrag version --json",
		Args:    usageArgs(cobra.NoArgs),
		// No store, no flags to check: it must work whatever the setup.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		RunE: func(*cobra.Command, []string) error {
			if asJSON {
				return writeJSON(a.io.Out, version.Info())
			}
			fmt.Fprintln(a.io.Out, version.Long())
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print one JSON object: version, commit, committed, modified, go, platform")
	return cmd
}
