package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// initializeOnceMiddleware refuses an initialize in a session initialized
// already with an invalid-request error. The SDK refused it with a plain
// Go error, which went out with no code ("code":0, which JSON-RPC does
// not define): `duplicate "initialize" received`.
func initializeOnceMiddleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method == "initialize" {
			if ss, ok := req.GetSession().(*mcp.ServerSession); ok && ss.InitializeParams() != nil {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest,
					Message: "the session is initialized already: a client sends initialize once, as its first request"}
			}
		}
		return next(ctx, method, req)
	}
}

// initializeProblem says what is wrong with the params of an initialize,
// in terms of MCP's InitializeRequest, or "" if it sees nothing wrong.
// It only words the refusal: whether the params are refused is the SDK's
// decoder's call (see withCode), which reads them before any middleware
// and said so in its Go terms ("cannot unmarshal … into Go struct field
// mcp.initializeParamsV2.protocolVersion of type string").
func initializeProblem(params json.RawMessage) string {
	if isNull(params) {
		return `"params" is missing`
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(params, &obj) != nil {
		return fmt.Sprintf(`"params" is %s: want an object`, kindOf(params))
	}
	if p := wrongType(obj, "", "protocolVersion", '"'); p != "" {
		return p
	}
	if p := wrongType(obj, "", "_meta", '{'); p != "" {
		return p
	}
	if p := wrongType(obj, "", "capabilities", '{'); p != "" {
		return p
	}
	var caps map[string]json.RawMessage
	_ = json.Unmarshal(obj["capabilities"], &caps)
	for _, c := range []string{"experimental", "extensions", "roots", "sampling", "elicitation"} {
		if p := wrongType(caps, "capabilities.", c, '{'); p != "" {
			return p
		}
	}
	var roots map[string]json.RawMessage
	_ = json.Unmarshal(caps["roots"], &roots)
	if p := wrongType(roots, "capabilities.roots.", "listChanged", 't'); p != "" {
		return p
	}
	if p := wrongType(obj, "", "clientInfo", '{'); p != "" {
		return p
	}
	var info map[string]json.RawMessage
	_ = json.Unmarshal(obj["clientInfo"], &info)
	for _, f := range []string{"name", "title", "version", "websiteUrl"} {
		if p := wrongType(info, "clientInfo.", f, '"'); p != "" {
			return p
		}
	}
	return ""
}

// wrongType says that obj's field name is not of the JSON type that opens
// with want ('"' a string, '{' an object, 't' a boolean), or ""; a field
// absent or null is of any type.
func wrongType(obj map[string]json.RawMessage, prefix, name string, want byte) string {
	raw, ok := obj[name]
	if !ok || isNull(raw) || kindOf(raw) == kindOf([]byte{want}) {
		return ""
	}
	return fmt.Sprintf("%q is %s: want %s", prefix+name, kindOf(raw), kindOf([]byte{want}))
}

func isNull(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) == 0 || string(raw) == "null"
}

// kindOf names the JSON type of raw, which is JSON.
func kindOf(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return "nothing"
	}
	switch raw[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}
