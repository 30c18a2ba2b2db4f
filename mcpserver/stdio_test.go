package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

const (
	initialize  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"script","version":"1"}}}`
	initialized = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
)

// responses decodes the server's output, one message a line, by id.
func responses(t *testing.T, out string) map[string]map[string]any {
	t.Helper()
	byID := map[string]map[string]any{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		if id, ok := m["id"]; ok {
			raw, _ := json.Marshal(id)
			byID[string(raw)] = m
		}
	}
	return byID
}

// A script's requests, its input closed right after them, are all answered
// before the server exits: without StdioTransport the SDK dropped them.
func TestStdioAnswersEveryRequestBeforeTheInputEnds(t *testing.T) {
	f := newFixture(t, 0)
	in := strings.Join([]string{
		initialize, initialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":"three","method":"tools/call","params":{"name":"ask","arguments":{"question":"What is a Nash equilibrium?"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"no/such/method"}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err := New(f.svc, Options{Version: "test"}).Run(ctx, StdioTransport(strings.NewReader(in), &out))
	require.NoError(t, err)
	require.NoError(t, ctx.Err(), "the server ended on its own once every request was answered")

	got := responses(t, out.String())
	require.Len(t, got, 4, out.String())
	require.Contains(t, got[`1`], "result")
	require.Contains(t, got[`2`]["result"].(map[string]any), "tools")
	answer, _ := json.Marshal(got[`"three"`]["result"])
	require.Contains(t, string(answer), "Nash equilibrium", "the ask tool ran to the end")
	require.Contains(t, got[`4`], "error", "an unknown method is answered with an error, and counts as answered")
}

// A request the client cancels needs no answer, so the end of the input is
// not held for it.
func TestStdioDoesNotWaitForACancelledRequest(t *testing.T) {
	// The SDK takes batches only in a session of a protocol version before
	// 2025-06-18, and only once initialize is answered: the input waits
	// for that answer before its batch.
	in, feed := io.Pipe()
	r, w := newStdio(in, io.Discard)
	open := r.open
	done := make(chan error, 1)
	var passed bytes.Buffer
	go func() {
		_, err := io.Copy(&passed, r)
		done <- err
	}()
	_, err := io.WriteString(feed, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26"}}`+"\n")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return open.has("0") }, 5*time.Second, time.Millisecond)
	_, err = w.Write([]byte(`{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":"2025-03-26"}}` + "\n"))
	require.NoError(t, err)
	go func() {
		io.WriteString(feed, `{"jsonrpc":"2.0","id":7,"method":"tools/call"}`+"\n"+
			`[{"jsonrpc":"2.0","id":8,"method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/progress"}]`+"\n"+
			`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`+"\n")
		feed.Close()
	}()
	select {
	case err := <-done:
		t.Fatalf("the input ended (%v) while request 8 of a batch was open", err)
	case <-time.After(100 * time.Millisecond):
	}
	// The answer comes in two writes, the second ending its line.
	_, err = w.Write([]byte(`[{"jsonrpc":"2.0","id":8,`))
	require.NoError(t, err)
	_, err = w.Write([]byte(`"result":{}}]` + "\n"))
	require.NoError(t, err)
	select {
	case err := <-done:
		require.NoError(t, err, "io.Copy reports EOF as success")
	case <-time.After(5 * time.Second):
		t.Fatal("the input's end was held although every request was answered or cancelled")
	}
	require.Equal(t, 5, strings.Count(passed.String(), "\n"), "every message passed on, one a line, the batch's notification after it")
	require.Empty(t, open.ids)
}

// Ids are compared as JSON: 1 and "1" are different requests.
func TestStdioKeepsNumberAndStringIDsApart(t *testing.T) {
	open := newOpenRequests()
	open.add(idKey(json.RawMessage(`1`)), "")
	open.add(idKey(json.RawMessage(`"1"`)), "")
	open.answered(idKey(json.RawMessage(`"1"`)))
	require.Equal(t, map[string]bool{"1": true}, open.ids)
	require.Equal(t, "", idKey(json.RawMessage(`null`)))
	require.Equal(t, "", idKey(nil))
}

// A client that reuses the id of a request still open breaks the protocol,
// and the SDK answers the second with no id; the server must still end.
func TestStdioEndsWhenAClientReusesAnOpenID(t *testing.T) {
	f := newFixture(t, 0)
	ask := `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"ask","arguments":{"question":"What is a Nash equilibrium?"}}}`
	in := strings.Join([]string{initialize, initialized, ask, ask}, "\n") + "\n"
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	require.NoError(t, New(f.svc, Options{Version: "test"}).Run(ctx, StdioTransport(strings.NewReader(in), &out)))
	require.NoError(t, ctx.Err(), "the server ended on its own")
	require.Contains(t, responses(t, out.String()), `5`, out.String())
}

