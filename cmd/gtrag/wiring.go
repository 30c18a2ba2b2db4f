package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
)

// config turns the global flags and the environment-only settings into the
// service's configuration.
func (a *app) config() service.Config {
	delay := a.arxivDelay
	if delay == 0 {
		delay = -1 // the client's zero means "default"; the user's 0 means "none"
	}
	t := a.arxivTuning
	retries := a.llmTuning.retries
	switch retries {
	case -1:
		retries = 0 // unset: the reasoner's default
	case 0:
		retries = -1 // GTRAG_LLM_RETRIES=0: none
	}
	return service.Config{
		DataDir:  a.dataDir,
		Store:    a.store,
		LLM:      a.llm,
		Embedder: a.embedder,
		Seed:     a.seed,
		Arxiv: service.ArxivConfig{
			URL: a.arxivURL, Delay: delay,
			RequestTimeout: t.timeout, Backoff: t.backoff, MaxAttempts: t.maxAttempts,
			CacheDir: a.arxivCacheDir(), CacheTTL: max(t.cacheTTL, 0),
			PaceFile: service.PaceFileFor(defaultCacheDir(a.getenv), a.arxivURL),
		},
		LLMTuning:   service.LLMTuning{Timeout: a.llmTuning.timeout, Backoff: a.llmTuning.backoff, Retries: retries},
		LockTimeout: a.storeTuning.lockTimeout,
		Getenv:      a.getenv,
		// A wait for another gtrag process is announced on stderr and
		// bounded by GTRAG_LOCK_TIMEOUT.
		Notices: a.io.ErrOut,
	}
}

// ArxivCacheDir is where ask, chat and mcp keep the pages of their arXiv
// searches, in the data directory.
const ArxivCacheDir = "arxiv-cache"

// chatHistoryFile is where chat keeps the lines typed at its prompt, in the
// data directory.
const chatHistoryFile = "chat_history"

// arxivCacheDir is the cache of this command's searches, or "" when it
// keeps none: eval (each question meets arXiv as a new user's would),
// ingest (its pages are read once), or GTRAG_ARXIV_CACHE_TTL=0.
func (a *app) arxivCacheDir() string {
	if !a.arxivCache || a.arxivTuning.cacheTTL < 0 {
		return ""
	}
	return filepath.Join(a.dataDir, ArxivCacheDir)
}

// openService opens everything ask, eval and chat need.
func (a *app) openService(ctx context.Context) (*service.Service, error) {
	svc, err := service.Open(ctx, a.config())
	return svc, a.cliError(err)
}

// openStoreMustExist opens the knowledge base for a command that must not
// create one (stats, search, papers): where there is none it says so
// instead. These commands only read, so they never seed: an empty store
// stays empty. One open both finds the store and loads it
// (service.Config.MustExist): a Weaviate collection is read once, not
// asked about and then opened.
func (a *app) openStoreMustExist(ctx context.Context) (service.Store, error) {
	return a.openExisting(ctx, false)
}

// openStoreToList is openStoreMustExist for a command that never embeds
// (stats, papers): the store is opened without an embedder
// (service.Config.NoEmbedder), so that one built with a remote embedder
// is listed, exported or described without that embedder's flag, key or
// server.
func (a *app) openStoreToList(ctx context.Context) (service.Store, error) {
	return a.openExisting(ctx, true)
}

func (a *app) openExisting(ctx context.Context, noEmbedder bool) (service.Store, error) {
	cfg := a.config()
	cfg.MustExist, cfg.NoEmbedder = true, noEmbedder
	db, err := service.OpenStore(ctx, cfg)
	if !errors.Is(err, service.ErrNoStore) {
		return db, a.cliError(err)
	}
	// err names the data directory or the collection ("no knowledge base
	// in … yet"); say what makes one.
	other := "choose another --data-dir"
	if a.store != "" {
		other = "check the collection's name"
	}
	return nil, usagef("%w: `gtrag ask` or `gtrag ingest` creates one (or %s)", err, other)
}

// openReasoners resolves --llm into the three reasoners.
func (a *app) openReasoners(ctx context.Context) (reasoner.Set, error) {
	set, err := service.OpenReasoners(ctx, a.config())
	return set, a.cliError(err)
}

// arxivClient is the one client of this process, so that its pacing holds
// across every request the process makes.
func (a *app) arxivClient() *arxiv.Client {
	return service.NewArxivClient(a.config().Arxiv)
}

