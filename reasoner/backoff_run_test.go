package reasoner

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// An ingest of a long-lived process (an MCP server's ingest_ids) is a run
// of its own (WithRunFor): after a question whose answer the LLM failed,
// the next ingest lets the LLM rest and says that an earlier call failed,
// not that its filter did; the ingest after it asks the LLM again, and its
// answer ends the backoff. Outside a run an ingest's filter once stayed
// offline for the rest of the session: it was kept from the LLM by the
// backoff and never counted it down.
func TestIngestRunCountsTheBackoffDown(t *testing.T) {
	boom := errors.New("internal server error")
	m := &scriptedModel{script: []step{{err: boom}, {err: boom}, {err: boom}, {reply: "yes"}}}
	set := scriptedSet(m)

	a, err := set.Answerer.Answer(WithRun(context.Background()), "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, OfflineLLMFailed, a.Offline)
	require.Equal(t, 3, m.Calls())

	// Outside a run the backoff holds the filter offline, and is not
	// counted down however often it is asked.
	for range 3 {
		v, err := set.Filter.IsGameTheory(context.Background(), gtPaper[0], gtPaper[1])
		require.NoError(t, err)
		require.NotEmpty(t, v.Notices)
	}
	require.Equal(t, 3, m.Calls(), "outside a run the LLM is not asked while runs are skipped")

	// The first ingest run is skipped, for every paper it judges, with a
	// notice that says why in an ingest's terms.
	ingest := WithRunFor(context.Background(), "ingest")
	for range 2 {
		v, err := set.Filter.IsGameTheory(ingest, gtPaper[0], gtPaper[1])
		require.NoError(t, err)
		require.Equal(t, []string{"LLM not asked for this ingest: it failed in an earlier call (last: generate the answer with the LLM: 3 attempts, last: internal server error); continuing offline, and asking it again later"}, v.Notices)
	}
	require.Equal(t, 3, m.Calls(), "the run after the failed one lets the LLM rest")

	// The next ingest asks it, and its answer ends the backoff.
	v, err := set.Filter.IsGameTheory(WithRunFor(context.Background(), "ingest"), gtPaper[0], gtPaper[1])
	require.NoError(t, err)
	require.Empty(t, v.Notices)
	require.Equal(t, `LLM replied "yes"`, v.Reason)
	require.Equal(t, 4, m.Calls())
	v, err = set.Filter.IsGameTheory(context.Background(), gtPaper[0], gtPaper[1])
	require.NoError(t, err)
	require.Empty(t, v.Notices, "the backoff is over, outside a run too")
	require.Equal(t, 5, m.Calls())
}

// A run named for WithRunFor keeps the notices of a question for what is
// not the backoff's: an LLM failing during the ingest is unavailable, and
// the next question, which the backoff skips, is told in a question's
// words. A ctx already in a run stays in it, under its own name.
func TestRunForNoticesOtherwiseAsAQuestion(t *testing.T) {
	boom := errors.New("internal server error")
	m := &scriptedModel{script: []step{{err: boom}}}
	set := scriptedSet(m)
	v, err := set.Filter.IsGameTheory(WithRunFor(context.Background(), "ingest"), gtPaper[0], gtPaper[1])
	require.NoError(t, err)
	require.Equal(t, []string{"LLM unavailable (classify paper with the LLM: 3 attempts, last: internal server error); continuing offline"}, v.Notices)

	question := WithRun(context.Background())
	require.Same(t, runOf(question), runOf(WithRunFor(question, "ingest")))
	v, err = set.Judge.JudgeRelevance(question, "What is a Nash equilibrium?", onePassage)
	require.NoError(t, err)
	require.Equal(t, []string{"LLM not asked for this question: it failed for the ones before (last: classify paper with the LLM: 3 attempts, last: internal server error); continuing offline, and asking it again later"}, v.Notices)
}
