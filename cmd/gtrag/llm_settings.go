package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gtrag/gtrag/reasoner"
)

// llmTuning holds the advanced LLM call settings, read from the environment
// only, like arxivTuning: the defaults suit a local or hosted model, and
// these are for a slow machine, or for scripts and tests that cannot wait a
// minute for a server that never answers. The zero value changes nothing.
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
	if v := strings.TrimSpace(getenv("GTRAG_LLM_RETRIES")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > maxLLMRetries {
			return t, usagef("GTRAG_LLM_RETRIES %q: want a whole number from 0 to %d", v, maxLLMRetries)
		}
		t.retries = n
	}
	return t, nil
}

// options turns the settings into reasoner options; unset ones are left to
// the reasoner's defaults.
func (t llmTuning) options() []reasoner.Option {
	var opts []reasoner.Option
	if t.timeout > 0 {
		opts = append(opts, reasoner.WithTimeout(t.timeout))
	}
	if t.backoff > 0 {
		opts = append(opts, reasoner.WithBackoff(t.backoff))
	}
	if t.retries >= 0 {
		opts = append(opts, reasoner.WithRetries(t.retries))
	}
	return opts
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
