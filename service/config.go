package service

import (
	"fmt"
	"io"
	"time"
)

// Config says where the knowledge base lives and which LLM, embedder and
// arXiv endpoint to use. It is plain data: a command fills it from flags and
// environment, a test from literals. The zero value of every field but
// DataDir means the default.
type Config struct {
	// DataDir holds the store (store.db) and ingest progress files.
	DataDir string
	// Store is where the knowledge base lives: "" for the embedded store in
	// DataDir, or a Weaviate server: weaviate://HOST:PORT[/Collection]
	// (weaviates:// for TLS; see weaviatestore.ParseURL), with the API key
	// read from WEAVIATE_API_KEY through Getenv. Ingest progress stays in
	// DataDir either way (IngestStateDir).
	Store string
	// LLM is an LLM spec: "auto" (the default), "offline", "ollama:MODEL",
	// "openai:MODEL", "anthropic:MODEL" or "googleai:MODEL".
	LLM string
	// Embedder is an embedder spec: "offline" (the default), "ollama:MODEL"
	// or "openai:MODEL". A store remembers its embedder.
	Embedder string
	// Seed is what a new, empty store starts with: SeedPrimer (the default)
	// or SeedNone.
	Seed string
	// SeedByCaller leaves a new store's seed to the caller, which adds the
	// primer itself (`gtrag ingest --primer`) and then calls MarkSeeded:
	// the store is made as Seed says, but OpenStore adds nothing to it, so
	// that the caller's run reports the primer's entries as the ones it
	// added, not as found already stored. One the caller fails to fill is
	// still seeded by the next open.
	SeedByCaller bool
	// MustExist makes OpenStore open only a knowledge base that is already
	// there: where there is none (no store file in DataDir, no such
	// collection) it creates nothing and returns an error that errors.Is
	// finds ErrNoStore in. It seeds nothing either; Seed is not read. It is
	// for the commands that only read a store or remove from it (stats,
	// search, papers), for which a mistyped data directory or collection
	// must not become a new knowledge base.
	MustExist bool
	// NoEmbedder opens a store that is there (MustExist) with no embedder,
	// whatever Embedder says, for a command that never embeds (stats,
	// papers): listing or exporting a store built with an OpenAI embedder
	// needs neither that flag nor OPENAI_API_KEY. Such a store cannot add
	// or query.
	NoEmbedder bool
	// Router, when set, is the AskOptions.Router the Service will be asked
	// with: Open checks it (CheckRouter) once the reasoners are open and
	// before it opens the store, so that a router they cannot serve (llm,
	// offline) is refused with no knowledge base opened or created. ""
	// checks nothing; Ask checks its own options either way.
	Router string

	Arxiv     ArxivConfig
	LLMTuning LLMTuning
	// LockTimeout bounds a wait for another gtrag process that holds the
	// store; 0 means the store's default.
	LockTimeout time.Duration

	// Getenv reads provider settings (API keys, OLLAMA_HOST,
	// OPENAI_BASE_URL); nil reads nothing.
	Getenv func(string) string
	// Notices receives what the user should hear while the service works,
	// such as a wait for the store's lock; nil discards it.
	Notices io.Writer
}

// What a new store starts with (Config.Seed).
const (
	SeedPrimer = "primer" // the embedded game-theory primer
	SeedNone   = "none"   // nothing
)

// ArxivConfig configures the one arXiv client of a Service, in the terms of
// arxiv.Client: zero fields mean the client's defaults.
type ArxivConfig struct {
	URL string
	// Delay is the least time between two requests; 0 means arXiv's 3 s and
	// a negative value turns pacing off (local test servers only).
	Delay          time.Duration
	RequestTimeout time.Duration
	Backoff        time.Duration
	MaxAttempts    int
	// CacheDir, if set, keeps the pages of searches there
	// (arxiv.FileCache), so that a search repeated within CacheTTL (0:
	// arxiv.DefaultCacheTTL) sends no request. Unset for eval, whose
	// questions must each meet arXiv as a new user does, and for ingest,
	// whose pages are read once.
	CacheDir string
	CacheTTL time.Duration
	// PaceFile, if set, keeps the pacing across processes
	// (arxiv.Client.PaceFile): PaceFileFor names the user's.
	PaceFile string
}

// LLMTuning tunes LLM calls. Zero fields mean the reasoner's defaults.
type LLMTuning struct {
	Timeout time.Duration // one attempt of one LLM call
	Backoff time.Duration // wait before the first retry, doubled for each next
	// Retries after a failed call; 0 means the default and a negative
	// value means none.
	Retries int
}

// ConfigError is a setting the user must change: a malformed spec, a
// provider missing its key, a data directory that is a file, a store made
// with another embedder. Setting is the name flags and environment share:
// "data-dir", "llm" or "embedder".
type ConfigError struct {
	Setting string
	Err     error
}

func (e *ConfigError) Error() string { return e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

func configErrorf(setting, format string, args ...any) error {
	return &ConfigError{Setting: setting, Err: fmt.Errorf(format, args...)}
}
