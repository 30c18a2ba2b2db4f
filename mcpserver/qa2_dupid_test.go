package mcpserver

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A request that reuses the id of one still running was dropped without
// a word: the SDK refuses it but writes no answer, so a client waiting on
// it waited forever. It is answered with an invalid-request error (id
// null, as the SDK will not misattribute it to the request running) and
// never reaches the SDK; the running request is untouched.
func TestQA2RequestReusingAnOpenIDIsAnswered(t *testing.T) {
	in, feed := io.Pipe()
	var out bytes.Buffer
	r, _ := newStdio(in, &syncBuffer{b: &out})
	done := make(chan error, 1)
	var passed bytes.Buffer
	go func() {
		_, err := io.Copy(&passed, r)
		done <- err
	}()
	call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"stats","arguments":{}}}`
	_, err := io.WriteString(feed, call+"\n")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return r.open.has("7") }, 5*time.Second, time.Millisecond)
	_, err = io.WriteString(feed, strings.Replace(call, "stats", "ask", 1)+"\n")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return strings.Contains(outString(&out), "already in use") }, 5*time.Second, time.Millisecond)

	var m struct {
		ID    any `json:"id"`
		Error struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	require.NoError(t, json.Unmarshal(bytes.TrimSpace([]byte(outString(&out))), &m), outString(&out))
	require.Nil(t, m.ID, "not attributed to the request still running")
	require.Equal(t, -32600, m.Error.Code)
	require.Contains(t, m.Error.Message, "line 2")
	require.Contains(t, m.Error.Message, "id 7")
	require.True(t, r.open.has("7"), "the first request is still open")
	feed.Close()
}

// syncBuffer lets the test read what the reader's goroutine writes.
type syncBuffer struct{ b *bytes.Buffer }

var outMu = make(chan struct{}, 1)

func (s *syncBuffer) Write(p []byte) (int, error) {
	outMu <- struct{}{}
	defer func() { <-outMu }()
	return s.b.Write(p)
}

func outString(b *bytes.Buffer) string {
	outMu <- struct{}{}
	defer func() { <-outMu }()
	return b.String()
}
