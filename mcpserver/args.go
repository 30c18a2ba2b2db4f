package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// intArg is a ranged integer argument of a tool. Its input schema says
// its range and its default, which the SDK fills in for a call that leaves
// the argument out; a value given is checked (checkIntArgs) before the
// SDK validates the call, so that 0, like -5 or 201, is refused in the
// words of the command line ("max 0: want 1 to 200") rather than read as
// "the default", or refused in the schema validator's words.
type intArg struct {
	name   string
	lo, hi int // hi 0: no maximum
	def    int
}

// intArgs are the ranged integer arguments, by tool.
var intArgs = map[string][]intArg{
	"ask":          {{"k", 1, MaxK, DefaultAskK}, {"max_results", 1, MaxResultsLimit, DefaultAskMaxResults}},
	"search":       {{"k", 1, MaxK, DefaultSearchK}},
	"ingest_query": {{"max", 1, MaxIngestQuery, DefaultIngestQuery}},
	"list_papers":  {{"offset", 0, 0, 0}, {"limit", 1, MaxListLimit, DefaultListLimit}},
}

// want says a's range.
func (a intArg) want() string {
	if a.hi == 0 {
		return fmt.Sprintf("want %d or more", a.lo)
	}
	return fmt.Sprintf("want %d to %d", a.lo, a.hi)
}

// check refuses v, as written in the call (raw), outside a's range.
func (a intArg) check(v float64, raw string) error {
	if v < float64(a.lo) || (a.hi > 0 && v > float64(a.hi)) {
		return fmt.Errorf("%s %s: %s", a.name, raw, a.want())
	}
	return nil
}

// inputSchema is the input schema the SDK infers from In, with the range
// and default of each of tool's ranged integer arguments.
func inputSchema[In any](tool string) *jsonschema.Schema {
	s, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: the input schema of %s: %v", tool, err))
	}
	for _, a := range intArgs[tool] {
		p := s.Properties[a.name]
		if p == nil || p.Type != "integer" {
			panic(fmt.Sprintf("mcpserver: %s has no integer argument %s", tool, a.name))
		}
		p.Minimum = new(float64(a.lo))
		if a.hi > 0 {
			p.Maximum = new(float64(a.hi))
		}
		p.Default = json.RawMessage(fmt.Sprint(a.def))
	}
	return s
}

// checkIntArgs checks the ranged integer arguments a call gives. What is no
// JSON object, or no integer, is left to the SDK's validation, which
// refuses it. This is the one check of their values: what passes it is in
// the schema's range too, and an argument left out gets its default.
func checkIntArgs(tool string, args json.RawMessage) error {
	if len(intArgs[tool]) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var obj map[string]any
	if dec.Decode(&obj) != nil {
		return nil
	}
	for _, a := range intArgs[tool] {
		n, ok := obj[a.name].(json.Number)
		if !ok {
			continue
		}
		f, err := n.Float64()
		if err != nil || f != math.Trunc(f) {
			continue
		}
		if err := a.check(f, n.String()); err != nil {
			return err
		}
	}
	return nil
}

// checkArgsMiddleware answers a tools/call whose ranged integer argument
// is out of range with a tool error, before the SDK validates it.
func (s *Server) checkArgsMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if r, ok := req.(*mcp.CallToolRequest); ok && method == "tools/call" && r.Params != nil {
			if err := checkIntArgs(r.Params.Name, r.Params.Arguments); err != nil {
				var res mcp.CallToolResult
				res.SetError(s.toolError(r.Params.Name, err))
				return &res, nil
			}
		}
		return next(ctx, method, req)
	}
}
