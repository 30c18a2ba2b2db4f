package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// Advanced settings come from the environment only, not flags: the defaults
// suit people, and these are for a slow link, a slow model, or scripts and
// tests that cannot wait for a server that never answers. Each is read once,
// in validate, so a malformed value is a usage error for every command.

// envDuration reads a duration in (0, limit]; unset is 0.
func envDuration(getenv func(string) string, name string, limit time.Duration) (time.Duration, error) {
	v := strings.TrimSpace(getenv(name))
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 || d > limit {
		return 0, usagef("%s %q: want a duration above 0 and at most %s, such as 5s", name, v, shortDuration(limit))
	}
	return d, nil
}

// envCount reads a whole number in [0, limit]; set reports whether the
// variable was given at all.
func envCount(getenv func(string) string, name string, limit int) (n int, set bool, err error) {
	v := strings.TrimSpace(getenv(name))
	if v == "" {
		return 0, false, nil
	}
	n, err = strconv.Atoi(v)
	if err != nil || n < 0 || n > limit {
		return 0, false, usagef("%s %q: want a whole number from 0 to %d", name, v, limit)
	}
	return n, true, nil
}

// shortDuration spells whole minutes and hours as people do: 10m and 24h,
// not 10m0s and 24h0m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// arxivTuning tunes the arXiv client. Zero fields mean the client's
// defaults, so the zero value changes nothing.
type arxivTuning struct {
	timeout     time.Duration // GTRAG_ARXIV_TIMEOUT: one attempt, from sending to the last byte
	backoff     time.Duration // GTRAG_ARXIV_BACKOFF: wait before the first retry, doubled for each next
	maxAttempts int           // GTRAG_ARXIV_RETRIES + 1
	cacheTTL    time.Duration // GTRAG_ARXIV_CACHE_TTL: 0 the default, negative off
}

// Bounds of the settings: beyond them a value is a typo, not a wish.
const (
	maxArxivTimeout = 10 * time.Minute
	maxArxivRetries = 20
)

// readArxivTuning reads GTRAG_ARXIV_TIMEOUT, GTRAG_ARXIV_RETRIES and
// GTRAG_ARXIV_BACKOFF; a malformed value is a usage error naming the variable.
func readArxivTuning(getenv func(string) string) (arxivTuning, error) {
	var t arxivTuning
	var err error
	if t.timeout, err = envDuration(getenv, "GTRAG_ARXIV_TIMEOUT", maxArxivTimeout); err != nil {
		return t, err
	}
	if t.backoff, err = envDuration(getenv, "GTRAG_ARXIV_BACKOFF", arxiv.DefaultMaxBackoff); err != nil {
		return t, err
	}
	retries, set, err := envCount(getenv, "GTRAG_ARXIV_RETRIES", maxArxivRetries)
	if set {
		t.maxAttempts = retries + 1
	}
	if err != nil {
		return t, err
	}
	switch v := strings.TrimSpace(getenv("GTRAG_ARXIV_CACHE_TTL")); v {
	case "":
	case "0", "off":
		t.cacheTTL = -1
	default:
		d, err := time.ParseDuration(v)
		switch {
		case err != nil || d < 0 || d > maxArxivCacheTTL:
			return t, usagef("GTRAG_ARXIV_CACHE_TTL %q: want 0 (off) or a duration of at most 168h (a week), such as 24h", v)
		case d == 0: // "0s"
			t.cacheTTL = -1
		default:
			t.cacheTTL = d
		}
	}
	return t, nil
}

// maxArxivCacheTTL bounds GTRAG_ARXIV_CACHE_TTL: arXiv's listings change
// every day; a page kept a week is a week's papers missed.
const maxArxivCacheTTL = 7 * 24 * time.Hour

