package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gtrag/gtrag/arxiv"
)

// arxivTuning holds the advanced arXiv client settings. They are read from
// the environment only, not flags: the defaults suit arXiv, and these are
// for a slow link or proxy, or for scripts and tests that cannot wait
// 30 s for a server that never answers. Zero fields mean the client's
// defaults, so the zero value changes nothing.
type arxivTuning struct {
	timeout     time.Duration // GTRAG_ARXIV_TIMEOUT: one attempt, from sending to the last byte
	backoff     time.Duration // GTRAG_ARXIV_BACKOFF: wait before the first retry, doubled for each next
	maxAttempts int           // GTRAG_ARXIV_RETRIES + 1
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
	if v := strings.TrimSpace(getenv("GTRAG_ARXIV_RETRIES")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > maxArxivRetries {
			return t, usagef("GTRAG_ARXIV_RETRIES %q: want a whole number from 0 to %d", v, maxArxivRetries)
		}
		t.maxAttempts = n + 1
	}
	return t, nil
}

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

// arxivTuningHelp documents the settings in the root help text.
func arxivTuningHelp() string {
	return fmt.Sprintf(`Advanced settings, from the environment only (the defaults suit arXiv):
  GTRAG_ARXIV_TIMEOUT  how long one arXiv request may take (default %s)
  GTRAG_ARXIV_RETRIES  retries after a failed arXiv request (default %d)
  GTRAG_ARXIV_BACKOFF  wait before the first retry, doubled for each next (default %s)
A Retry-After from arXiv is honoured up to %s.`,
		shortDuration(arxiv.DefaultRequestTimeout), arxiv.DefaultMaxAttempts-1, shortDuration(arxiv.DefaultBackoff), shortDuration(arxiv.DefaultMaxRetryWait))
}

// shortDuration spells whole minutes as people do: 10m, not 10m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	return s
}
