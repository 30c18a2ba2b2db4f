package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"syscall"

	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/vectordb"
	"github.com/gtrag/gtrag/weaviatestore"
)

// hint adds what to do on the command line to an error the libraries report
// without knowing it: they say what failed, and which flag to change is the
// command layer's to say. Main passes every error through here once.
func (a *app) hint(err error) error {
	var mismatch *vectordb.MismatchError
	embedded := a.store == ""
	if errors.As(err, &mismatch) {
		// The store the error names: store copy's --to or --from may be
		// a collection whatever --store says.
		embedded = !weaviatestore.IsURL(mismatch.Dir)
	}
	elsewhere := "choose another --data-dir"
	if !embedded {
		elsewhere = "another collection (weaviate://HOST:PORT/Name)"
	}
	switch {
	case err == nil:
		return nil
	case errors.As(err, &mismatch) && mismatch.DimMismatch:
		return withHint(err, ". Use the model the store was built with, or "+elsewhere)
	case errors.As(err, &mismatch):
		use := "--embedder " + mismatch.StoredSpec
		if name := a.setting("embedder"); name != "--embedder" {
			// The embedder came from the environment: say where.
			use = fmt.Sprintf("--embedder %s (or set %s=%s)", mismatch.StoredSpec, name, mismatch.StoredSpec)
		}
		return withHint(err, fmt.Sprintf(". Use %s, or %s", use, elsewhere))
	case embedded && (errors.Is(err, syscall.EROFS) || errors.Is(err, fs.ErrPermission) || errors.Is(err, vectordb.ErrCreateDir)) &&
		strings.Contains(err.Error(), a.dataDir):
		// The store's files, not another file the command was given; or
		// a data directory that could not be made (mkdir under /proc).
		var nw *service.NotWritableError
		if !errors.As(err, &nw) {
			// No "fix its permissions" before it for ", or" to follow:
			// the system's words ("operation not permitted") end the line.
			return withHint(err, "; choose another --data-dir")
		}
		return withHint(err, ", or choose another --data-dir")
	}
	err = storeHint(err, a.dataDir)
	// The command a damaged store's error suggests ("`gtrag papers rm
	// 2301.01234`", said by the library, which does not know the flags)
	// works on this run's knowledge base when copied. Only there: a usage
	// error's "gtrag papers rm needs an argument" names the command.
	var corrupt *vectordb.CorruptError
	if errors.As(err, &corrupt) {
		if msg := a.withStoreFlags(err.Error()); msg != err.Error() {
			return hintError{msg: msg, err: err}
		}
	}
	return err
}

// withHint appends hint to err's message, keeping err's chain (hintError
// is ingest.go's).
func withHint(err error, hint string) error {
	return hintError{msg: err.Error() + hint, err: err}
}
