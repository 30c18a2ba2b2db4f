package service_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
)

// Asked again with what its first answer told (chat's "tell me more"),
// the offline answer on the primer says something new: no sentence of the
// first answer, and sources all the same. The run is recorded with what it
// was told, and replays to the same answer.
func TestAskToldSaysWhatIsNew(t *testing.T) {
	cfg := offline(t, "http://127.0.0.1:9/api/query") // arXiv unreachable
	cfg.Seed = service.SeedPrimer
	svc := openService(t, cfg)
	const q = "What is a Nash equilibrium?"
	first, err := svc.Ask(context.Background(), q, service.AskOptions{})
	require.NoError(t, err)
	require.Equal(t, nodes.OutcomeAnswered, first.Outcome)
	told := reasoner.AnswerSentences(first.Answer)
	require.GreaterOrEqual(t, len(told), 2)

	var out bytes.Buffer
	rec := trace.New(trace.Options{Out: &out, LLM: svc.LLM()})
	more, err := svc.Ask(context.Background(), q, service.AskOptions{Told: told, Trace: rec})
	require.NoError(t, err)
	require.Equal(t, nodes.OutcomeAnswered, more.Outcome)
	require.NotEmpty(t, more.Sources)
	said := reasoner.AnswerSentences(more.Answer)
	require.NotEmpty(t, said)
	for _, s := range said {
		require.NotContains(t, told, s, "told again: %q", s)
	}

	evs, err := trace.ReadEvents(strings.NewReader(out.String()))
	require.NoError(t, err)
	p, err := trace.NewPlayer(evs)
	require.NoError(t, err)
	require.Equal(t, told, p.Settings().Told, "recorded")
	replayed, err := service.Replay(context.Background(), p)
	require.NoError(t, err)
	require.Equal(t, more.Answer, replayed.Answer)
	require.Equal(t, more.Sources, replayed.Sources)
}
