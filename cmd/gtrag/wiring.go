package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// openStore opens (creating if needed) the knowledge base, and seeds a new,
// empty store with the primer unless --seed none. wrap, if given, wraps the
// embedder (the trace recorder uses it to record embedding calls).
func (a *app) openStore(ctx context.Context, wrap ...func(vectordb.Embedder) vectordb.Embedder) (*vectordb.DB, error) {
	emb, err := vectordb.ParseEmbedder(a.embedder, a.getenv)
	if err != nil {
		return nil, usageError{fmt.Errorf("--embedder: %w", err)}
	}
	for _, w := range wrap {
		emb = w(emb)
	}
	if fi, err := os.Stat(a.dataDir); err == nil && !fi.IsDir() {
		return nil, usagef("--data-dir %s is a file, not a directory", a.dataDir)
	}
	// A wait for another gtrag process is announced on stderr and bounded by
	// GTRAG_LOCK_TIMEOUT.
	db, err := vectordb.Open(ctx, a.dataDir, emb, append(a.storeTuning.options(), vectordb.WaitNotices(a.stderr))...)
	if err != nil {
		var mismatch *vectordb.MismatchError
		if errors.As(err, &mismatch) {
			return nil, usageError{err}
		}
		return nil, fmt.Errorf("open the knowledge base: %w", err)
	}
	if a.seed == "primer" && db.Count() == 0 {
		if err := seedPrimer(ctx, db); err != nil {
			db.Close()
			return nil, err
		}
	}
	return db, nil
}

func seedPrimer(ctx context.Context, db *vectordb.DB) error {
	papers, err := data.Primer()
	if err != nil {
		return fmt.Errorf("load the primer: %w", err)
	}
	var docs []vectordb.Document
	for _, p := range papers {
		for _, c := range chunker.Split(p, chunker.Options{}) {
			docs = append(docs, vectordb.Document{ID: c.ID, Content: c.Text, Metadata: c.Metadata})
		}
	}
	if _, err := db.Add(ctx, docs); err != nil {
		return fmt.Errorf("seed the store with the primer: %w", err)
	}
	return nil
}

// openReasoners resolves --llm into the three reasoners.
func (a *app) openReasoners(ctx context.Context) (reasoner.Set, error) {
	set, err := reasoner.Open(ctx, a.llm, a.getenv, a.llmTuning.options()...)
	if err != nil {
		var spec *reasoner.SpecError
		if errors.As(err, &spec) {
			return set, usageError{fmt.Errorf("--llm: %w", err)}
		}
		return set, fmt.Errorf("set up the LLM: %w", err)
	}
	return set, nil
}

// arxivClient is the one client of this process, so that its pacing holds
// across every request the process makes.
func (a *app) arxivClient() *arxiv.Client {
	delay := a.arxivDelay
	if delay == 0 {
		delay = -1 // the client's zero means "default"; the user's 0 means "none"
	}
	t := a.arxivTuning
	return &arxiv.Client{BaseURL: a.arxivURL, Delay: delay, RequestTimeout: t.timeout, Backoff: t.backoff, MaxAttempts: t.maxAttempts}
}
