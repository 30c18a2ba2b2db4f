package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

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
// and default of each of tool's ranged integer arguments, and each list
// argument typed an array alone.
//
// jsonschema-go types a Go slice ["null", "array"], since a nil slice
// marshals as null; but no tool takes null for a list (ingest_ids's
// {"ids": null} was read as no ids, and refused after the schema had
// said it was fine). Typed "array", null is refused by the schema's
// validation, in argsProblem's words ("ids: want a JSON array; found
// null"), and a client's model is not told it may send it.
func inputSchema[In any](tool string) *jsonschema.Schema {
	s, err := jsonschema.For[In](nil)
	if err != nil {
		panic(fmt.Sprintf("mcpserver: the input schema of %s: %v", tool, err))
	}
	for _, p := range s.Properties {
		if slices.Equal(p.Types, []string{"null", "array"}) {
			p.Type, p.Types = "array", nil
		}
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
//
// A whole number written as a JSON float ("k": 3.0, as Python's
// json.dumps writes a float, or 1e2) is an integer to JSON Schema, but
// not to the Go decoder the SDK fills the tool's input with, and was
// refused as "too large": args comes back with such numbers written as
// integers, for the SDK to take.
func checkIntArgs(tool string, args json.RawMessage) (json.RawMessage, error) {
	if len(intArgs[tool]) == 0 {
		return args, nil
	}
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	var obj map[string]any
	if dec.Decode(&obj) != nil {
		return args, nil
	}
	rewritten := false
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
			return args, err
		}
		_, err = n.Int64()
		switch {
		case err == nil && f < math.MaxInt64:
			continue
		case err == nil || math.Abs(f) >= 1<<53:
			// In range for an argument with no maximum, but no Go int,
			// or a float past what it holds exactly.
			return args, fmt.Errorf("%s %s: too large", a.name, n)
		}
		obj[a.name] = json.Number(strconv.FormatInt(int64(f), 10))
		rewritten = true
	}
	if !rewritten {
		return args, nil
	}
	b, err := json.Marshal(obj)
	if err != nil {
		return args, nil
	}
	return b, nil
}

// checkArgsMiddleware answers a tools/call whose ranged integer argument
// is out of range with a tool error, before the SDK validates it; and says
// the SDK's own refusals of a call's arguments (argsProblem) in the words
// of the command line, logging them as gtrag's own failed calls are.
func (s *Server) checkArgsMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		r, ok := req.(*mcp.CallToolRequest)
		if !ok || method != "tools/call" || r.Params == nil {
			return next(ctx, method, req)
		}
		if bytes.Equal(bytes.TrimSpace(r.Params.Arguments), []byte("null")) {
			// "arguments": null is no arguments, as leaving them out is.
			// Given to the SDK as it was, the defaults inputSchema adds
			// were applied to a nil map: a panic that ended the server.
			r.Params.Arguments = json.RawMessage("{}")
		}
		args, err := checkIntArgs(r.Params.Name, r.Params.Arguments)
		if err != nil {
			var res mcp.CallToolResult
			res.SetError(s.toolError(r.Params.Name, err))
			return &res, nil
		}
		r.Params.Arguments = args
		res, err := next(ctx, method, req)
		if tr, ok := res.(*mcp.CallToolResult); ok && err == nil && tr.IsError && len(tr.Content) == 1 {
			if tc, ok := tr.Content[0].(*mcp.TextContent); ok {
				if problem, ok := argsProblem(tc.Text); ok {
					var out mcp.CallToolResult
					out.SetError(s.toolError(r.Params.Name, errors.New(problem)))
					return &out, nil
				}
			}
		}
		return res, err
	}
}

// The SDK's refusals of a call's arguments (go-sdk v1.8.0, validated
// against the tool's input schema by jsonschema-go), as argsProblem reads
// them.
var (
	argsWrongType = regexp.MustCompile(`validating /properties/([^:]+): type: .* has type "(\w+)", want (?:one of )?"([\w, ]+)"`)
	argsUnknown   = regexp.MustCompile(`unexpected additional properties \[(.*)\]`)
	argsMissing   = regexp.MustCompile(`missing properties: \[(.*)\]`)
)

// jsonKinds name a JSON Schema type as the command line's messages do.
var jsonKinds = map[string]string{
	"integer": "a whole number", "number": "a number", "string": "a JSON string",
	"boolean": "true or false", "array": "a JSON array", "object": "a JSON object", "null": "null",
}

// argsProblem says an SDK refusal of a call's arguments (msg, the text of
// its tool error) in plain words: `k: want a whole number; found null` for
// `validating "arguments": validating root: validating /properties/k:
// type: <invalid reflect.Value> has type "null", want "integer"`. ok is
// false for any other text, a refusal of gtrag's own included.
func argsProblem(msg string) (problem string, ok bool) {
	rest, ok := strings.CutPrefix(msg, `validating "arguments": `)
	if !ok {
		return "", false
	}
	kind := func(t string) string {
		if k, ok := jsonKinds[t]; ok {
			return k
		}
		return t
	}
	switch {
	case strings.HasPrefix(rest, "unmarshaling arguments:"):
		return "the arguments must be a JSON object", true
	case argsWrongType.MatchString(rest):
		m := argsWrongType.FindStringSubmatch(rest)
		// A schema that also allows null ("want one of \"null,
		// array\"", as jsonschema-go types a slice; inputSchema types
		// the tools' lists "array" alone): what is wanted is the list.
		want := m[3]
		if types := strings.Split(want, ", "); len(types) > 1 {
			want = strings.Join(slices.DeleteFunc(types, func(t string) bool { return t == "null" }), ", ")
		}
		return fmt.Sprintf("%s: want %s; found %s", m[1], kind(want), kind(m[2])), true
	case argsUnknown.MatchString(rest):
		return "unknown argument " + argsUnknown.FindStringSubmatch(rest)[1], true
	case argsMissing.MatchString(rest):
		return "missing argument " + argsMissing.FindStringSubmatch(rest)[1], true
	}
	return "invalid arguments: " + strings.TrimPrefix(rest, "validating root: "), true
}
