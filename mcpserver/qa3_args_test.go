package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/internal/arxivtest"
)

// An explicit 0 meant "the default": ingest_query {"max":0} ingested 100
// papers while {"max":-5} was refused "want 1 to 200", and ask's k and
// max_results, search's k and list_papers' limit did the same. A value
// given is checked like any other, 0 included, with the same line; an
// argument left out keeps its default.
func TestQA3ZeroIsNotTheDefault(t *testing.T) {
	f := newFixture(t, -1, arxivtest.Papers(0, 3)...)
	const q = "What is a Nash equilibrium?"
	cases := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"ingest_query", map[string]any{"query": "cat:cs.GT", "max": 0}, "max 0: want 1 to 200"},
		{"ingest_query", map[string]any{"query": "cat:cs.GT", "max": -5}, "max -5: want 1 to 200"},
		{"ingest_query", map[string]any{"query": "cat:cs.GT", "max": 201}, "max 201: want 1 to 200"},
		{"ask", map[string]any{"question": q, "k": 0}, "k 0: want 1 to 100"},
		{"ask", map[string]any{"question": q, "max_results": 0}, "max_results 0: want 1 to 50"},
		{"ask", map[string]any{"question": q, "max_results": 51}, "max_results 51: want 1 to 50"},
		{"search", map[string]any{"query": "nash", "k": 0}, "k 0: want 1 to 100"},
		{"search", map[string]any{"query": "nash", "k": -1}, "k -1: want 1 to 100"},
		{"list_papers", map[string]any{"limit": 0}, "limit 0: want 1 to 1000"},
		{"list_papers", map[string]any{"limit": 1001}, "limit 1001: want 1 to 1000"},
		{"list_papers", map[string]any{"offset": -1}, "offset -1: want 0 or more"},
	}
	for _, c := range cases {
		var out any
		msg := f.call(t, context.Background(), c.tool, c.args, &out)
		require.Equal(t, c.want, msg, "%s %v", c.tool, c.args)
	}
	require.Empty(t, f.arxiv.Requests(), "no refused call reached arXiv")

	// Left out, each keeps its default.
	var s SearchResult
	mustCall(t, f, "search", map[string]any{"query": "equilibrium"}, &s)
	require.Len(t, s.Results, DefaultSearchK)
	var l ListPapersResult
	mustCall(t, f, "list_papers", map[string]any{}, &l)
	require.Equal(t, min(l.Total, DefaultListLimit), len(l.Papers))
	require.Zero(t, l.Offset)
	var a AskResult
	mustCall(t, f, "ask", map[string]any{"question": q}, &a)
	require.NotEmpty(t, a.Answer)
	var rep IngestResult
	mustCall(t, f, "ingest_query", map[string]any{"query": "cat:cs.GT"}, &rep)
	reqs := f.arxiv.Requests()
	require.Len(t, reqs, 1)
	require.Equal(t, DefaultIngestQuery, reqs[0].Max, "ingest_query asked for its default")
}

// The input schemas say the ranges and defaults the tools apply, so that a
// client's model does not send 0 for "the default".
func TestQA3InputSchemasSayRangesAndDefaults(t *testing.T) {
	f := newFixture(t, -1)
	res, err := f.session.ListTools(context.Background(), nil)
	require.NoError(t, err)
	type prop struct {
		Type    any      `json:"type"`
		Minimum *float64 `json:"minimum"`
		Maximum *float64 `json:"maximum"`
		Default *float64 `json:"default"`
	}
	got := map[string]prop{}
	for _, tool := range res.Tools {
		raw, err := json.Marshal(tool.InputSchema)
		require.NoError(t, err)
		var s struct {
			Properties map[string]prop `json:"properties"`
		}
		require.NoError(t, json.Unmarshal(raw, &s))
		for name, p := range s.Properties {
			if p.Type == "integer" {
				got[tool.Name+"."+name] = p
			}
		}
	}
	f64 := func(v float64) *float64 { return &v }
	require.Equal(t, map[string]prop{
		"ask.k":              {"integer", f64(1), f64(100), f64(3)},
		"ask.max_results":    {"integer", f64(1), f64(50), f64(4)},
		"search.k":           {"integer", f64(1), f64(100), f64(5)},
		"ingest_query.max":   {"integer", f64(1), f64(200), f64(100)},
		"list_papers.limit":  {"integer", f64(1), f64(1000), f64(100)},
		"list_papers.offset": {"integer", f64(0), nil, f64(0)},
	}, got)
}

