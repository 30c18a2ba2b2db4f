package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/iostreams"
	"github.com/gtrag/gtrag/internal/version"
	"github.com/gtrag/gtrag/provider"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// Main runs gtrag with args and returns the exit code. It is the real entry
// point: tests call it exactly as main does.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	return MainIO(ctx, args, os.Stdin, stdout, stderr, getenv)
}

// MainIO is Main with standard input given: tests pipe questions to
// `ask -` and `chat` through it.
func MainIO(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	a := &app{getenv: getenv, io: iostreams.New(stdin, stdout, stderr, provider.Secrets(getenv))}
	a.io.Out = withTerminalWidth(a.io.Out, stdout, a.io.IsStdoutTTY()) // answers wrap on a terminal
	root := newRootCmd(a)
	root.SetArgs(args)
	root.SetOut(a.io.Out)
	root.SetErr(a.io.ErrOut)
	// Cobra's completion command writes where the root writes when it is
	// made, so it is made here, after SetOut; made now rather than when
	// cobra runs, it is among the groups groupsRefuseUnknown sees.
	root.InitDefaultCompletionCmd()
	// Cobra adds --version when the root itself runs; `gtrag help` runs the
	// help command, whose page of the root then left it out.
	root.InitDefaultHelpFlag()
	root.InitDefaultVersionFlag()
	bashWithoutPackage(root)
	groupsRefuseUnknown(root)
	helpRefusesUnknown(root)
	err := rootRefusesArgs(root, args)
	if err == nil {
		err = root.ExecuteContext(ctx)
	}
	if ioErr := a.io.Err(); ioErr != nil && (err == nil || errors.Is(err, ioErr)) {
		// The command's output was lost (a full disk, a closed pipe): it
		// did not do its job, whether it noticed or not.
		err = fmt.Errorf("write standard output: %w", ioErr)
	}
	err = unknownCommand(root, err)
	err = saidAsStopped(ctx, err)
	if err != nil {
		// A URL's password (a --store or OLLAMA_HOST typed with one) is
		// no more for the screen than an API key is.
		a.io.Error(a.hint(err)) // its writer hides a URL's password too
	}
	return exitCode(ctx, err)
}

// app is the state shared by the commands of one invocation: global flags,
// the environment and the output streams. Nothing here is global.
type app struct {
	getenv func(string) string
	// io is the output boundary: every line users see is written through it.
	io *iostreams.IOStreams

	dataDir    string
	store      string // --store: "" (embedded) or a Weaviate URL
	llm        string
	embedder   string
	arxivURL   string
	arxivDelay time.Duration
	seed       string

	arxivTuning arxivTuning // GTRAG_ARXIV_TIMEOUT, _RETRIES, _BACKOFF
	llmTuning   llmTuning   // GTRAG_LLM_TIMEOUT, _RETRIES, _BACKOFF
	storeTuning storeTuning // GTRAG_LOCK_TIMEOUT

	arxivDelayText string

	// globals are the global flags, to tell a value typed on the command
	// line from one read from the environment (see setting).
	globals *pflag.FlagSet

	// arxivCache is set by the commands a person waits on (ask, chat,
	// mcp): their searches may be answered from arxiv-cache in the data
	// directory (see ArxivCacheDir).
	arxivCache bool
}

