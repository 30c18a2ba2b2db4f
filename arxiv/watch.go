package arxiv

import (
	"context"
	"errors"
	"syscall"
	"time"
)

// A Wait is a pause the client is about to make for a caller: the pacing
// before a request (arXiv's 3 s between requests) or the backoff before a
// retry. Commands show it so that a person at a terminal knows why nothing
// is happening.
type Wait struct {
	Kind WaitKind
	// D is how long the client will wait (it may end sooner if the caller's
	// context does).
	D time.Duration
	// Retry describes the failed attempt; set for WaitRetry only.
	Retry *Retry
}

// WaitKind says why the client waits.
type WaitKind int

const (
	WaitPacing WaitKind = iota + 1 // before a request, to keep arXiv's delay
	WaitRetry                      // before retrying a failed attempt
)

type watchKey struct{}

// Watch returns a context under which the Client tells fn about every wait
// it makes for calls made with that context, before the wait begins. fn runs
// on the calling goroutine and must return quickly. Unlike OnRetry, which is
// the Client's and hears every caller, Watch hears one caller: one question
// among the several a process may be answering.
func Watch(ctx context.Context, fn func(Wait)) context.Context {
	return context.WithValue(ctx, watchKey{}, fn)
}

func notifyWait(ctx context.Context, w Wait) {
	if fn, ok := ctx.Value(watchKey{}).(func(Wait)); ok && fn != nil {
		fn(w)
	}
}

type failFastKey struct{}

// FailFast returns a context under which a refused connection ends a call at
// once instead of being retried. A refusal means nothing listens at the
// address (no network, arXiv down, a wrong --arxiv-url); it rarely clears in
// the seconds a backoff waits. A person waiting for an answer is better told
// at once; a batch ingest, which can afford to wait, keeps retrying.
func FailFast(ctx context.Context) context.Context {
	return context.WithValue(ctx, failFastKey{}, true)
}

func failFast(ctx context.Context, err error) bool {
	on, _ := ctx.Value(failFastKey{}).(bool)
	return on && errors.Is(err, syscall.ECONNREFUSED)
}
