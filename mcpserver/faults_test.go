package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/service"
)

// lines decodes the server's output, one message a line, in order; a line
// that is not one whole JSON value fails the test.
func lines(t *testing.T, out string) []any {
	t.Helper()
	var got []any
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m any
		require.NoError(t, json.Unmarshal([]byte(line), &m), "not one whole message: %q", line)
		got = append(got, m)
	}
	return got
}

// errorOf is the code and message of an error response; 0 and "" for
// anything else.
func errorOf(m any) (code int64, msg string) {
	obj, _ := m.(map[string]any)
	e, _ := obj["error"].(map[string]any)
	if e == nil {
		return 0, ""
	}
	c, _ := e["code"].(float64)
	s, _ := e["message"].(string)
	return int64(c), s
}

// byID is the server's answers by id, those of batches too.
func byID(t *testing.T, out string) map[string]map[string]any {
	t.Helper()
	got := map[string]map[string]any{}
	var add func(m any)
	add = func(m any) {
		if arr, ok := m.([]any); ok {
			for _, m := range arr {
				add(m)
			}
			return
		}
		obj := m.(map[string]any)
		if id, ok := obj["id"]; ok && id != nil {
			raw, _ := json.Marshal(id)
			got[string(raw)] = obj
		}
	}
	for _, m := range lines(t, out) {
		add(m)
	}
	return got
}

// runScript runs a server over StdioTransport on the lines given, the input
// closed after them, and returns what it wrote.
func runScript(t *testing.T, f *fixture, script ...string) string {
	t.Helper()
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	in := strings.Join(script, "\n") + "\n"
	require.NoError(t, New(f.svc, Options{Version: "test"}).Run(ctx, StdioTransport(strings.NewReader(in), &out)), out.String())
	require.NoError(t, ctx.Err(), "the server ended on its own once every request was answered")
	return out.String()
}

