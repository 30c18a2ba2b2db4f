package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/service"
)

// setupNotice is what `gtrag mcp` says of its setup when it starts, and
// every ask repeats in its notices.
const setupNotice = "offline: no LLM configured"

// deadArxivFixture is a server whose arXiv refuses connections, so that
// an ask for a question the primer lacks answers from the store with a
// notice, and whose reasoners have a notice of their setup.
func deadArxivFixture(t *testing.T) *fixture {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	dead := "http://" + ln.Addr().String() + "/api/query"
	ln.Close()
	cfg := service.Config{DataDir: t.TempDir(), LLM: "offline", Embedder: "offline"}
	db, err := service.OpenStore(context.Background(), cfg)
	require.NoError(t, err)
	rs, err := service.OpenReasoners(context.Background(), cfg)
	require.NoError(t, err)
	rs.Notices = append(rs.Notices, setupNotice)
	svc := service.New(db, rs, service.NewArxivClient(service.ArxivConfig{URL: dead, Delay: -1, Backoff: time.Millisecond, MaxAttempts: 1}))
	t.Cleanup(func() { svc.Close() })
	return &fixture{svc: svc}
}

const askDeadArxiv = `"method":"tools/call","params":{"name":"ask","arguments":{"question":"How do miners bid in equilibrium of blockchain transaction fee auctions?"}}}`

// The notices of an ask (arXiv failed, the LLM failed …) reached only the
// result's notices field, though the README and `gtrag mcp --help` say
// notices go to standard error, the client's log. And the server offered
// the logging capability, took logging/setLevel, and never sent a log
// message; a level MCP does not define ("loud") was taken too. A call's
// notices now go to the server's log, and as notifications/message to a
// client that asked for them at their level; a level not MCP's is
// refused with invalid params.
func TestQA3NoticesReachTheLogAndTheClient(t *testing.T) {
	f := deadArxivFixture(t)
	var log lockedBuffer
	s := startStdioLog(t, f, &log)

	// No level asked for: the log has the notice, the client no message.
	s.send(initialize, initialized, `{"jsonrpc":"2.0","id":2,`+askDeadArxiv)
	s.await(`"id":2`)
	require.Contains(t, s.out.String(), "refused the connection", "the result's notices say it")
	require.Contains(t, s.out.String(), setupNotice, "the result's notices say it")
	require.Contains(t, log.String(), "gtrag mcp: ask: note: arXiv search failed, answering from the local store")
	require.Contains(t, log.String(), "refused the connection")
	require.NotContains(t, log.String(), setupNotice, "a notice of the setup, said once when `gtrag mcp` starts, is not repeated")
	require.Equal(t, 1, strings.Count(log.String(), "\n"), log.String())

	// A level that is not MCP's is refused; one above the notices' sends
	// nothing.
	s.send(`{"jsonrpc":"2.0","id":3,"method":"logging/setLevel","params":{"level":"loud"}}`,
		`{"jsonrpc":"2.0","id":4,"method":"logging/setLevel","params":{"level":"warning"}}`,
		`{"jsonrpc":"2.0","id":5,`+askDeadArxiv)
	s.await(`"id":5`)

	// At a level at or below theirs: the notice, before the result.
	// (The level first: requests are handled concurrently.)
	s.send(`{"jsonrpc":"2.0","id":6,"method":"logging/setLevel","params":{"level":"debug"}}`)
	s.await(`"id":6`)
	s.send(`{"jsonrpc":"2.0","id":7,` + askDeadArxiv)
	s.await(`"id":7`)
	out := s.close()

	ids := byID(t, out)
	code, msg := errorOf(ids[`3`])
	require.EqualValues(t, jsonrpc.CodeInvalidParams, code, out)
	require.Contains(t, msg, `"loud"`)
	require.Contains(t, ids[`4`], "result")
	require.Contains(t, ids[`6`], "result")
	var notes []map[string]any
	answered := false // id 7
	for _, m := range lines(t, out) {
		obj := m.(map[string]any)
		if obj["method"] == "notifications/message" {
			notes = append(notes, obj["params"].(map[string]any))
			require.False(t, answered, "the notice comes before the result")
		}
		answered = answered || obj["id"] == float64(7)
	}
	require.Len(t, notes, 1, out)
	require.Equal(t, "notice", notes[0]["level"])
	require.Equal(t, "gtrag", notes[0]["logger"])
	require.Contains(t, notes[0]["data"], "ask: arXiv search failed")
	require.Equal(t, 3, strings.Count(log.String(), "\n"), "each ask's notice on the log:\n%s", log.String())
}

