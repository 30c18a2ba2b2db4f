package mcpserver

import (
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/stretchr/testify/require"
)

// A second initialize was answered {"code":0,"message":"duplicate
// \"initialize\" received"}: 0 is no JSON-RPC code. An initialize whose
// protocolVersion was 123 was answered -32600 (invalid request, where its
// params are what is invalid) in the decoder's Go: "cannot unmarshal …
// into Go struct field mcp.initializeParamsV2.protocolVersion of type
// string"; after the session was initialized, with code 0. Now: -32600 for
// an initialize once the session is, -32602 for params the SDK cannot
// read, in MCP's terms; the session goes on.
func TestQA3InitializeErrors(t *testing.T) {
	f := newFixture(t, 0)
	s := startStdio(t, f)
	init := func(id, params string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"initialize","params":` + params + `}`
	}
	const ok = `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"script","version":"1"}}`
	const badVersion = `{"protocolVersion":123,"capabilities":{},"clientInfo":{"name":"script","version":"1"}}`
	// Before the session is initialized.
	s.send(init(`"v"`, badVersion))
	s.await(`"id":"v"`)
	s.send(init(`"null"`, `null`))
	s.await(`"id":"null"`)
	s.send(init(`"caps"`, `{"protocolVersion":"2025-06-18","capabilities":"none","clientInfo":{"name":"script","version":"1"}}`))
	s.await(`"id":"caps"`)
	s.send(init(`"roots"`, `{"protocolVersion":"2025-06-18","capabilities":{"roots":{"listChanged":"yes"}},"clientInfo":{"name":"script","version":"1"}}`))
	s.await(`"id":"roots"`)
	s.send(init(`"deep"`, `{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{"form":7}},"clientInfo":{"name":"script","version":"1"}}`))
	s.await(`"id":"deep"`)
	// The session is initialized, then sent initialize again.
	s.send(init(`"ok"`, ok), initialized)
	s.await(`"id":"ok"`)
	s.send(init(`"again"`, ok))
	s.await(`"id":"again"`)
	s.send(init(`"again-v"`, badVersion), `{"jsonrpc":"2.0","id":"ping","method":"ping"}`)
	out := s.close()

	ids := byID(t, out)
	for id, want := range map[string]struct {
		code int64
		msg  string
	}{
		`"v"`:       {jsonrpc.CodeInvalidParams, `invalid initialize params: "protocolVersion" is a number: want a string`},
		`"null"`:    {jsonrpc.CodeInvalidParams, `invalid initialize params: "params" is missing`},
		`"caps"`:    {jsonrpc.CodeInvalidParams, `invalid initialize params: "capabilities" is a string: want an object`},
		`"roots"`:   {jsonrpc.CodeInvalidParams, `invalid initialize params: "capabilities.roots.listChanged" is a string: want a boolean`},
		`"deep"`:    {jsonrpc.CodeInvalidParams, `invalid initialize params: they do not match MCP's InitializeRequest (protocolVersion, capabilities, clientInfo)`},
		`"again"`:   {jsonrpc.CodeInvalidRequest, "the session is initialized already: a client sends initialize once, as its first request"},
		`"again-v"`: {jsonrpc.CodeInvalidParams, `invalid initialize params: "protocolVersion" is a number: want a string`},
	} {
		code, msg := errorOf(ids[id])
		require.Equal(t, want.code, code, "%s: %s", id, out)
		require.Equal(t, want.msg, msg, id)
	}
	require.Contains(t, ids[`"ok"`], "result", "a good initialize after bad ones")
	require.Contains(t, ids[`"ping"`], "result", "the session went on")
}

// initializeProblem names nothing in params the SDK takes.
func TestQA3InitializeProblemTakesValidParams(t *testing.T) {
	for _, p := range []string{
		`{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"script","version":"1"}}`,
		`{"protocolVersion":"2025-06-18","capabilities":{"roots":{"listChanged":true},"sampling":{},"experimental":{"x":1}},"clientInfo":{"name":"n","title":"t","version":"1","websiteUrl":"https://x"},"_meta":{}}`,
		`{"protocolVersion":null,"capabilities":null,"clientInfo":null,"extra":5}`,
		`{}`,
	} {
		require.Empty(t, initializeProblem(json.RawMessage(p)), p)
	}
}