// A line's length is counted without its "\r\n": a message of exactly the
// limit is passed on, one a byte longer refused with its number, and a
// last line too long is refused though no newline ends it.
func TestStdioLineLimitIsTheMessages(t *testing.T) {
	pad := func(n int) string { // a notification of n bytes
		head, tail := `{"jsonrpc":"2.0","method":"notifications/initialized","params":{"x":"`, `"}}`
		return head + strings.Repeat("x", n-len(head)-len(tail)) + tail
	}
	in := pad(100) + "\r\n" + pad(101) + "\r\n\n" + pad(101)
	var out bytes.Buffer
	r, _ := newStdio(strings.NewReader(in), &out)
	r.max = 100
	var passed bytes.Buffer
	_, err := io.Copy(&passed, r)
	require.NoError(t, err)
	require.Equal(t, pad(100)+"\n", passed.String())
	require.Equal(t, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"line 2 is longer than 100 bytes"}}`+"\n"+
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"line 4 is longer than 100 bytes"}}`+"\n", out.String())
}

// The transport's answers to a batch's members it did not pass on join the
// SDK's array of answers to the others; when the SDK's answer is dropped
// (its request was cancelled), they are written on their own.
func TestBatchAnswersJoinTheSDKs(t *testing.T) {
	refused := []errorResponse{newErrorResponse(json.RawMessage(`2`), jsonrpc.CodeInvalidRequest, "line 1, message 2 of the batch, is not a valid JSON-RPC 2.0 message")}
	t.Run("answered", func(t *testing.T) {
		var out bytes.Buffer
		_, w := newStdio(strings.NewReader(""), &out)
		w.open.addRequest(`1`, "ping", "")
		w.joinAnswers(`1`, refused)
		_, err := w.Write([]byte(`[{"jsonrpc":"2.0","id":1,"result":{}}]` + "\n"))
		require.NoError(t, err)
		require.JSONEq(t, `[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"line 1, message 2 of the batch, is not a valid JSON-RPC 2.0 message"}}]`, out.String())
		require.Equal(t, 1, strings.Count(out.String(), "\n"), "one line")
	})
	t.Run("cancelled", func(t *testing.T) {
		var out bytes.Buffer
		_, w := newStdio(strings.NewReader(""), &out)
		w.open.addRequest(`1`, "ping", "")
		w.joinAnswers(`1`, refused)
		w.open.cancel(`1`)
		_, err := w.Write([]byte(`[{"jsonrpc":"2.0","id":1,"result":{}}]` + "\n"))
		require.NoError(t, err)
		require.JSONEq(t, `[{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"line 1, message 2 of the batch, is not a valid JSON-RPC 2.0 message"}}]`, out.String())
	})
	t.Run("another answer", func(t *testing.T) {
		var out bytes.Buffer
		_, w := newStdio(strings.NewReader(""), &out)
		w.open.addRequest(`3`, "ping", "")
		w.joinAnswers(`1`, refused)
		_, err := w.Write([]byte(`{"jsonrpc":"2.0","id":3,"result":{}}` + "\n"))
		require.NoError(t, err)
		require.Equal(t, `{"jsonrpc":"2.0","id":3,"result":{}}`+"\n", out.String(), "an answer to another request is left as it is")
	})
}

// listChanged counts the notifications/resources/list_changed in out.
func listChanged(t *testing.T, out string) int {
	t.Helper()
	n := 0
	for _, m := range lines(t, out) {
		if obj, ok := m.(map[string]any); ok && obj["method"] == "notifications/resources/list_changed" {
			n++
		}
	}
	return n
}

// A script whose last call adds papers, its input closed right after, gets
// the notifications/resources/list_changed the call owes it before the
// server exits. The SDK sends it debounced (10 ms after the change), and
// the end of the input, reached as soon as the call was answered, closed
// the session first: the notification was lost, the answer written. A
// call that adds nothing owes none.
func TestStdioSendsTheLastListChangedBeforeTheInputEnds(t *testing.T) {
	papers := arxivtest.Papers(0, 2)
	f := newFixture(t, 0, papers...)
	ingest := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ingest_ids","arguments":{"ids":["` + papers[0].ID + `","` + papers[1].ID + `"]}}}`
	run := func() string {
		var out bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		in := strings.Join([]string{initialize, initialized, ingest}, "\n") + "\n"
		require.NoError(t, New(f.svc, Options{Version: "test"}).Run(ctx, StdioTransport(strings.NewReader(in), &out)))
		require.NoError(t, ctx.Err(), "the server ended on its own")
		return out.String()
	}
	out := run()
	answer, _ := json.Marshal(responses(t, out)[`2`]["result"])
	require.Contains(t, string(answer), `"kept":["`+papers[0].ID+`","`+papers[1].ID+`"]`, out)
	require.Equal(t, 1, listChanged(t, out), "papers were added: one list_changed\n%s", out)

	out = run() // the papers are stored already
	require.Contains(t, responses(t, out), `2`, out)
	require.Zero(t, listChanged(t, out), "nothing was added\n%s", out)
}

// A list_changed the SDK has sent already is not sent again when the
// input ends.
func TestStdioSendsListChangedOnce(t *testing.T) {
	papers := arxivtest.Papers(0, 1)
	f := newFixture(t, 0, papers...)
	s := startStdio(t, f)
	s.send(initialize, initialized,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"ingest_ids","arguments":{"ids":["`+papers[0].ID+`"]}}}`)
	s.await(`"id":2`)
	s.await(`notifications/resources/list_changed`)
	out := s.close()
	require.Equal(t, 1, listChanged(t, out), out)
}
