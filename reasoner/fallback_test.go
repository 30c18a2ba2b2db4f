package reasoner

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

type failing struct{ err error }

func (f failing) JudgeRelevance(context.Context, string, []Passage) (Verdict, error) {
	return Verdict{}, f.err
}
func (f failing) IsGameTheory(context.Context, string, string) (Verdict, error) {
	return Verdict{}, f.err
}
func (f failing) Answer(context.Context, string, []Passage) (Answer, error) { return Answer{}, f.err }

type counting struct {
	calls int
	yes   bool
}

func (c *counting) JudgeRelevance(context.Context, string, []Passage) (Verdict, error) {
	c.calls++
	return Verdict{Yes: c.yes, Reason: "primary"}, nil
}

func TestFallbackUsesPrimaryWhenItWorks(t *testing.T) {
	p := &counting{yes: true}
	j := judgeWithFallback(p, NewOfflineJudge())
	v, err := j.JudgeRelevance(context.Background(), "q", onePassage)
	require.NoError(t, err)
	require.Equal(t, Verdict{Yes: true, Reason: "primary"}, v)
	require.Equal(t, 1, p.calls)
}

func TestFallbackNotices(t *testing.T) {
	ctx := context.Background()
	down := failing{errors.New("check relevance with the LLM: 3 attempts, last: connection\nrefused")}

	j := judgeWithFallback(down, NewOfflineJudge())
	v, err := j.JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.True(t, v.Yes, v.Reason)
	require.Equal(t, []string{"LLM unavailable (check relevance with the LLM: 3 attempts, last: connection refused); continuing offline"}, v.Notices)

	f := filterWithFallback(down, NewOfflineFilter())
	fv, err := f.IsGameTheory(ctx, videoPaper[0], videoPaper[1])
	require.NoError(t, err)
	require.False(t, fv.Yes)
	require.Regexp(t, `^LLM unavailable \(.*\); continuing offline$`, fv.Notices[0])

	a := answererWithFallback(down, NewOfflineAnswerer())
	av, err := a.Answer(ctx, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, []int{1}, av.Cited)
	require.Regexp(t, `^LLM unavailable \(.*\); continuing offline$`, av.Notices[0])
	require.Equal(t, OfflineLLMFailed, av.Offline, "the answer says, as data, that the offline answerer wrote it")

	// The LLM's own answer is not marked.
	ok := answererWithFallback(NewOfflineAnswerer(), failing{errors.New("unused")})
	ov, err := ok.Answer(ctx, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Empty(t, ov.Offline)
}

func TestFallbackRemembersOutage(t *testing.T) {
	p := &flaky{}
	j := judgeWithFallback(p, NewOfflineJudge())
	for i := range 3 {
		v, err := j.JudgeRelevance(context.Background(), "What is a Nash equilibrium?", onePassage)
		require.NoError(t, err)
		// The same words each time, so that a run's notices, which
		// drop duplicates, tell the outage once.
		require.Equal(t, []string{"LLM unavailable (down); continuing offline"}, v.Notices, "call %d", i)
	}
	require.Equal(t, 1, p.calls, "a failed primary is not asked again")

	// A wrapper built as a struct literal has no memory but still works;
	// each of its notices is about its own step.
	lit := &FallbackJudge{Primary: p, Fallback: NewOfflineJudge()}
	for range 2 {
		v, err := lit.JudgeRelevance(context.Background(), "q", onePassage)
		require.NoError(t, err)
		require.Equal(t, []string{"LLM unavailable (down); used offline relevance check"}, v.Notices)
	}
	require.Equal(t, 3, p.calls)
}

type flaky struct{ calls int }

func (f *flaky) JudgeRelevance(context.Context, string, []Passage) (Verdict, error) {
	f.calls++
	return Verdict{}, errors.New("down")
}

func TestFallbackNotOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := judgeWithFallback(failing{context.Canceled}, NewOfflineJudge()).JudgeRelevance(ctx, "q", onePassage)
	require.ErrorIs(t, err, context.Canceled)
	_, err = filterWithFallback(failing{context.Canceled}, NewOfflineFilter()).IsGameTheory(ctx, "t", "a")
	require.ErrorIs(t, err, context.Canceled)
	_, err = answererWithFallback(failing{context.Canceled}, NewOfflineAnswerer()).Answer(ctx, "q", onePassage)
	require.ErrorIs(t, err, context.Canceled)
}

func TestFallbackBothFail(t *testing.T) {
	_, err := judgeWithFallback(failing{errors.New("llm down")}, failing{errors.New("also broken")}).
		JudgeRelevance(context.Background(), "q", onePassage)
	require.EqualError(t, err, "offline relevance check after LLM failure (llm down): also broken")
}

// The wrappers as Open builds them, each with its own breaker.
func judgeWithFallback(primary, fallback RelevanceJudge) *FallbackJudge {
	return &FallbackJudge{Primary: primary, Fallback: fallback, b: &breaker{}}
}

func filterWithFallback(primary, fallback PaperFilter) *FallbackFilter {
	return &FallbackFilter{Primary: primary, Fallback: fallback, b: &breaker{}}
}

func answererWithFallback(primary, fallback Answerer) *FallbackAnswerer {
	return &FallbackAnswerer{Primary: primary, Fallback: fallback, b: &breaker{}}
}