func newRootCmd(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:   "gtrag",
		Short: "Answer game-theory questions from arXiv papers",
		Long: `gtrag answers game-theory questions from arXiv papers, with numbered citations.

It keeps a local knowledge base (an embedded vector store) that starts with a
game-theory primer and grows each time arXiv is searched. With no LLM and no
network it still answers, offline, from the store.

--llm SPEC (the provider's name in any case; the model as the provider spells it):
` + providerHelp(provider.LLM) + `

--embedder SPEC (a store remembers its embedder):
` + providerHelp(provider.Embedder) + `

` + arxivTuningHelp() + "\n\n" + llmTuningHelp() + "\n\n" + storeTuningHelp(),
		Example: `  gtrag ask "Why does tit-for-tat do well in the iterated prisoner's dilemma?"
  gtrag ask --trace "What is a Nash equilibrium?"
  gtrag ingest --query "cat:cs.GT" --max 500
  gtrag graph --format mermaid`,
		Version:       version.Version,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if !needsSettings(cmd) {
				return nil
			}
			return a.validate(opensNothing(cmd))
		},
	}
	root.SetFlagErrorFunc(flagError)
	root.SetVersionTemplate(version.Long() + "\n")
	// Flag descriptions wrap at helpColumns, continuing under their text:
	// cobra prints each on one line, and --choose's ran to 222 columns.
	root.SetUsageTemplate(strings.ReplaceAll(root.UsageTemplate(), ".FlagUsages ", fmt.Sprintf(".FlagUsagesWrapped %d ", helpColumns)))

	f := root.PersistentFlags()
	a.globals = f
	// flag defines a global flag whose default is its environment
	// variable (globalEnv), else def.
	flag := func(p *string, name, def, usage string) {
		env := globalEnv[name]
		if v := a.getenv(env); v != "" {
			def = v
		}
		// A password in a URL default shown by --help is hidden by the
		// output's writer (redact.URLs).
		f.StringVar(p, name, def, usage+" (env "+env+")")
	}
	flag(&a.dataDir, "data-dir", defaultDataDir(a.getenv), "knowledge base directory")
	flag(&a.store, "store", "", "knowledge base: unset for the embedded store in --data-dir, or weaviate://HOST:PORT[/Collection] (API key in WEAVIATE_API_KEY)")
	flag(&a.llm, "llm", "auto", provider.ValidSpecs(provider.LLM))
	flag(&a.embedder, "embedder", "offline", provider.ValidSpecs(provider.Embedder))
	flag(&a.arxivURL, "arxiv-url", arxiv.DefaultBaseURL, "arXiv API endpoint")
	flag(&a.arxivDelayText, "arxiv-delay", "3s", "pause between arXiv requests (0 to "+shortDuration(maxArxivDelay)+"); arXiv asks for 3s")
	flag(&a.seed, "seed", "primer", "what a new store starts with: primer or none")

	root.AddCommand(
		newAskCmd(a),
		newChatCmd(a),
		newSearchCmd(a),
		newStatsCmd(a),
		newGraphCmd(a),
		newIngestCmd(a),
		newEvalCmd(a),
		newTraceCmd(a),
		newReplayCmd(a),
		newStoreCmd(a),
		newPapersCmd(a),
		newMCPCmd(a),
		newVersionCmd(a),
	)
	registerCompletions(root)
	return root
}

// helpRefusesUnknown makes "gtrag help nosuchcommand" a usage error, as
// "gtrag nosuchcommand" is: cobra printed "Unknown help topic" and exited 0.
func helpRefusesUnknown(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() != "help" {
			continue
		}
		c.Run = nil
		c.RunE = func(c *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil || target == nil || len(rest) > 0 {
				return usagef("unknown help topic %q: see gtrag --help for the commands", snippet(strings.Join(args, " "), 40))
			}
			target.InitDefaultHelpFlag()
			return target.Help()
		}
	}
}

// groupsRefuseUnknown makes each command that only groups others (papers,
// store, completion) refuse a subcommand it does not have, as the root
// does: cobra printed the group's help and exited 0 for "gtrag completion
// tcsh" or "gtrag papers lsit", which a script takes for success. With no
// argument a group still prints its help.
func groupsRefuseUnknown(cmd *cobra.Command) {
	for _, c := range cmd.Commands() {
		groupsRefuseUnknown(c)
	}
	if !cmd.HasParent() || !cmd.HasSubCommands() || cmd.Runnable() {
		return
	}
	cmd.Args = func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		var names []string
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() {
				names = append(names, sub.Name())
			}
		}
		return usagef("unknown command %q for %q: want %s", snippet(args[0], 40), c.CommandPath(), strings.Join(names, ", "))
	}
	cmd.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
}

