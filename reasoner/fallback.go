package reasoner

import (
	"context"
	"fmt"
	"sync"
	"unicode/utf8"
)

// The fallback wrappers keep a run going when the LLM fails: the primary
// (LLM) reasoner is asked first, and when it returns an error (after its own
// retries) the offline reasoner decides instead, with a notice saying so.
// A cancelled context is passed through, never "fallen back" from.
//
// Once the primary has failed, the wrapper stops asking it for the rest of
// its life: a dead server would otherwise cost every paper of a search its
// full timeouts and retries. Open shares that memory across the three
// wrappers of a Set, so one outage is paid for once per run.

// breaker remembers that the primary failed, and why. A nil breaker (a
// wrapper built as a struct literal) remembers nothing.
type breaker struct {
	mu     sync.Mutex
	reason string
}

func (b *breaker) open() (string, bool) {
	if b == nil {
		return "", false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.reason, b.reason != ""
}

func (b *breaker) trip(err error) string {
	if b == nil {
		return failure(err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.reason == "" {
		b.reason = failure(err)
	}
	return b.reason
}

func fallbackNotice(reason, what string) string {
	return fmt.Sprintf("LLM unavailable (%s); used offline %s", reason, what)
}

// FallbackJudge is a RelevanceJudge that falls back to another one.
type FallbackJudge struct {
	Primary, Fallback RelevanceJudge
	b                 *breaker
}

// JudgeRelevance implements RelevanceJudge.
func (f *FallbackJudge) JudgeRelevance(ctx context.Context, question string, passages []Passage) (Verdict, error) {
	return withFallback(ctx, f.b, "relevance check", "relevance check",
		func() (Verdict, error) { return f.Primary.JudgeRelevance(ctx, question, passages) },
		func() (Verdict, error) { return f.Fallback.JudgeRelevance(ctx, question, passages) },
		func(v *Verdict) *[]string { return &v.Notices })
}

// FallbackFilter is a PaperFilter that falls back to another one.
type FallbackFilter struct {
	Primary, Fallback PaperFilter
	b                 *breaker
}

// IsGameTheory implements PaperFilter.
func (f *FallbackFilter) IsGameTheory(ctx context.Context, title, abstract string) (Verdict, error) {
	return withFallback(ctx, f.b, "paper filter", "paper filter",
		func() (Verdict, error) { return f.Primary.IsGameTheory(ctx, title, abstract) },
		func() (Verdict, error) { return f.Fallback.IsGameTheory(ctx, title, abstract) },
		func(v *Verdict) *[]string { return &v.Notices })
}

// FallbackAnswerer is an Answerer that falls back to another one.
type FallbackAnswerer struct {
	Primary, Fallback Answerer
	b                 *breaker
}

// Answer implements Answerer.
func (f *FallbackAnswerer) Answer(ctx context.Context, question string, passages []Passage) (Answer, error) {
	return withFallback(ctx, f.b, "answer", "extractive answer",
		func() (Answer, error) { return f.Primary.Answer(ctx, question, passages) },
		func() (Answer, error) { return f.Fallback.Answer(ctx, question, passages) },
		func(a *Answer) *[]string { return &a.Notices })
}

// withFallback is the logic the three wrappers share: ask primary unless
// the breaker is open, pass a cancellation through, and on any other
// failure trip the breaker and ask fallback, adding a notice to the
// Notices field that notices points to. what names the offline step in
// errors, used names it in the notice.
func withFallback[T any](ctx context.Context, b *breaker, what, used string,
	primary, fallback func() (T, error), notices func(*T) *[]string) (T, error) {
	var zero T
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	reason, down := b.open()
	if !down {
		r, err := primary()
		if err == nil {
			return r, nil
		}
		if ctx.Err() != nil {
			return zero, err
		}
		reason = b.trip(err)
	}
	r, err := fallback()
	if err != nil {
		return r, fmt.Errorf("offline %s after LLM failure (%s): %w", what, reason, err)
	}
	n := notices(&r)
	*n = append(*n, fallbackNotice(reason, used))
	return r, nil
}

// failure is the reason a breaker records: the error on one line, at most
// 160 runes, so that a notice quoting it stays readable.
func failure(err error) string {
	s := fold(err.Error())
	if utf8.RuneCountInString(s) > 160 {
		s = truncateRunes(s, 160) + "…"
	}
	return s
}