// arxivTuningHelp documents the settings in the root help text.
func arxivTuningHelp() string {
	return fmt.Sprintf(`Advanced settings, from the environment only (the defaults suit arXiv):
  GTRAG_ARXIV_TIMEOUT  how long one arXiv request may take (default %s)
  GTRAG_ARXIV_RETRIES  retries after a failed arXiv request (default %d)
  GTRAG_ARXIV_BACKOFF  wait before the first retry, doubled for each next (default %s)
  GTRAG_ARXIV_CACHE_TTL  how long ask, chat and mcp reuse a search's results
                       from arxiv-cache in the data directory (default %s; 0 off)
A Retry-After from arXiv is honoured up to %s.`,
		shortDuration(arxiv.DefaultRequestTimeout), arxiv.DefaultMaxAttempts-1, shortDuration(arxiv.DefaultBackoff), shortDuration(arxiv.DefaultCacheTTL), shortDuration(arxiv.DefaultMaxRetryWait))
}

// llmTuning tunes LLM calls. Unset fields leave the reasoner's defaults.
type llmTuning struct {
	timeout time.Duration // GTRAG_LLM_TIMEOUT: one attempt of one LLM call
	backoff time.Duration // GTRAG_LLM_BACKOFF: wait before the first retry, doubled for each next
	retries int           // GTRAG_LLM_RETRIES; -1 means the default
}

// Bounds of the settings: beyond them a value is a typo, not a wish.
const (
	maxLLMTimeout = 10 * time.Minute
	maxLLMBackoff = time.Minute
	maxLLMRetries = 10
)

// readLLMTuning reads GTRAG_LLM_TIMEOUT, GTRAG_LLM_RETRIES and
// GTRAG_LLM_BACKOFF; a malformed value is a usage error naming the variable.
func readLLMTuning(getenv func(string) string) (llmTuning, error) {
	t := llmTuning{retries: -1}
	var err error
	if t.timeout, err = envDuration(getenv, "GTRAG_LLM_TIMEOUT", maxLLMTimeout); err != nil {
		return t, err
	}
	if t.backoff, err = envDuration(getenv, "GTRAG_LLM_BACKOFF", maxLLMBackoff); err != nil {
		return t, err
	}
	retries, set, err := envCount(getenv, "GTRAG_LLM_RETRIES", maxLLMRetries)
	if set {
		t.retries = retries
	}
	return t, err
}

// llmTuningHelp documents the settings in the root help text.
func llmTuningHelp() string {
	return fmt.Sprintf(`Advanced LLM settings, from the environment only:
  GTRAG_LLM_TIMEOUT    how long one LLM request may take (default %s)
  GTRAG_LLM_RETRIES    retries after a failed LLM call (default %d); then that
                       step, and the rest of the run, use the offline reasoner
  GTRAG_LLM_BACKOFF    wait before the first LLM retry, doubled for each next (default %s)`,
		shortDuration(reasoner.DefaultTimeout), reasoner.DefaultRetries, shortDuration(reasoner.DefaultBackoff))
}

// storeTuning tunes the knowledge base. The zero value changes nothing.
type storeTuning struct {
	// GTRAG_LOCK_TIMEOUT: how long a command waits while another gtrag
	// process holds the store, before it gives up with a message.
	lockTimeout time.Duration
}

// maxLockTimeout bounds GTRAG_LOCK_TIMEOUT: beyond it a value is a typo.
const maxLockTimeout = 10 * time.Minute

// defaultLockTimeout is vectordb's, repeated for the help text.
const defaultLockTimeout = 30 * time.Second

// readStoreTuning reads GTRAG_LOCK_TIMEOUT; a malformed value is a usage
// error naming the variable.
func readStoreTuning(getenv func(string) string) (storeTuning, error) {
	var t storeTuning
	var err error
	t.lockTimeout, err = envDuration(getenv, "GTRAG_LOCK_TIMEOUT", maxLockTimeout)
	return t, err
}

// options turns the settings into vectordb options; unset ones are left to
// the store's defaults.
func (t storeTuning) options() []vectordb.Option {
	if t.lockTimeout > 0 {
		return []vectordb.Option{vectordb.LockTimeout(t.lockTimeout)}
	}
	return nil
}

// storeTuningHelp documents the setting in the root help text.
func storeTuningHelp() string {
	return fmt.Sprintf(`Advanced knowledge-base setting, from the environment only:
  GTRAG_LOCK_TIMEOUT   how long to wait while another gtrag process writes
                       the store, then give up (default %s)`, shortDuration(defaultLockTimeout))
}