// validate checks the global flags once, before any command touches a file.
// A command that opens nothing (graph) still refuses a malformed setting,
// but not a missing default data directory it has no use for.
func (a *app) validate(opensNothing bool) error {
	switch {
	case a.dataDir == "" && !a.given("data-dir") && opensNothing:
	case a.dataDir == "" && !a.given("data-dir"):
		// No HOME to put the default under: a knowledge base made in
		// whatever directory the command ran from would be lost next time.
		return usagef("no data directory: HOME is not set; give one with --data-dir or GTRAG_DATA_DIR")
	case strings.TrimSpace(a.dataDir) == "":
		// "  " is a directory name the shell would happily create.
		return usagef("%s is empty", a.setting("data-dir"))
	}
	if otherUsersHome(a.dataDir) {
		return usagef("%s %q: gtrag expands ~ and ~/ but not ~user; give the full path", a.setting("data-dir"), a.dataDir)
	}
	a.dataDir = expandHome(a.dataDir, a.getenv)
	if a.dataDir == "~" || strings.HasPrefix(a.dataDir, "~/") {
		// No home to expand to: a directory named "~" is not what anyone meant.
		return usagef("%s %q: HOME is not set, so ~ cannot be expanded; give the full path", a.setting("data-dir"), a.dataDir)
	}
	if err := service.CheckStore(a.store); err != nil {
		return usageError{fmt.Errorf("%s: %w", a.setting("store"), err)}
	}
	u, err := url.Parse(a.arxivURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return usagef("%s %q is not an http(s) URL", a.setting("arxiv-url"), a.arxivURL)
	}
	d, err := time.ParseDuration(a.arxivDelayText)
	if n, nerr := strconv.ParseFloat(strings.TrimSpace(a.arxivDelayText), 64); err != nil && nerr == nil && n > 0 {
		// "5": seconds, most likely, but a unit guessed is a pacing
		// guessed; say what to write instead.
		return usagef("%s %q has no unit: write %ss (or %sms)", a.setting("arxiv-delay"), a.arxivDelayText, strings.TrimSpace(a.arxivDelayText), strings.TrimSpace(a.arxivDelayText))
	}
	if err != nil {
		return usagef("%s %q is not a duration such as 3s", a.setting("arxiv-delay"), a.arxivDelayText)
	}
	if d < 0 {
		return usagef("%s %q is negative: give a pause such as 3s, or 0 for none", a.setting("arxiv-delay"), a.arxivDelayText)
	}
	if d > maxArxivDelay {
		// A valid but absurd pause would make an ingest wait forever between pages.
		return usagef("%s %q: want at most 1h", a.setting("arxiv-delay"), a.arxivDelayText)
	}
	a.arxivDelay = d
	if a.arxivTuning, err = readArxivTuning(a.getenv); err != nil {
		return err
	}
	if a.storeTuning, err = readStoreTuning(a.getenv); err != nil {
		return err
	}
	if a.llmTuning, err = readLLMTuning(a.getenv); err != nil {
		return err
	}
	if strings.TrimSpace(a.llm) == "" && a.given("llm") {
		// --llm "$MODEL" with MODEL unset: auto would quietly pick
		// whatever LLM it finds, perhaps a paid one.
		return usagef("%s is empty: want %s", a.setting("llm"), provider.ValidSpecs(provider.LLM))
	}
	if a.seed != "primer" && a.seed != "none" {
		return usagef("%s %q: want primer or none", a.setting("seed"), a.seed)
	}
	// Only the form: the commands that ask an LLM open it (and report a
	// missing key) themselves, but a typo is an error for every command.
	if err := reasoner.CheckSpec(a.llm); err != nil {
		return usageError{fmt.Errorf("%s: %w", a.setting("llm"), err)}
	}
	if _, err := provider.Parse(provider.Embedder, a.embedder); err != nil {
		return usageError{fmt.Errorf("%s: %w", a.setting("embedder"), err)}
	}
	return nil
}

// globalEnv names the environment variable each global flag reads: its
// default (newRootCmd) and the name setting gives it.
var globalEnv = map[string]string{
	"data-dir":    "GTRAG_DATA_DIR",
	"store":       "GTRAG_STORE",
	"llm":         "GTRAG_LLM",
	"embedder":    "GTRAG_EMBEDDER",
	"arxiv-url":   "GTRAG_ARXIV_URL",
	"arxiv-delay": "GTRAG_ARXIV_DELAY",
	"seed":        "GTRAG_SEED",
}

// setting names a setting as the user gave it, for a message about its
// value: "--llm" when the flag is on the command line (or the value is the
// default), GTRAG_LLM when the value came from the environment. Someone
// who never typed --llm looks for the variable, not the flag.
func (a *app) setting(flag string) string {
	name, ok := globalEnv[flag]
	if !ok || a.globals == nil || a.getenv(name) == "" {
		return "--" + flag
	}
	if f := a.globals.Lookup(flag); f != nil && f.Changed {
		return "--" + flag
	}
	return name
}

// needsSettings reports whether cmd uses the global settings, and so must
// refuse a malformed one. Help and shell completion do not: a typo in
// GTRAG_LLM must not break `gtrag help`, the completion script a shell
// loads at start, or every press of Tab.
func needsSettings(cmd *cobra.Command) bool {
	switch topCommand(cmd).Name() {
	case "help", "completion", cobra.ShellCompRequestCmd, cobra.ShellCompNoDescRequestCmd:
		return false
	}
	return true
}

// topCommand is the command of the root that cmd is, or is under ("store"
// for store copy); the root for the root.
func topCommand(cmd *cobra.Command) *cobra.Command {
	c := cmd
	for c.HasParent() && c.Parent().HasParent() {
		c = c.Parent()
	}
	return c
}