// A line the SDK cannot decode ended the session: the server exited 1,
// the ask in flight unanswered and every later line unread. Now each bad
// line is answered as JSON-RPC 2.0 says, and the server goes on.
func TestStdioAnswersMalformedLinesAndGoesOn(t *testing.T) {
	f := newFixture(t, 0)
	out := runScript(t, f,
		initialize, initialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ask","arguments":{"question":"What is a core?"}}}`,
		`oops`,     // line 4
		`not json`, // 5
		`[1,2]`,    // 6
		`{"jsonrpc":"1.0","id":3,"method":"ping"}`,
		`{"id":"four","method":"ping"}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, // 9
		``,
		`{"jsonrpc":"2.0","id":6,"method":"ping"} {"jsonrpc":"2.0","id":7,"method":"ping"}`, // 11
		`[]`, // 12
		`{"jsonrpc":"2.0","id":8,"result":{},"jsonrpc":"1.0"}`, // a bad response: not answered
		`{"jsonrpc":"2.0","id":5,"method":"ping"}`,
	)
	got := lines(t, out)
	ids := byID(t, out)
	require.Contains(t, ids[`1`], "result", "initialize")
	answer, _ := json.Marshal(ids[`2`]["result"])
	require.Contains(t, string(answer), "core", "the ask in flight when the bad lines came was answered")
	require.Contains(t, ids[`5`], "result", "a line after the bad ones was served")

	code, msg := errorOf(ids[`3`])
	require.EqualValues(t, jsonrpc.CodeInvalidRequest, code)
	require.Contains(t, msg, `line 7 is not a valid JSON-RPC 2.0 message: "jsonrpc" is "1.0"`)
	code, msg = errorOf(ids[`"four"`])
	require.EqualValues(t, jsonrpc.CodeInvalidRequest, code)
	require.Contains(t, msg, `"jsonrpc":"2.0" is missing`)

	// The answers with no id to give, in the order of their lines.
	var nulls []string
	var batch []any
	for _, m := range got {
		if arr, ok := m.([]any); ok {
			batch = arr
			continue
		}
		if id, ok := m.(map[string]any)["id"]; ok && id == nil {
			code, msg := errorOf(m)
			nulls = append(nulls, fmt.Sprintf("%d %s", code, msg))
		}
	}
	require.Equal(t, []string{
		"-32700 line 4 is not JSON: unexpected 'o' where a value (an object, array, string in double quotes, number, true, false or null) should begin",
		"-32700 line 5 is not JSON: unexpected 'o': a word outside double quotes must be true, false or null",
		`-32600 line 9 is not a valid JSON-RPC 2.0 message: "id" must be a string, a number or null`,
		"-32700 line 11 is not JSON: unexpected '{' after the JSON value ended",
		"-32600 line 12 is an empty batch",
	}, nulls)
	require.Len(t, batch, 2, "[1,2]: an error for each of its messages, in one array")
	for i, m := range batch {
		code, msg := errorOf(m)
		require.EqualValues(t, jsonrpc.CodeInvalidRequest, code)
		require.Contains(t, msg, fmt.Sprintf("line 6, message %d of the batch", i+1))
	}
	// initialize, the ask, ping 5, the two errors with ids, those without,
	// the batch's array; nothing for the bad response.
	require.Len(t, got, 3+2+len(nulls)+1, out)
}

// An id that is a number but no integer (9.5, 1e2) or beyond 64 bits is
// refused: the SDK read it as another integer, answered under that id, and
// the server waited for an answer to the original one forever.
func TestStdioRefusesIDsThatAreNotIntegers(t *testing.T) {
	f := newFixture(t, 0)
	out := runScript(t, f,
		initialize, initialized,
		`{"jsonrpc":"2.0","id":9.5,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1e2,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":-4,"method":"ping"}`,
	)
	ids := byID(t, out)
	require.Contains(t, ids[`-4`], "result", "a negative integer is an id")
	var refused int
	for _, m := range lines(t, out) {
		if id, ok := m.(map[string]any)["id"]; ok && id == nil {
			code, msg := errorOf(m)
			require.EqualValues(t, jsonrpc.CodeInvalidRequest, code)
			require.Contains(t, msg, "is not an integer of at most 64 bits")
			refused++
		}
	}
	require.Equal(t, 3, refused, out)
}

// The SDK answers a request sent before initialize with "code":0, no
// JSON-RPC code; the transport gives it -32600.
func TestStdioRequestBeforeInitializeIsAnInvalidRequest(t *testing.T) {
	f := newFixture(t, 0)
	out := runScript(t, f,
		`{"jsonrpc":"2.0","id":9,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":8,"method":"ping"}`,
		initialize, initialized,
		`{"jsonrpc":"2.0","id":10,"method":"tools/list"}`,
	)
	ids := byID(t, out)
	code, msg := errorOf(ids[`9`])
	require.EqualValues(t, jsonrpc.CodeInvalidRequest, code, out)
	require.Contains(t, msg, "invalid during session initialization")
	require.Contains(t, ids[`8`], "result", "a ping may come before initialize")
	require.Contains(t, ids[`10`], "result")
}

// lockedBuffer is a bytes.Buffer for a writer and a reader at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// stdioSession drives a server over StdioTransport a line at a time.
type stdioSession struct {
	t    *testing.T
	feed *io.PipeWriter
	out  *lockedBuffer
	done chan error
}

func startStdio(t *testing.T, f *fixture) *stdioSession {
	in, feed := io.Pipe()
	s := &stdioSession{t: t, feed: feed, out: &lockedBuffer{}, done: make(chan error, 1)}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	go func() { s.done <- New(f.svc, Options{Version: "test"}).Run(ctx, StdioTransport(in, s.out)) }()
	return s
}

func (s *stdioSession) send(lines ...string) {
	_, err := io.WriteString(s.feed, strings.Join(lines, "\n")+"\n")
	require.NoError(s.t, err)
}

// await waits for the line that holds want.
func (s *stdioSession) await(want string) {
	require.Eventually(s.t, func() bool { return strings.Contains(s.out.String(), want) }, 30*time.Second, 5*time.Millisecond, "no %s in\n%s", want, s.out)
}

func (s *stdioSession) close() string {
	require.NoError(s.t, s.feed.Close())
	require.NoError(s.t, <-s.done)
	return s.out.String()
}

// Batches reach the SDK only in a session whose protocol version has them
// (before 2025-06-18): in a newer one the SDK ended the session on one.
// Either way the server goes on.
func TestStdioBatches(t *testing.T) {
	f := newFixture(t, 0)
	batch := `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/progress"}]`

	t.Run("2025-06-18", func(t *testing.T) {
		s := startStdio(t, f)
		s.send(initialize)
		s.await(`"protocolVersion":"2025-06-18"`)
		s.send(initialized, batch, `{"jsonrpc":"2.0","id":3,"method":"ping"}`)
		out := s.close()
		got := lines(t, out)
		require.Len(t, got, 3, out)
		arr, ok := got[1].([]any)
		require.True(t, ok, "the batch's requests answered in one array: %v", got[1])
		require.Len(t, arr, 2, "two requests, a notification")
		for i, m := range arr {
			code, msg := errorOf(m)
			require.EqualValues(t, jsonrpc.CodeInvalidRequest, code)
			require.Contains(t, msg, "not part of MCP 2025-06-18")
			require.EqualValues(t, i+1, m.(map[string]any)["id"])
		}
		require.Contains(t, byID(t, out)[`3`], "result")
	})
	t.Run("2025-03-26", func(t *testing.T) {
		s := startStdio(t, f)
		s.send(strings.Replace(initialize, "2025-06-18", "2025-03-26", 1))
		s.await(`"protocolVersion":"2025-03-26"`)
		s.send(initialized,
			`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"1.0","id":2,"method":"ping"}]`,
			`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
		out := s.close()
		var arrays [][]string
		for _, m := range lines(t, out) {
			arr, ok := m.([]any)
			if !ok {
				continue
			}
			var answered []string
			for _, m := range arr {
				code, _ := errorOf(m)
				answered = append(answered, fmt.Sprintf("%v:%d", m.(map[string]any)["id"], code))
			}
			slices.Sort(answered)
			arrays = append(arrays, answered)
		}
		require.Equal(t, [][]string{{"1:0", "2:-32600"}}, arrays,
			"one array for the batch, as JSON-RPC answers one: the SDK's answer to the valid request and the transport's to the other:\n%s", out)
		require.Contains(t, byID(t, out)[`3`], "result")
	})
	// A script pipes its lines at once: the batch is read before the
	// server has answered initialize, and waits for that answer rather
	// than being refused (5 of 6 runs refused it before).
	t.Run("2025-03-26 piped at once", func(t *testing.T) {
		for range 5 {
			s := startStdio(t, f)
			s.send(strings.Replace(initialize, "2025-06-18", "2025-03-26", 1), initialized,
				`[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"ping"}]`)
			out := s.close()
			var arr []any
			for _, m := range lines(t, out) {
				if a, ok := m.([]any); ok {
					arr = a
				}
			}
			require.Len(t, arr, 2, out)
			for _, m := range arr {
				code, msg := errorOf(m)
				require.Zero(t, code, msg)
			}
		}
	})
	// The SDK waited for answers to a batch's notifications too, so a
	// batch holding one was never answered and the server never exited;
	// one holding two ended the session. Both end now.
	t.Run("2025-03-26 with notifications", func(t *testing.T) {
		s := startStdio(t, f)
		s.send(strings.Replace(initialize, "2025-06-18", "2025-03-26", 1))
		s.await(`"protocolVersion":"2025-03-26"`)
		s.send(initialized,
			batch, // two requests and a notification
			`[{"jsonrpc":"2.0","id":4,"method":"ping"},{"jsonrpc":"2.0","method":"notifications/initialized"},{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}]`,
			`[{"jsonrpc":"2.0","method":"notifications/progress"},{"jsonrpc":"2.0","method":"notifications/progress"}]`,
			`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
		out := s.close()
		var batched []string
		for _, m := range lines(t, out) {
			if arr, ok := m.([]any); ok {
				var ids []string
				for _, m := range arr {
					code, _ := errorOf(m)
					require.Zero(t, code, "answered, not refused: %v", m)
					ids = append(ids, fmt.Sprint(m.(map[string]any)["id"]))
				}
				slices.Sort(ids)
				batched = append(batched, strings.Join(ids, ","))
			}
		}
		slices.Sort(batched)
		require.Equal(t, []string{"1,2", "4"}, batched, "each batch's requests answered in one array:\n%s", out)
		require.Contains(t, byID(t, out)[`3`], "result")
	})
}

// A line longer than the limit is refused without being held, and the
// next one is read.
func TestStdioRefusesALineTooLong(t *testing.T) {
	var out bytes.Buffer
	r, _ := newStdio(strings.NewReader(strings.Repeat("x", 300)+"\n"+`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"), &out)
	r.max = 100
	var passed bytes.Buffer
	_, err := io.Copy(&passed, r)
	require.NoError(t, err)
	require.Equal(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n", passed.String())
	require.Equal(t, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"line 1 is longer than 100 bytes"}}`+"\n", out.String())
}

// choppyWriter writes a little at a time, yielding between the pieces, as
// a pipe may: two writers without a lock between them would cut into each
// other's lines.
type choppyWriter struct {
	mu  sync.Mutex
	out bytes.Buffer
}

func (w *choppyWriter) Write(p []byte) (int, error) {
	for len(p) > 0 {
		n := min(len(p), 512)
		w.mu.Lock()
		w.out.Write(p[:n])
		w.mu.Unlock()
		p = p[n:]
		runtime.Gosched()
	}
	return 0, nil
}

// The transport's own answers and the SDK's messages are written whole,
// one a line, never one inside another.
func TestStdioAnswersDoNotCutIntoTheSDKsWrites(t *testing.T) {
	cw := &choppyWriter{}
	_, w := newStdio(strings.NewReader(""), cw)
	big := strings.Repeat("a", 8<<10)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := range 100 {
			_, err := w.Write([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"text":%q}}`+"\n", i, big)))
			require.NoError(t, err)
		}
	}()
	go func() {
		defer wg.Done()
		for i := range 100 {
			require.NoError(t, w.answer(newErrorResponse(nil, jsonrpc.CodeParseError, "line %d is not JSON", i)))
		}
	}()
	wg.Wait()
	require.Len(t, lines(t, cw.out.String()), 200)
}

// get_paper takes the ids ingest_ids takes: "arXiv:2501.72351v1" was "not
// in the knowledge base". The paper resources take plain URIs: an old-style
// id's slash and a primer id's colon were "Resource not found" unless
// percent-encoded.
func TestPaperIDFormsAndPlainURIs(t *testing.T) {
	papers := arxivtest.Papers(0, 4)
	f := newFixture(t, -1, papers...)
	newStyle, oldStyle := papers[0].ID, papers[3].ID
	require.True(t, strings.Contains(oldStyle, "/"), "the test wants an old-style id: %s", oldStyle)
	var rep IngestResult
	mustCall(t, f, "ingest_ids", map[string]any{"ids": []string{newStyle, oldStyle}}, &rep)
	require.True(t, f.svc.Store().HasPaper(newStyle) && f.svc.Store().HasPaper(oldStyle), "ingest kept %q of 2: %v", rep.Kept, rep.Notices)
	require.ElementsMatch(t, []string{newStyle, oldStyle}, rep.Kept)

	for _, c := range []struct{ id, want string }{
		{"arXiv:" + newStyle, newStyle},
		{"arxiv:" + strings.TrimSuffix(newStyle, "v1"), newStyle},
		{"https://arxiv.org/abs/" + newStyle, newStyle},
		{"arXiv:" + oldStyle, oldStyle},
		{" " + oldStyle + " ", oldStyle},
		{"primer:core", "primer:core"},
		{PaperURI(oldStyle), oldStyle}, // the uri list_papers gives
		{"gtrag://paper/cs%2F" + strings.TrimPrefix(oldStyle, "cs/"), oldStyle},
	} {
		var p service.Paper
		mustCall(t, f, "get_paper", map[string]any{"id": c.id}, &p)
		require.Equal(t, c.want, p.ID, "get_paper %q", c.id)
	}

	require.Equal(t, "gtrag://paper/"+oldStyle, PaperURI(oldStyle))
	require.Equal(t, "gtrag://paper/primer:core", PaperURI("primer:core"))
	require.Equal(t, "gtrag://paper/a%20b%3Fc%23d%25", PaperURI("a b?c#d%"))
	for _, c := range []struct{ uri, id string }{
		{"gtrag://paper/" + oldStyle, oldStyle},
		{"gtrag://paper/" + strings.ReplaceAll(oldStyle, "/", "%2F"), oldStyle},
		{"gtrag://paper/primer:core", "primer:core"},
		{"gtrag://paper/primer%3Acore", "primer:core"},
		{"gtrag://paper/arXiv:" + newStyle, newStyle},
	} {
		res, err := f.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: c.uri})
		require.NoError(t, err, c.uri)
		require.Contains(t, res.Contents[0].Text, "- arXiv id: "+c.id+"\n", c.uri)
	}
	_, err := f.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "gtrag://paper/cs/9999999v1"})
	var werr *jsonrpc.Error
	require.True(t, errors.As(err, &werr), "%v", err)
	require.Equal(t, mcp.CodeResourceNotFound, werr.Code)
}

// resources/list lists the stored papers, a page at a time; it was empty.
func TestListResourcesPagesTheStoredPapers(t *testing.T) {
	f := newFixture(t, -1)
	s := New(f.svc, Options{Version: "test"})
	s.resourcePage = 7
	cs := connect(t, s)
	ctx := context.Background()
	ids, err := f.svc.PaperIDs(ctx)
	require.NoError(t, err)
	require.Greater(t, len(ids), 2*7, "the test wants several pages")

	var listed []string
	cursor, pages := "", 0
	for {
		res, err := cs.ListResources(ctx, &mcp.ListResourcesParams{Cursor: cursor})
		require.NoError(t, err)
		pages++
		require.LessOrEqual(t, len(res.Resources), 7)
		for _, r := range res.Resources {
			require.Equal(t, PaperURI(r.Name), r.URI)
			require.NotEmpty(t, r.Title, r.Name)
			require.Equal(t, "text/markdown", r.MIMEType)
			listed = append(listed, r.Name)
		}
		if res.NextCursor == "" {
			break
		}
		cursor = res.NextCursor
	}
	require.Equal(t, ids, listed, "every stored paper once, in id order")
	require.Equal(t, (len(ids)+6)/7, pages)

	// What is listed can be read.
	res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: PaperURI(listed[len(listed)-1])})
	require.NoError(t, err)
	require.Contains(t, res.Contents[0].Text, listed[len(listed)-1])

	// Not base64, and base64 of something this server never gave
	// ("garbage" decodes): both refused, not answered with an empty page.
	for _, bad := range []string{"not a cursor!", "garbage"} {
		_, err = cs.ListResources(ctx, &mcp.ListResourcesParams{Cursor: bad})
		var werr *jsonrpc.Error
		require.True(t, errors.As(err, &werr), "%s: %v", bad, err)
		require.Equal(t, int64(jsonrpc.CodeInvalidParams), werr.Code, bad)
	}
}

// A message with an id and nothing else, and a request with a null id
// (which MCP forbids), are answered -32600; the SDK answered neither, and
// the client waited for ever.
func TestStdioAnswersAnIDAloneAndANullRequestID(t *testing.T) {
	f := newFixture(t, 0)
	out := runScript(t, f,
		initialize, initialized,
		`{"jsonrpc":"2.0","id":16}`,
		`{"jsonrpc":"2.0","id":null,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":17,"method":"ping"}`,
	)
	ids := byID(t, out)
	code, msg := errorOf(ids[`16`])
	require.EqualValues(t, jsonrpc.CodeInvalidRequest, code, out)
	require.Contains(t, msg, `no "result" or "error"`)
	require.Contains(t, ids[`17`], "result", "the session goes on")
	var nulls []string
	for _, m := range lines(t, out) {
		if id, ok := m.(map[string]any)["id"]; ok && id == nil {
			code, msg := errorOf(m)
			nulls = append(nulls, fmt.Sprintf("%d %s", code, msg))
		}
	}
	require.Len(t, nulls, 1, out)
	require.Contains(t, nulls[0], `-32600 line 4 is not a valid JSON-RPC 2.0 message: "id" is null`)
}

// stopCause is a cause a signal handler gives its context, as gtrag's
// does: it reads as what happened and is a context.Canceled.
type stopCause struct{}

func (stopCause) Error() string { return "stopped by SIGTERM" }
func (stopCause) Unwrap() error { return context.Canceled }

// A server stopped by its context said "interrupted: context canceled"
// whatever stopped it; it says what its context's cause says, and stays a
// context.Canceled for the exit code.
func TestRunSaysWhatStoppedIt(t *testing.T) {
	f := newFixture(t, 0)
	for _, tc := range []struct {
		cause error
		want  string
	}{
		{stopCause{}, "MCP server stopped by SIGTERM"},
		{nil, "MCP server stopped: context canceled"},
	} {
		in, feed := io.Pipe()
		t.Cleanup(func() { feed.Close() })
		ctx, cancel := context.WithCancelCause(context.Background())
		done := make(chan error, 1)
		go func() { done <- New(f.svc, Options{Version: "test"}).Run(ctx, StdioTransport(in, io.Discard)) }()
		cancel(tc.cause)
		err := <-done
		require.EqualError(t, err, tc.want)
		require.ErrorIs(t, err, context.Canceled)
	}
}

// A line that is not UTF-8 is not JSON (RFC 8259 §8.1): answered with a
// parse error, id null. Decoded, the bad byte became U+FFFD, and the
// answer came under an id the client never sent ("u4\ufffd"); in an
// argument, the call ran with it.
func TestStdioRefusesLinesThatAreNotUTF8(t *testing.T) {
	f := newFixture(t, 0)
	out := runScript(t, f,
		initialize, initialized,
		"{\"jsonrpc\":\"2.0\",\"id\":\"u4\xff\",\"method\":\"ping\"}",
		"{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"search\",\"arguments\":{\"query\":\"nash\xff\"}}}",
		`{"jsonrpc":"2.0","id":8,"method":"ping"}`,
	)
	ids := byID(t, out)
	require.NotContains(t, ids, `"u4\ufffd"`, "no answer under an id the client never sent")
	require.NotContains(t, ids, `7`, "the call with a bad byte did not run")
	require.Contains(t, ids[`8`], "result", "the server went on")
	var nulls []string
	for _, m := range lines(t, out) {
		if id, ok := m.(map[string]any)["id"]; ok && id == nil {
			code, msg := errorOf(m)
			nulls = append(nulls, fmt.Sprintf("%d %s", code, msg))
		}
	}
	require.Equal(t, []string{"-32700 line 3 is not JSON: it is not valid UTF-8", "-32700 line 4 is not JSON: it is not valid UTF-8"}, nulls)
}
