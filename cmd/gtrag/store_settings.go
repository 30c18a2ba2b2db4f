package main

import (
	"fmt"
	"time"

	"github.com/gtrag/gtrag/vectordb"
)

// storeTuning holds the advanced knowledge-base settings, read from the
// environment only, like arxivTuning: the default suits people, who would
// rather wait for another gtrag to finish than see an error, and the
// setting is for scripts and tests that cannot wait that long. The zero
// value changes nothing.
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
