package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// `gtrag mcp` as a script drives it, for what QA found in its protocol:
// an initialize with params of the wrong type answered -32600 in the
// decoder's Go, a second initialize answered with code 0, a log level MCP
// does not define taken, "max":0 read as the default (100 papers), and
// an ask's notices never on standard error nor sent to a client that
// asked for log messages.
func TestQAMCP2ScriptedProtocolErrors(t *testing.T) {
	env := testEnv(t) // arXiv refuses connections
	initialize := func(id, version string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"initialize","params":{"protocolVersion":` + version + `,"capabilities":{},"clientInfo":{"name":"script","version":"1"}}}`
	}
	script := strings.Join([]string{
		initialize("1", "123"),
		initialize("2", `"2025-06-18"`),
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		initialize("3", `"2025-06-18"`),
		`{"jsonrpc":"2.0","id":4,"method":"logging/setLevel","params":{"level":"loud"}}`,
		`{"jsonrpc":"2.0","id":5,"method":"logging/setLevel","params":{"level":"notice"}}`,
		`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"ingest_query","arguments":{"query":"cat:cs.GT","max":0}}}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"ask","arguments":{"question":"How do miners bid in equilibrium of blockchain transaction fee auctions?"}}}`,
	}, "\n") + "\n"
	r := gtragStdin(t, env, script, "mcp")
	require.Equal(t, 0, r.code, r.stderr)

	type message struct {
		ID     *int            `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
		Error  *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
		Result *struct {
			IsError bool `json:"isError"`
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"result"`
	}
	byID := map[int]message{}
	var logged []string
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var m message
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		switch {
		case m.Method == "notifications/message":
			_, answered := byID[7]
			require.False(t, answered, "the notice comes before the ask's answer")
			logged = append(logged, string(m.Params))
		case m.ID != nil:
			byID[*m.ID] = m
		}
	}
	require.Len(t, byID, 7, r.stdout)
	for id, code := range map[int]int{1: -32602, 3: -32600, 4: -32602} {
		require.NotNil(t, byID[id].Error, "id %d: %s", id, r.stdout)
		require.Equal(t, code, byID[id].Error.Code, "id %d: %s", id, byID[id].Error.Message)
	}
	require.Equal(t, `invalid initialize params: "protocolVersion" is a number: want a string`, byID[1].Error.Message)
	require.NotNil(t, byID[2].Result)
	require.NotNil(t, byID[5].Result)
	require.True(t, byID[6].Result.IsError)
	require.Equal(t, "max 0: want 1 to 200", byID[6].Result.Content[0].Text)
	require.False(t, byID[7].Result.IsError)

	require.Len(t, logged, 1, r.stdout)
	require.Contains(t, logged[0], `"level":"notice"`)
	require.Contains(t, logged[0], "ask: arXiv search failed")
	require.Contains(t, r.stderr, "gtrag mcp: ask: note: arXiv search failed, answering from the local store")
	require.Contains(t, r.stderr, "gtrag mcp: ingest_query: max 0: want 1 to 200")
}
