package mcpserver

import (
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

// startStdioLog is startStdio with the server's log kept in log.
func startStdioLog(t *testing.T, f *fixture, log io.Writer) *stdioSession {
	in, feed := io.Pipe()
	s := &stdioSession{t: t, feed: feed, out: &lockedBuffer{}, done: make(chan error, 1)}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	go func() { s.done <- New(f.svc, Options{Version: "test", Log: log}).Run(ctx, StdioTransport(in, s.out)) }()
	return s
}

// A request the client cancelled was answered all the same, when its
// handler returned: an isError result "cancelled: … context canceled".
// MCP says a receiver should not answer a cancelled request (the client
// has forgotten its id, and may have reused it). The SDK writes whatever
// the handler returns, so the transport drops the answer. A cancelled
// ingest keeps the batch it committed.
func TestQA3CancelledCallIsNotAnswered(t *testing.T) {
	papers := arxivtest.Papers(0, 150)
	for _, c := range []struct {
		tool string
		args string
		// committed: the call commits a batch before it stalls.
		committed bool
	}{
		// Two pages of 100: the first is committed, the second stalls.
		{"ingest_query", `{"query":"cat:cs.GT","max":150}`, true},
		{"ask", `{"question":"How do miners bid in equilibrium of blockchain transaction fee auctions?"}`, false},
	} {
		t.Run(c.tool, func(t *testing.T) {
			f := newFixture(t, -1, papers...)
			stalled := make(chan struct{}, 10)
			f.arxiv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
				if r.N == 1 && c.committed {
					return nil
				}
				stalled <- struct{}{}
				return &arxivtest.Reply{Stall: true}
			})
			before := f.svc.Store().Count()
			var log lockedBuffer
			s := startStdioLog(t, f, &log)
			s.send(initialize, initialized,
				`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"`+c.tool+`","arguments":`+c.args+`}}`)
			select {
			case <-stalled:
			case <-time.After(30 * time.Second):
				t.Fatal("the call never reached the arXiv request that stalls")
			}
			if c.committed {
				require.Eventually(t, func() bool { return f.svc.Store().Count() > before }, 30*time.Second, 5*time.Millisecond, "the first page was never committed")
			}
			s.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2,"reason":"the user changed their mind"}}`)
			// The handler has returned, and the SDK written its answer.
			require.Eventually(t, func() bool { return strings.Contains(log.String(), c.tool+": cancelled") }, 30*time.Second, 5*time.Millisecond)
			s.send(`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
			s.await(`"id":3`)
			out := s.close()

			listChanged := 0
			for _, m := range lines(t, out) {
				raw, _ := json.Marshal(m)
				if m.(map[string]any)["method"] == "notifications/resources/list_changed" {
					// The committed batch changed the papers listed.
					listChanged++
					continue
				}
				require.NotContains(t, m, "method", "no request or notification expected: %s", raw)
				require.NotEqualValues(t, 2, m.(map[string]any)["id"], "the cancelled call was answered: %s", raw)
			}
			require.Contains(t, byID(t, out), `3`, "the session went on")
			if c.committed {
				// Debounced by the SDK, it may come before the session
				// closes or be sent as it closes, but it comes once.
				require.Equal(t, 1, listChanged, "the committed batch changed resources/list")
			} else {
				require.Zero(t, listChanged, "resources/list_changed only when a batch was committed")
			}
			if c.committed {
				require.Greater(t, f.svc.Store().Count(), before, "the committed batch was kept")
				require.True(t, f.svc.Store().HasPaper(papers[0].ID))
			} else {
				require.Equal(t, before, f.svc.Store().Count())
			}
		})
	}
}

// The id of a cancelled request is still the SDK's until its handler
// returns: a request reusing it then is refused by the transport, as one
// reusing an open id is, rather than passed on to be dropped by the SDK
// unanswered. Once the cancelled request's answer is dropped, the id is
// free. Ids are compared as the SDK compares them: 2.0 cancels 2.
func TestQA3CancelledIDStaysInUseUntilItsAnswer(t *testing.T) {
	open := newOpenRequests()
	open.add(idKey(json.RawMessage(`2`)), "tools/call")
	open.cancel(idKey(json.RawMessage(`2.0`)))
	require.Empty(t, open.ids, "the end of the input does not wait for it")
	require.True(t, open.has("2"), "the id is in use until the handler returns")
	require.True(t, open.answering(idKey(json.RawMessage(`2`)), message{}).drop)
	require.False(t, open.has("2"))
	require.False(t, open.answering(idKey(json.RawMessage(`2`)), message{}).drop, "only the cancelled request's answer is dropped")

	// A cancellation of a request answered already changes nothing.
	open.cancel(idKey(json.RawMessage(`7`)))
	require.False(t, open.has("7"))
	require.Equal(t, idKey(json.RawMessage(`"a"`)), idKey(json.RawMessage(`"\u0061"`)))
	require.NotEqual(t, idKey(json.RawMessage(`"1"`)), idKey(json.RawMessage(`1`)))
}