// The SDK's refusals of a call's arguments were said in the schema
// validator's and Go's words ("validating /properties/k: type: <invalid
// reflect.Value> has type \"null\", want \"integer\"", "json: cannot
// unmarshal number … into Go struct field …"), and were not logged as
// gtrag's own refusals are. They are now said as the command line would.
func TestQA3ArgumentErrorsInPlainWords(t *testing.T) {
	f := newFixture(t, -1, arxivtest.Papers(0, 1)...)
	cases := []struct {
		tool string
		args any
		want string
	}{
		{"search", map[string]any{"query": "nash", "k": nil}, "k: want a whole number; found null"},
		{"search", map[string]any{"query": 7}, "query: want a JSON string; found a whole number"},
		{"search", map[string]any{"query": "nash", "rerank": "yes"}, "rerank: want true or false; found a JSON string"},
		{"search", map[string]any{"query": "nash", "bogus": 1}, `unknown argument "bogus"`},
		{"ask", map[string]any{}, `missing argument "question"`},
		{"ingest_ids", map[string]any{"ids": "1003.65040"}, "ids: want a JSON array; found a JSON string"},
		{"list_papers", map[string]any{"offset": json.Number("9223372036854775807")}, "offset 9223372036854775807: too large"},
	}
	for _, c := range cases {
		var out any
		require.Equal(t, c.want, f.call(t, context.Background(), c.tool, c.args, &out), "%s %v", c.tool, c.args)
	}
	// A whole number written as a float is an integer to JSON Schema, and
	// Python's json.dumps writes 3.0: it was refused as "too large".
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"search", map[string]any{"query": "nash", "k": json.Number("3.0")}},
		{"search", map[string]any{"query": "nash", "k": json.Number("1e2")}},
		{"list_papers", map[string]any{"limit": json.Number("2.0"), "offset": json.Number("0.0")}},
	} {
		var out any
		require.Empty(t, f.call(t, context.Background(), c.tool, c.args, &out), "%s %v", c.tool, c.args)
	}
	var out any
	require.Equal(t, "k: want a whole number; found a number", f.call(t, context.Background(), "search", map[string]any{"query": "nash", "k": json.Number("1.5")}, &out))
	// Not an object at all: the SDK's client refuses to send one, so the
	// words are checked as the server receives them.
	problem, ok := argsProblem(`validating "arguments": unmarshaling arguments: json: cannot unmarshal "\"nash\"" into Go value of type map[string]interface {}`)
	require.True(t, ok)
	require.Equal(t, "the arguments must be a JSON object", problem)
	_, ok = argsProblem("look up arXiv ids cs/0412034: gave up after 3 attempts")
	require.False(t, ok, "gtrag's own errors are left as they are")
}

// "arguments": null is no arguments, for every tool: for the four whose
// schemas carry defaults it panicked in the SDK ("assignment to entry in
// nil map") and ended the server.
func TestQA3NullArgumentsAreNoArguments(t *testing.T) {
	f := newFixture(t, -1, arxivtest.Papers(0, 1)...)
	s := startStdio(t, f)
	s.send(initialize, initialized)
	tools := []string{"ask", "search", "ingest_ids", "ingest_query", "list_papers", "get_paper", "stats"}
	for i, tool := range tools {
		s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":null}}`, 10+i, tool))
	}
	s.send(`{"jsonrpc":"2.0","id":99,"method":"ping"}`)
	s.await(`"id":99`)
	got := byID(t, s.close())
	for i, tool := range tools {
		res, ok := got[strconv.Itoa(10+i)]
		require.True(t, ok, "%s was not answered", tool)
		require.NotContains(t, res, "error", "%s: a tool result, not a protocol error: %v", tool, res)
	}
	text := func(id int) string {
		b, _ := json.Marshal(got[strconv.Itoa(id)]["result"])
		return string(b)
	}
	require.Contains(t, text(10), `missing argument \"question\"`)
	require.Contains(t, text(14), `"papers"`, "list_papers with no arguments lists papers")
}
