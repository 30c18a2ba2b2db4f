package mcpserver

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// StdioTransport is the transport of `gtrag mcp`: JSON-RPC messages read
// from in and written to out, neither of which it closes (the caller owns
// them).
//
// Why not mcp.IOTransport alone. When its input ends, the SDK cancels the
// requests still in flight and writes no response to them (its jsonrpc2
// connection: "with the reader gone … parked handlers have nothing useful
// left to do"). An assistant keeps the server's input open, so it never
// meets this; a script does: `gtrag mcp < requests.jsonl`, or a heredoc
// piped in, got no answer at all, not even to initialize. Here the end of
// the input reaches the SDK only once every request read has been answered
// (or cancelled by the client's notifications/cancelled), so a script gets
// every response and then the server exits.
//
// The trade-off: an assistant that closes its end while a call runs (an
// ingest of a few hundred papers, paced at 3 s a request) now has the
// server finish that call before it exits, where it used to be dropped.
// The MCP stdio transport's shutdown sequence covers it: a client that
// does not see the server exit sends SIGTERM, and an interrupt or SIGTERM
// ends the server and its calls at once (Run, endWithRun), an ingest
// keeping what it committed.
func StdioTransport(in io.Reader, out io.Writer) mcp.Transport {
	open := newOpenRequests()
	return &mcp.IOTransport{
		Reader: io.NopCloser(&drainingReader{dec: json.NewDecoder(in), open: open}),
		Writer: &answeringWriter{w: out, open: open},
	}
}

// openRequests are the ids of the client's requests read and not yet
// answered. A set, not a count: a request that reuses the id of one still
// open is a protocol error, which the SDK answers with no id, and a count
// would then wait forever for a second answer.
type openRequests struct {
	mu      sync.Mutex
	ids     map[string]bool
	changed chan struct{} // closed and replaced whenever a request is answered
}

func newOpenRequests() *openRequests {
	return &openRequests{ids: map[string]bool{}, changed: make(chan struct{})}
}

func (o *openRequests) add(id string) {
	o.mu.Lock()
	o.ids[id] = true
	o.mu.Unlock()
}

func (o *openRequests) answered(id string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.ids[id] {
		return
	}
	delete(o.ids, id)
	close(o.changed)
	o.changed = make(chan struct{})
}

// wait returns once no request is open.
func (o *openRequests) wait() {
	for {
		o.mu.Lock()
		n, changed := len(o.ids), o.changed
		o.mu.Unlock()
		if n == 0 {
			return
		}
		<-changed
	}
}

// message is what the transport reads of a JSON-RPC message: a request
// has a method and an id, a notification a method alone, a response an
// id alone.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		RequestID json.RawMessage `json:"requestId"` // notifications/cancelled
	} `json:"params"`
}

// messages decodes a message or a batch of them; what is not JSON-RPC
// yields nothing, and the SDK answers it as it would.
func messages(raw []byte) []message {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && raw[0] == '[' {
		var batch []json.RawMessage
		if json.Unmarshal(raw, &batch) != nil {
			return nil
		}
		var out []message
		for _, r := range batch {
			out = append(out, messages(r)...)
		}
		return out
	}
	var m message
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	return []message{m}
}

// idKey is an id as a map key: the raw JSON, so that 1 and "1" differ as
// JSON-RPC says they do; "" for none or null.
func idKey(raw json.RawMessage) string {
	if s := string(bytes.TrimSpace(raw)); s != "null" {
		return s
	}
	return ""
}

// drainingReader passes the client's messages on one by one, recording
// its requests, and reports the end of the input only once they are all
// answered.
type drainingReader struct {
	dec  *json.Decoder
	open *openRequests
	buf  bytes.Buffer
}

func (r *drainingReader) Read(p []byte) (int, error) {
	for r.buf.Len() == 0 {
		var raw json.RawMessage
		if err := r.dec.Decode(&raw); err != nil {
			if err == io.EOF {
				r.open.wait()
			}
			return 0, err
		}
		for _, m := range messages(raw) {
			switch {
			case m.Method == "notifications/cancelled":
				r.open.answered(idKey(m.Params.RequestID))
			case m.Method != "" && idKey(m.ID) != "":
				r.open.add(idKey(m.ID))
			}
		}
		r.buf.Write(raw)
		r.buf.WriteByte('\n')
	}
	return r.buf.Read(p)
}

// answeringWriter writes the server's messages unchanged and marks the
// requests its responses answer. It does not close w.
type answeringWriter struct {
	w    io.Writer
	open *openRequests
	line []byte // a message not yet ended by its newline
}

func (w *answeringWriter) Write(p []byte) (int, error) {
	n, err := w.w.Write(p)
	w.line = append(w.line, p[:n]...)
	rest := w.line
	for {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			break
		}
		for _, m := range messages(rest[:i]) {
			if m.Method == "" {
				w.open.answered(idKey(m.ID))
			}
		}
		rest = rest[i+1:]
	}
	w.line = append(w.line[:0], rest...)
	return n, err
}

func (w *answeringWriter) Close() error { return nil }
