package reasoner

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// signalStop is a cause like cmd/gtrag's signal cause: a context.Canceled
// that names its signal, which a run's recording looks for in the error.
type signalStop struct{}

func (signalStop) Error() string      { return "stopped by Ctrl-C" }
func (signalStop) Unwrap() error      { return context.Canceled }
func (signalStop) SignalName() string { return "Ctrl-C" }

// Ctrl-C during an LLM call is a stop, not a failure: the error the step
// returns carries the signal's cause, as an arXiv search cut short does,
// for every prompt and through the Set's fallback wrappers, so that the
// run's recording says "STOPPED (Ctrl-C)". It said "…: context canceled"
// and the recording took the stop for a failure.
func TestLLMCallStoppedByASignalSaysSo(t *testing.T) {
	for _, provider := range []string{"ollama", "openai"} {
		t.Run(provider, func(t *testing.T) {
			f := newFakeLLM(t)
			f.reply = func(int) fakeReply { return fakeReply{Hang: true} }
			set := openFake(t, provider, f, WithTimeout(time.Minute))
			calls := map[string]func(ctx context.Context) error{
				"judge": func(ctx context.Context) error {
					_, err := set.Judge.JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
					return err
				},
				"filter": func(ctx context.Context) error {
					_, err := set.Filter.IsGameTheory(ctx, videoPaper[0], videoPaper[1])
					return err
				},
				"answer": func(ctx context.Context) error {
					_, err := set.Answerer.Answer(ctx, "What is a Nash equilibrium?", onePassage)
					return err
				},
				"the LLM judge alone": func(ctx context.Context) error {
					_, err := NewLLMJudge(rawModel(t, provider, f), WithTimeout(time.Minute)).JudgeRelevance(ctx, "What is a Nash equilibrium?", onePassage)
					return err
				},
			}
			for name, call := range calls {
				ctx, cancel := context.WithCancelCause(WithRun(context.Background()))
				asked := len(f.Requests())
				go func() {
					for len(f.Requests()) == asked {
						time.Sleep(time.Millisecond)
					}
					cancel(signalStop{})
				}()
				err := call(ctx)
				require.ErrorIs(t, err, context.Canceled, name)
				var sig interface{ SignalName() string }
				require.ErrorAs(t, err, &sig, "%s: %v", name, err)
				require.Equal(t, "Ctrl-C", sig.SignalName())
				require.Regexp(t, `: stopped by Ctrl-C$`, err.Error(), name)
				require.Len(t, f.Requests(), asked+1, "%s: a stop is not retried", name)
			}
		})
	}
}

// A stop during the wait before a retry keeps the cause too.
func TestLLMBackoffStoppedByASignalSaysSo(t *testing.T) {
	m := &scriptedModel{script: []step{{err: errors.New("boom")}}}
	ctx, cancel := context.WithCancelCause(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := NewLLMJudge(m, WithBackoff(time.Hour), WithRetries(5)).JudgeRelevance(ctx, "q", onePassage)
		done <- err
	}()
	require.Eventually(t, func() bool { return m.Calls() == 1 }, 5*time.Second, time.Millisecond)
	cancel(signalStop{})
	select {
	case err := <-done:
		require.ErrorIs(t, err, context.Canceled)
		require.EqualError(t, err, "check relevance with the LLM: stopped by Ctrl-C")
	case <-time.After(5 * time.Second):
		t.Fatal("the stop did not end the backoff")
	}
}