// A client of the 2026-07-28 protocol gives its log level with each
// request, in _meta, and hears the call's notices at it.
func TestQA3NoticesAtTheLevelOfTheRequest(t *testing.T) {
	f := deadArxivFixture(t)
	var mu sync.Mutex
	var got []*mcp.LoggingMessageParams
	ctx, cancel := context.WithCancel(context.Background())
	serverT, clientT := mcp.NewInMemoryTransports()
	done := make(chan error, 1)
	go func() { done <- New(f.svc, Options{Version: "test"}).Run(ctx, serverT) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) {
			mu.Lock()
			got = append(got, r.Params)
			mu.Unlock()
		},
	}).Connect(ctx, clientT, nil)
	require.NoError(t, err)
	t.Cleanup(func() {
		cs.Close()
		cancel()
		<-done
	})
	call := func(level string) {
		p := &mcp.CallToolParams{Name: "ask", Arguments: map[string]any{"question": "How do miners bid in equilibrium of blockchain transaction fee auctions?"}}
		p.Meta = mcp.Meta{mcp.MetaKeyLogLevel: level}
		res, err := cs.CallTool(context.Background(), p)
		require.NoError(t, err)
		require.False(t, res.IsError)
	}
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(got)
	}
	call("error")
	time.Sleep(100 * time.Millisecond)
	require.Zero(t, count())
	call("info")
	require.Eventually(t, func() bool { return count() == 1 }, 5*time.Second, 5*time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	raw, _ := json.Marshal(got[0])
	require.Contains(t, string(raw), "arXiv search failed")
}

// An arXiv that answers 503 made an ingest call retry in silence, a minute
// at worst, then fail: `gtrag ingest` says each retry as it happens. The
// call's retries now reach the log and the client as they happen, before
// the tool's error.
func TestQA3ArxivRetriesAreSaidAsTheyHappen(t *testing.T) {
	busy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "0")
		http.Error(w, "busy", http.StatusServiceUnavailable)
	}))
	t.Cleanup(busy.Close)
	cfg := service.Config{DataDir: t.TempDir(), LLM: "offline", Embedder: "offline"}
	db, err := service.OpenStore(context.Background(), cfg)
	require.NoError(t, err)
	rs, err := service.OpenReasoners(context.Background(), cfg)
	require.NoError(t, err)
	svc := service.New(db, rs, service.NewArxivClient(service.ArxivConfig{URL: busy.URL + "/api/query", Delay: -1, Backoff: time.Millisecond, MaxAttempts: 3}))
	t.Cleanup(func() { svc.Close() })
	var log lockedBuffer
	s := startStdioLog(t, &fixture{svc: svc}, &log)
	// The SDK handles calls asynchronously (go-sdk#26): the call waits for the
	// level to be set, or a loaded machine ran the first attempt before it
	// and the first retry's notice was below the session's level.
	s.send(initialize, initialized, `{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"notice"}}`)
	s.await(`"id":2`)
	s.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ingest_ids","arguments":{"ids":["cs/0412034"]}}}`)
	s.await(`"id":3`)
	out := s.close()

	result := byID(t, out)[`3`]["result"].(map[string]any)
	require.Equal(t, true, result["isError"], "a tool error, not a protocol one")
	require.Contains(t, fmt.Sprint(result["content"]), "gave up after 3 attempts: arXiv answered HTTP 503")
	var retries []string
	answered := false
	for _, m := range lines(t, out) {
		obj := m.(map[string]any)
		if obj["method"] == "notifications/message" {
			retries = append(retries, obj["params"].(map[string]any)["data"].(string))
			require.False(t, answered, "each retry is said before the call ends")
		}
		answered = answered || obj["id"] == float64(3)
	}
	require.Len(t, retries, 2, "two retries after the first attempt:\n%s", out)
	require.Contains(t, retries[0], "ingest_ids: arXiv: attempt 1 failed (arXiv answered HTTP 503")
	require.Contains(t, retries[1], "attempt 2 failed")
	require.Contains(t, log.String(), "gtrag mcp: ingest_ids: note: arXiv: attempt 1 failed")
}
