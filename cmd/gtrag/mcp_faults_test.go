package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A malformed line piped into `gtrag mcp` ended it with exit 1 and the
// decoder's error ("invalid character 'o' looking for beginning of
// value"), the ask in flight unanswered and the lines after it unread. It
// is answered with a JSON-RPC parse error instead, and the command goes on
// and exits 0 at the end of its input, every request answered.
func TestMCPGoesOnAfterAMalformedLine(t *testing.T) {
	env := testEnv(t)
	env["GTRAG_LLM"] = "offline"
	script := strings.Join([]string{
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"script","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ask","arguments":{"question":"What is a core?"}}}`,
		`oops`,
		`{"jsonrpc":"1.0","id":2,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":3,"method":"ping"}`,
	}, "\n") + "\n"
	r := gtragStdin(t, env, script, "mcp")
	require.Equal(t, 0, r.code, r.stderr)
	byID := map[string]map[string]any{}
	var parseErrors int
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), line)
		raw, _ := json.Marshal(m["id"])
		byID[string(raw)] = m
		if e, ok := m["error"].(map[string]any); ok && m["id"] == nil && e["code"] == float64(-32700) {
			parseErrors++
		}
	}
	require.Equal(t, 1, parseErrors, r.stdout)
	require.Contains(t, byID["1"], "result", "the ask in flight was answered")
	require.Equal(t, float64(-32600), byID["2"]["error"].(map[string]any)["code"], r.stdout)
	require.Contains(t, byID["3"], "result", "the line after the bad ones was served")
	require.Len(t, byID, 5, r.stdout)
}