// cliError turns a setting the user must change into a usage error that
// names the flag.
func (a *app) cliError(err error) error {
	var ce *service.ConfigError
	if !errors.As(err, &ce) {
		return err
	}
	var mismatch *vectordb.MismatchError
	if errors.As(err, &mismatch) {
		return usageError{err} // it says which flag to use
	}
	var inTheWay *service.InTheWayError
	if errors.As(err, &inTheWay) {
		return usageError{inTheWay} // it names the path, as ingest says it
	}
	if ce.Setting == "llm" && !a.given("llm") {
		// auto, by default: what to fix is the variable the message names
		// (OLLAMA_HOST, OPENAI_BASE_URL), not a --llm nobody typed.
		return usageError{ce.Err}
	}
	return usageError{fmt.Errorf("%s: %w", a.setting(ce.Setting), ce.Err)}
}

// given reports whether a global flag was set, on the command line or by
// its environment variable, rather than left to its default.
func (a *app) given(flag string) bool {
	return a.getenv(globalEnv[flag]) != "" || (a.globals != nil && a.globals.Changed(flag))
}

// storeFlags are the global flags, as typed on the command line, that
// choose the knowledge base this run uses ("--data-dir '/tmp/kb'"), or ""
// when none was: a command gtrag suggests must name the same knowledge
// base. An environment variable needs no flag, since the shell that runs
// the suggestion has it too.
func (a *app) storeFlags() string {
	var flags []string
	for _, f := range []struct{ name, value string }{{"data-dir", a.dataDir}, {"store", a.store}} {
		if a.globals != nil && a.globals.Changed(f.name) && f.value != "" {
			flags = append(flags, "--"+f.name+" "+shellQuote(f.value))
		}
	}
	return strings.Join(flags, " ")
}

// withStoreFlags is text with every command it suggests that works on the
// knowledge base (storeCommands) given the flags that chose this run's
// knowledge base (storeFlags): "To look for papers: gtrag ingest --query …"
// after `gtrag --data-dir /tmp/kb ask …` filled the default knowledge base
// when copied, not the one asked, and stats' `gtrag store compact`
// compacted it.
//
// A suggested ingest that searches arXiv (--query, --ids) also gets
// --arxiv-url when it was typed (ingestFlags): after `gtrag --arxiv-url
// http://mirror/api/query ask …` the suggestion searched export.arxiv.org.
func (a *app) withStoreFlags(text string) string {
	store, ingest := a.storeFlags(), a.ingestFlags()
	if ingest == "" { // it holds store
		return text
	}
	return storeCommands.ReplaceAllStringFunc(text, func(m string) string {
		flags := store
		if strings.HasPrefix(m, "gtrag ingest --") {
			flags = ingest
		}
		if flags == "" {
			return m
		}
		return "gtrag " + flags + " " + strings.TrimPrefix(m, "gtrag ")
	})
}

// ingestFlags are storeFlags and, when it was typed on the command line,
// --arxiv-url: the flags a suggested `gtrag ingest` needs to fill this
// run's knowledge base from the arXiv it searched. A trace records them
// (trace.Settings.StoreFlags), so that a replay prints the suggestion as
// the run did.
func (a *app) ingestFlags() string { return joinFlags(a.storeFlags(), a.arxivFlag()) }

// arxivFlag is --arxiv-url as typed on the command line, or "" when it was
// not (from GTRAG_ARXIV_URL the shell that runs a suggestion has it).
func (a *app) arxivFlag() string {
	if a.globals == nil || !a.globals.Changed("arxiv-url") || a.arxivURL == "" {
		return ""
	}
	return "--arxiv-url " + shellQuote(a.arxivURL)
}

// joinFlags joins flag strings, leaving out the empty ones.
func joinFlags(flags ...string) string {
	return strings.Join(slices.DeleteFunc(flags, func(f string) bool { return f == "" }), " ")
}

// storeCommands are the commands gtrag suggests (in answers, notes and
// errors: "`gtrag papers rm 2301.01234`") that act on the knowledge base
// the global flags choose.
//
// An ingest that searches arXiv (--query, --ids) is matched with its flag,
// for ingestFlags; `gtrag ingest --primer` searches nothing.
var storeCommands = regexp.MustCompile(`\bgtrag (ingest (?:--query |--ids )?|papers |store (?:compact|recover)\b)`)

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+:@=,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