// opensNothing reports whether cmd works without a data directory: graph
// draws the workflow, trace renders a file, and replay answers from the
// recording (a live fork alone goes on against today's store).
func opensNothing(cmd *cobra.Command) bool {
	c := topCommand(cmd)
	switch {
	case !c.HasParent(): // the root itself
		return false
	case c.Name() == "graph", c.Name() == "trace":
		return true
	case c.Name() == "replay":
		fork, offline := c.Flags().Lookup("fork"), c.Flags().Lookup("offline")
		return fork == nil || !fork.Changed || offline != nil && offline.Changed
	}
	return false
}

// expandHome expands a leading "~" or "~/" to the home directory, as a shell
// would have had the path not been quoted ('~/kb', GTRAG_DATA_DIR=~/kb in a
// file the shell does not expand). "~user" is left alone: gtrag would have
// to look users up; the commands refuse it (otherUsersHome) rather than
// make a directory named "~user" where they run.
func expandHome(path string, getenv func(string) string) string {
	if path != "~" && !strings.HasPrefix(path, "~/") {
		return path
	}
	home := homeDir(getenv)
	if home == "" {
		return path
	}
	return filepath.Join(home, strings.TrimPrefix(path, "~"))
}

// otherUsersHome reports whether path starts with "~user", which a shell
// would have expanded to that user's home and expandHome does not.
func otherUsersHome(path string) bool {
	return strings.HasPrefix(path, "~") && path != "~" && !strings.HasPrefix(path, "~/")
}

// homeDir is the user's home directory as getenv tells it (HOME, or
// USERPROFILE on Windows), "" when there is none. Only getenv is read, so
// that what a command does depends on the environment it was given.
func homeDir(getenv func(string) string) string {
	for _, name := range []string{"HOME", "USERPROFILE"} {
		if h := strings.TrimSpace(getenv(name)); h != "" {
			return h
		}
	}
	return ""
}

// maxArxivDelay bounds --arxiv-delay: arXiv asks for 3s; an hour is already
// more patience than anyone means to ask for.
const maxArxivDelay = time.Hour

// defaultDataDir follows the XDG base directory spec: $XDG_DATA_HOME/gtrag,
// else ~/.local/share/gtrag. With no home directory there is no default
// ("", which validate refuses): a knowledge base made wherever the command
// ran would not be found by the next one.
func defaultDataDir(getenv func(string) string) string {
	return xdgDir(getenv, "XDG_DATA_HOME", ".local", "share")
}

// defaultCacheDir is gtrag's cache directory, $XDG_CACHE_HOME/gtrag, else
// ~/.cache/gtrag; "" with no home directory. It holds the arXiv pacing
// files (service.PaceFileFor).
func defaultCacheDir(getenv func(string) string) string {
	return xdgDir(getenv, "XDG_CACHE_HOME", ".cache")
}

// xdgDir is gtrag's directory under the XDG base directory named by
// variable, or under home/underHome… when it is unset or relative (the
// spec ignores a relative one); "" with no home directory. Both are read
// from the command's environment (getenv), not the process's: a run given
// another HOME, as every test is, keeps its files there.
func xdgDir(getenv func(string) string, variable string, underHome ...string) string {
	if d := getenv(variable); filepath.IsAbs(d) {
		return filepath.Join(d, "gtrag")
	}
	if h := homeDir(getenv); h != "" {
		return filepath.Join(append(append([]string{h}, underHome...), "gtrag")...)
	}
	return ""
}

// helpColumns is the width --help's flag descriptions wrap at.
const helpColumns = 100

// providerHelp is provider.Help with each line wrapped at helpColumns,
// continuing under its description.
func providerHelp(k provider.Kind) string {
	lines := strings.Split(provider.Help(k), "\n")
	for i, l := range lines {
		lines[i] = iostreams.WrapHanging(l, helpColumns, provider.HelpIndent)
	}
	return strings.Join(lines, "\n")
}

// rootRefusesArgs refuses words after "--" that reach the root, which has
// no arguments: cobra printed the root's help and exited 0 for `gtrag --
// stats`, as if the command had been left out.
func rootRefusesArgs(root *cobra.Command, args []string) error {
	dash := slices.Index(args, "--")
	if dash < 0 || dash == len(args)-1 {
		return nil
	}
	if c, _, err := root.Find(args); err != nil || c != root {
		return nil
	}
	rest := args[dash+1:]
	if c, _, err := root.Find(rest[:1]); err == nil && c != root {
		return usagef("%q after \"--\" is an argument, and gtrag takes none: the command goes first (gtrag %s)", snippet(rest[0], 40), snippet(strings.Join(rest, " "), 60))
	}
	return usagef("%q after \"--\" is an argument, and gtrag takes none (see `gtrag --help` for the commands)", snippet(rest[0], 40))
}
