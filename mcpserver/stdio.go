package mcpserver

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gtrag/gtrag/internal/jsonerr"
	"github.com/gtrag/gtrag/internal/lineio"
)

// StdioTransport is the transport of `gtrag mcp`: JSON-RPC messages read
// from in, one a line, and written to out, neither of which it closes (the
// caller owns them).
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
//
// Malformed input. The SDK ends the whole session on the first message it
// cannot decode: a stray line ("oops", a message with "jsonrpc":"1.0" or
// an object for an id) made `gtrag mcp` exit 1 with the decoder's error,
// the calls in flight unanswered and every later line unread. That is a
// crash the client did not ask for, and JSON-RPC 2.0 says otherwise: a
// line that is not JSON is answered with a parse error (-32700, id null),
// JSON that is not a valid message with an invalid request error (-32600,
// with the message's id when it has a readable one, else null), and the
// server goes on. So each line is checked here, with the SDK's own decoder
// as the last word, and only the lines the SDK will accept reach it; the
// others are answered from here, their error saying which line and what is
// wrong with it. A malformed response (no method, a result or an error) is
// dropped unanswered: JSON-RPC never answers a response. The framing is
// the MCP stdio transport's: one message a line, never split across lines,
// so one bad line costs that line only (a stream decoder cannot find its
// feet again after a syntax error). The price: a message pretty-printed
// over several lines, which the stream decoder used to take, is now a
// parse error a line; MCP forbids such messages, and the README asks for
// one a line. Lines longer than the SDK's own limit
// (mcp.DefaultMaxLineLength) are refused the same way, without being held
// in memory. Batches are passed on only where the SDK takes them: after an
// initialize that agreed a protocol version older than 2025-06-18, which
// dropped them; elsewhere their requests are answered -32600 one by one,
// in one array, as JSON-RPC answers a batch. A batch passed on whose
// invalid members are answered here gets one array too: those answers
// wait for the SDK's array and join it (answeringWriter.join). A batch's notifications are
// passed on after it, one by one: the SDK waits for an answer to them too
// (see batch).
//
// The SDK answers a request sent before initialize with an error that has
// no code ("code":0): the check that refuses it comes before any
// middleware, as a plain Go error. The answers to requests read before the
// server answered initialize carry -32600 (invalid request) here instead
// (only theirs: a codeless error to another request is passed as it is);
// MCP defines no code of its own for this, and -32002, LSP's "server not
// initialized", is MCP's old "resource not found". An initialize whose
// params the SDK's decoder refuses (`"protocolVersion":123`) was answered
// so too, in the decoder's Go ("cannot unmarshal … into Go struct field
// mcp.initializeParamsV2.protocolVersion"; "code":0 once the session was
// initialized): the SDK reads params before any middleware
// (mcp/shared.go, handleReceive). Its answer carries -32602 (invalid
// params) here, and says which param is wrong (initializeProblem).
//
// Cancelled requests. The SDK cancels a request's context on the client's
// notifications/cancelled, but writes whatever its handler then returns
// (internal/jsonrpc2/conn.go, Connection.processResult: a call is always
// answered, a nil result with a nil error included, and neither the
// handler nor a middleware can keep it from writing). MCP says a receiver
// should not answer a cancelled request, and a client that has forgotten
// the id may have reused it: the answer to a request the client cancelled
// while it was open is dropped here (openRequests.cancel). A cancellation
// that arrives after the answer was written changes nothing, as MCP allows.
//
// Writes. The SDK writes one whole message, newline included, a write;
// the transport's own answers come from the reading goroutine. Both go
// through one lock and only whole lines reach out, so no answer is ever
// cut into another.
//
// Notifications owed. Once the end of the input reaches the SDK, its
// connection refuses a notification when no call is in flight
// (internal/jsonrpc2/conn.go, Connection.Notify), and the session closes.
// A call that added papers owes the client
// notifications/resources/list_changed, which the SDK sends 10 ms after
// the change (it debounces them), by which time a script's input, held
// only until the call was answered, had ended: the answer came, the
// notification never did. Served by Server.Run, the transport has the
// server send what the session is owed (flushPapersChanged) once every
// request is answered, before the end of the input reaches the SDK.
func StdioTransport(in io.Reader, out io.Writer) mcp.Transport {
	r, w := newStdio(in, out)
	// The reader holds lines to the SDK's limit itself, and refuses longer
	// ones; the SDK's own cap would end the session on one.
	return &stdioTransport{IOTransport: mcp.IOTransport{Reader: io.NopCloser(r), Writer: w, MaxLineLength: -1}, r: r}
}

// stdioTransport is StdioTransport's: the SDK's, with its reader at hand
// for Server.Run to give it what to do when the input ends (atEnd).
type stdioTransport struct {
	mcp.IOTransport
	r *drainingReader
}

// atEnd has f called once the input has ended and every request read is
// answered, before the SDK is told the input ended; the session can still
// write then. It must be called before the transport is connected.
func (t *stdioTransport) atEnd(f func()) { t.r.atEnd = f }

// newStdio makes the two ends of StdioTransport, sharing what they know of
// the session.
func newStdio(in io.Reader, out io.Writer) (*drainingReader, *answeringWriter) {
	open := newOpenRequests()
	w := &answeringWriter{w: out, open: open}
	r := &drainingReader{in: bufio.NewReader(in), max: mcp.DefaultMaxLineLength, open: open, w: w}
	return r, w
}

// openRequests are the ids of the client's requests read and not yet
// answered. A set, not a count: a request that reuses the id of one still
// open is a protocol error, answered by the reader (take) and never passed
// on, and a count would then wait forever for a second answer.
//
// It is also what the transport knows of the session's initialization:
// whether the server has answered an initialize, with which protocol
// version, and which of the open requests were read before it had.
type openRequests struct {
	mu  sync.Mutex
	ids map[string]bool
	// cancelled are the requests the client cancelled while they were
	// open: the server's answer to one, when its handler ends, is dropped
	// (see cancel). Their ids stay in use until then.
	cancelled map[string]bool
	changed   chan struct{} // closed and replaced whenever a request is answered
	// about is what is known of the open requests read before done, and
	// of the open initializes (see answering); the others have nothing
	// to tell. Until done, an initialize's answer may be the one that
	// agrees the version; after, none is.
	about   map[string]answerTo
	done    bool   // an initialize was answered with a result
	version string // the protocol version that answer agreed
}

func newOpenRequests() *openRequests {
	return &openRequests{ids: map[string]bool{}, cancelled: map[string]bool{}, about: map[string]answerTo{}, changed: make(chan struct{})}
}

// add records a request, of method, passed on to the SDK.
func (o *openRequests) add(id, method string) {
	o.addRequest(id, method, "")
}

// addRequest is add, with what is wrong with the params of an
// initialize (initializeProblem), if anything.
func (o *openRequests) addRequest(id, method, problem string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.ids[id] = true
	if a := (answerTo{early: !o.done, initialize: method == "initialize", problem: problem}); a != (answerTo{}) {
		o.about[id] = a
	}
}

// has reports whether id is in use: a request open, or one cancelled
// whose handler has not ended yet (the SDK still holds its id).
func (o *openRequests) has(id string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.ids[id] || o.cancelled[id]
}

// answerTo is what the transport knows of the request an answer answers.
type answerTo struct {
	early bool // read before the server had answered initialize
	drop  bool // cancelled by the client: the answer is not written
	// initialize is set for an initialize, problem to what is wrong with
	// its params, if the transport can tell.
	initialize bool
	problem    string
}

// answering records what the server's answer m to id, about to be
// written, says of the session, and what is known of the request it
// answers. The request stays open until answered: the end of the input
// waits for the answer to be written.
func (o *openRequests) answering(id string, m message) answerTo {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.cancelled[id] {
		delete(o.cancelled, id)
		return answerTo{drop: true}
	}
	a := o.about[id]
	if a.early && a.initialize && !o.done {
		if v := m.protocolVersion(); v != "" {
			o.done, o.version = true, v
		}
	}
	return a
}

// answered closes id: answered.
func (o *openRequests) answered(id string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	// A cancellation read while the answer was being written came too
	// late: the answer is out, and the id free.
	delete(o.cancelled, id)
	o.close(id)
}

// cancel records the client's notifications/cancelled for id. A request
// still open is closed at once (the end of the input no longer waits for
// it) and its answer, which the SDK writes all the same when the handler
// returns, is dropped: MCP says a receiver should not answer a request
// it was told to cancel, and the client has forgotten the id, or reused
// it. A cancellation of anything else (a request answered already, an id
// never seen) changes nothing.
func (o *openRequests) cancel(id string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.ids[id] {
		o.cancelled[id] = true
		o.close(id)
	}
}

// close removes id from the open requests; o.mu is held.
func (o *openRequests) close(id string) {
	if !o.ids[id] {
		return
	}
	delete(o.ids, id)
	delete(o.about, id)
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

// batches says why the SDK would end the session on a batch now, or "".
// A batch read while an initialize is open waits for its answer, which
// agrees the version that decides: a script that pipes initialize, its
// notification and a batch at once would otherwise have the batch refused
// or taken depending on how fast the server answered.
func (o *openRequests) batches() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	for o.initializing() {
		changed := o.changed
		o.mu.Unlock()
		<-changed
		o.mu.Lock()
	}
	switch {
	case !o.done:
		return "a batch before the server has answered initialize"
	case o.version >= "2025-06-18": // the SDK compares versions so too
		return fmt.Sprintf("JSON-RPC batches are not part of MCP %s, the version of this session", o.version)
	}
	return ""
}

// initializing reports whether an initialize is open: passed on to the
// SDK and not yet answered. o.mu is held.
func (o *openRequests) initializing() bool {
	for id, a := range o.about {
		if a.initialize && o.ids[id] {
			return true
		}
	}
	return false
}

// message is what the writer reads of a JSON-RPC message: a request has a
// method and an id, a notification a method alone, a response an id
// alone.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	// Read only where needed, so that no result or error, whatever its
	// shape, keeps its response from counting as an answer.
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
}

// protocolVersion is the version an initialize result agreed, or "".
func (m message) protocolVersion() string {
	var r struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(m.Result, &r)
	return r.ProtocolVersion
}

// codeless reports whether m is an error response without an error code.
func (m message) codeless() bool {
	var e struct {
		Code *json.Number `json:"code"`
	}
	return len(m.Error) > 0 && json.Unmarshal(m.Error, &e) == nil && (e.Code == nil || *e.Code == "0")
}

// messages decodes a message or a batch of them; what is not JSON-RPC
// yields nothing.
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

// idKey is an id as a map key: its JSON in one canonical form, so that 1
// and "1" differ as JSON-RPC says they do while 1 and 1.0, or "a" and
// "\u0061", are one id as they are to the SDK (which reads a number as an
// int64, cutting a fraction, and a string as its text); "" for none or
// null.
func idKey(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return string(raw)
	}
	switch v := v.(type) {
	case string:
		out, _ := json.Marshal(v)
		return string(out)
	case json.Number:
		if n, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return strconv.FormatInt(n, 10)
		}
		if f, err := strconv.ParseFloat(string(v), 64); err == nil {
			return strconv.FormatInt(int64(f), 10)
		}
	}
	return string(raw)
}

// inbound is what the reader learned of one message of the client's.
type inbound struct {
	id       json.RawMessage // a string or an integer; nil for none, null or an id of another type
	method   string
	response bool // no method: an answer to a request of the server's
	cancels  json.RawMessage
	problem  string // what is wrong with an initialize's params (initializeProblem)
}

// checkMessage checks one message as the SDK will read it, and says what
// is wrong with it in words a client's author can act on. The SDK's
// decoder has the last word, so that nothing it refuses (and would end the
// session on) gets through. Raw that is not JSON at all is a
// *json.SyntaxError, returned as it is.
func checkMessage(raw []byte) (inbound, error) {
	var m inbound
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return m, se
		}
		return m, errors.New("a JSON-RPC message is a JSON object")
	}
	_, hasMethod := obj["method"]
	_, hasResult := obj["result"]
	_, hasError := obj["error"]
	m.response = !hasMethod && (hasResult || hasError)
	if id, ok := obj["id"]; ok {
		switch id[0] {
		case '"':
			m.id = id
		case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			// MCP ids are strings or integers. The SDK reads a number as
			// an int64: 9.5 came back as 9 and 1e2 as 100, so the answer
			// matched no open request and the server never ended.
			if _, err := strconv.ParseInt(string(id), 10, 64); err != nil {
				return m, fmt.Errorf(`"id" %s is not an integer of at most 64 bits: use a string or an integer`, id)
			}
			m.id = id
		case 'n': // null
			if hasMethod {
				// JSON-RPC allows a null id; MCP does not, and the SDK took
				// the request for a notification and answered nothing.
				return m, errors.New(`"id" is null: MCP request ids are strings or integers (leave "id" out for a notification)`)
			}
		default:
			return m, errors.New(`"id" must be a string, a number or null`)
		}
	}
	var version string
	if v, ok := obj["jsonrpc"]; !ok {
		return m, errors.New(`"jsonrpc":"2.0" is missing`)
	} else if json.Unmarshal(v, &version) != nil || version != "2.0" {
		return m, fmt.Errorf(`"jsonrpc" is %s: it must be "2.0"`, v)
	}
	if hasMethod {
		if json.Unmarshal(obj["method"], &m.method) != nil {
			return m, errors.New(`"method" must be a string`)
		}
	} else if m.id == nil {
		return m, errors.New(`neither a request nor a notification (no "method") nor a response (no "id")`)
	} else if !hasResult && !hasError {
		// An id alone: the SDK took it for a response to nothing and
		// answered nothing, and the client waited.
		return m, errors.New(`neither a request (no "method") nor a response (no "result" or "error")`)
	}
	if _, err := jsonrpc.DecodeMessage(raw); err != nil {
		return m, err
	}
	if m.method == "initialize" {
		m.problem = initializeProblem(obj["params"])
	}
	if m.method == "notifications/cancelled" {
		var p struct {
			RequestID json.RawMessage `json:"requestId"`
		}
		if json.Unmarshal(obj["params"], &p) == nil {
			m.cancels = p.RequestID
		}
	}
	return m, nil
}

// errorResponse is a JSON-RPC error answer; a nil ID is null.
type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *jsonrpc.Error  `json:"error"`
}

func newErrorResponse(id json.RawMessage, code int64, format string, args ...any) errorResponse {
	return errorResponse{JSONRPC: "2.0", ID: id, Error: &jsonrpc.Error{Code: code, Message: fmt.Sprintf(format, args...)}}
}

// drainingReader passes the client's messages on one a line, recording
// its requests; answers itself, through w, the lines the SDK would end the
// session on; and reports the end of the input only once every request
// passed on is answered.
type drainingReader struct {
	in    *bufio.Reader
	max   int            // bytes in a line
	lines *lineio.Reader // in's lines, from the first read on
	open  *openRequests
	w     *answeringWriter
	line  int // lines read
	buf   bytes.Buffer
	// atEnd, if set, is called when the input has ended and every request
	// is answered, before Read reports the end (stdioTransport.atEnd).
	atEnd func()
}

func (r *drainingReader) Read(p []byte) (int, error) {
	for r.buf.Len() == 0 {
		line, long, err := r.readLine()
		if err != nil && err != io.EOF {
			return 0, err
		}
		if len(line) > 0 || long {
			if werr := r.take(line, long); werr != nil {
				return 0, werr
			}
		}
		if err == io.EOF && r.buf.Len() == 0 {
			r.open.wait()
			if r.atEnd != nil {
				r.atEnd()
				r.atEnd = nil // Read may be called again after the end
			}
			return 0, io.EOF
		}
	}
	return r.buf.Read(p)
}

// readLine reads the next line, without its end, skipping a line longer
// than r.max (long) rather than holding it: a client that sends one
// endless line must not fill the memory.
func (r *drainingReader) readLine() (line []byte, long bool, err error) {
	if r.lines == nil {
		r.lines = lineio.New(r.in, r.max)
	}
	line, n, err := r.lines.ReadLine()
	if n > 0 || err == nil {
		r.line++
	}
	if n > r.max {
		return nil, true, err
	}
	return bytes.TrimSpace(line), false, err
}

// take handles one line: it passes it on, answers it, or both (a batch
// part of which is refused). Only a failure to write an answer is an
// error: the client is gone.
func (r *drainingReader) take(line []byte, long bool) error {
	switch {
	case long:
		return r.w.answer(newErrorResponse(nil, jsonrpc.CodeInvalidRequest, "line %d is longer than %d bytes", r.line, r.max))
	case !utf8.Valid(line):
		// JSON between systems is UTF-8 (RFC 8259 §8.1). Decoded, a bad
		// byte became U+FFFD: an id the client never sent came back
		// ("u4\ufffd" for "u4\xff"), and a query ran with it.
		return r.w.answer(newErrorResponse(nil, jsonrpc.CodeParseError, "line %d is not JSON: it is not valid UTF-8", r.line))
	case line[0] == '[':
		return r.batch(line)
	}
	m, err := checkMessage(line)
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return r.notJSON(se)
	case err != nil && m.response:
		return nil
	case err != nil:
		return r.w.answer(newErrorResponse(m.id, jsonrpc.CodeInvalidRequest, "line %d is not a valid JSON-RPC 2.0 message: %v", r.line, err))
	case m.method != "" && m.id != nil && r.open.has(idKey(m.id)):
		// The SDK refuses a request whose id is still open, but answers
		// nothing (it drops the id so as not to misattribute the error,
		// and an answer without one is never written): the client would
		// wait for it forever. Answered here, id null for the same reason.
		return r.w.answer(newErrorResponse(nil, jsonrpc.CodeInvalidRequest, "line %d: request id %s is already in use by a request not yet answered", r.line, m.id))
	}
	r.pass(line, m)
	return nil
}

// notJSON answers a line that is not JSON: a parse error, id null.
func (r *drainingReader) notJSON(err error) error {
	return r.w.answer(newErrorResponse(nil, jsonrpc.CodeParseError, "line %d is not JSON: %s", r.line, jsonerr.Describe(err)))
}

// batch handles a JSON-RPC batch: the messages the SDK takes are passed
// on as a batch; the others are answered in one array, requests by id.
func (r *drainingReader) batch(line []byte) error {
	var elems []json.RawMessage
	if err := json.Unmarshal(line, &elems); err != nil {
		return r.notJSON(err) // a line opening with "[" is an array, if JSON
	}
	if len(elems) == 0 {
		return r.w.answer(newErrorResponse(nil, jsonrpc.CodeInvalidRequest, "line %d is an empty batch", r.line))
	}
	refuse := r.open.batches()
	var pass, notes []json.RawMessage
	var passed, noted []inbound
	var answers []errorResponse
	ids := map[string]bool{}
	for i, e := range elems {
		m, err := checkMessage(e)
		if err == nil && m.method != "" && m.id != nil {
			// The SDK ends the session on an id twice in a batch, or on one
			// still open from an earlier batch.
			if id := idKey(m.id); ids[id] || r.open.has(id) {
				err = fmt.Errorf("id %s is already in use", m.id)
			} else {
				ids[id] = true
			}
		}
		switch {
		case err != nil && !m.response:
			answers = append(answers, newErrorResponse(m.id, jsonrpc.CodeInvalidRequest, "line %d, message %d of the batch, is not a valid JSON-RPC 2.0 message: %v", r.line, i+1, err))
		case err != nil:
		case refuse == "" && m.method != "" && m.id == nil:
			notes, noted = append(notes, e), append(noted, m)
		case refuse == "":
			pass, passed = append(pass, e), append(passed, m)
		case m.method != "" && m.id != nil:
			answers = append(answers, newErrorResponse(m.id, jsonrpc.CodeInvalidRequest, "line %d: %s", r.line, refuse))
		}
	}
	if len(answers) > 0 {
		// JSON-RPC answers a batch with one array: the answers to the
		// members the SDK was not given join its array, which it writes
		// once it has answered every request of the batch passed on.
		if i := slices.IndexFunc(passed, func(m inbound) bool { return m.method != "" && m.id != nil }); i >= 0 {
			r.w.joinAnswers(idKey(passed[i].id), answers)
			answers = nil
		}
	}
	if len(pass) > 0 {
		raw, _ := json.Marshal(pass)
		r.pass(raw, passed...)
	}
	// The SDK (v1.8.0, mcp/transport.go ioConn.Read) waits for an answer
	// to every *jsonrpc.Request of a batch, notifications included, which
	// are never answered: a batch holding one never got its answer, and
	// one holding two ended the session ("duplicate message ID"). Its
	// notifications are passed one by one after it, as JSON-RPC lets a
	// server take a batch's messages in any order; after, so that one
	// cancelling a request of the batch finds it open.
	for i, n := range notes {
		r.pass(n, noted[i])
	}
	if len(answers) > 0 {
		return r.w.answer(answers)
	}
	return nil
}

// pass hands raw, a message or a batch whose messages are ms, on to the
// SDK, recording its requests and the cancellations of requests open.
func (r *drainingReader) pass(raw []byte, ms ...inbound) {
	for _, m := range ms {
		switch {
		case m.method == "notifications/cancelled":
			r.open.cancel(idKey(m.cancels))
		case m.method != "" && m.id != nil:
			r.open.addRequest(idKey(m.id), m.method, m.problem)
		}
	}
	r.buf.Write(raw)
	r.buf.WriteByte('\n')
}

// answeringWriter writes the server's messages, a whole line at a time,
// and marks the requests its responses answer; it writes the reader's own
// answers between them. It does not close w.
type answeringWriter struct {
	mu   sync.Mutex
	w    io.Writer
	open *openRequests
	line []byte // a message not yet ended by its newline
	// joining are the reader's answers to the members of a batch it did
	// not pass on, by the id of a request of the same batch that it did:
	// they go into the SDK's array of answers to that batch (join).
	joining map[string][]errorResponse
}

func (w *answeringWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.line = append(w.line, p...)
	for {
		i := bytes.IndexByte(w.line, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := w.line[:i+1]
		ms := messages(line)
		var to answerTo
		for _, m := range ms {
			if m.Method == "" {
				to = w.open.answering(idKey(m.ID), m)
			}
		}
		if len(ms) == 1 && ms[0].codeless() {
			line = withCode(line, to)
		}
		// The answer to a cancelled request is dropped; in a batch (an old
		// protocol version's) it goes with the others.
		drop := to.drop && len(ms) == 1
		line, joined := w.join(line, ms, drop)
		if !drop || joined {
			if _, err := w.w.Write(line); err != nil {
				return 0, err
			}
		}
		for _, m := range ms {
			if m.Method == "" {
				w.open.answered(idKey(m.ID))
			}
		}
		w.line = w.line[:copy(w.line, w.line[i+1:])]
	}
}

// joinAnswers has the answers a written with the SDK's array of answers
// to the batch holding the request id (see batch).
func (w *answeringWriter) joinAnswers(id string, a []errorResponse) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.joining == nil {
		w.joining = map[string][]errorResponse{}
	}
	w.joining[id] = a
}

// join is line, the SDK's answers ms, with the answers waiting for the
// batch they answer added to its array (only them when the SDK's answer
// is dropped), and whether any were; line as it is when none waits for
// it.
func (w *answeringWriter) join(line []byte, ms []message, drop bool) ([]byte, bool) {
	if len(w.joining) == 0 {
		return line, false // the common case: no idKey decoded again per message
	}
	var add []errorResponse
	for _, m := range ms {
		if a, ok := w.joining[idKey(m.ID)]; ok && m.Method == "" {
			add = append(add, a...)
			delete(w.joining, idKey(m.ID))
		}
	}
	if len(add) == 0 {
		return line, false
	}
	var arr []json.RawMessage
	switch {
	case drop:
	case json.Unmarshal(line, &arr) != nil:
		arr = []json.RawMessage{bytes.TrimSpace(line)} // an SDK that answered a batch of one alone
	}
	for _, a := range add {
		raw, err := json.Marshal(a)
		if err != nil {
			continue
		}
		arr = append(arr, raw)
	}
	out, err := json.Marshal(arr)
	if err != nil {
		return line, false
	}
	return append(out, '\n'), true
}

// withCode is the SDK's error response line, which has no code, with
// the code JSON-RPC gives its error, when the transport can tell it:
//
//   - an initialize whose params the SDK could not read ("handling
//     'initialize': unmarshaling … into a *mcp.initializeParamsV2: json:
//     cannot unmarshal … into Go struct field …", mcp/shared.go
//     handleReceive, before any middleware): -32602, invalid params, its
//     message saying which param is wrong rather than the decoder's Go;
//   - a request read before the server answered initialize (refused by
//     the SDK, mcp/server.go ServerSession.handle, before any
//     middleware): -32600, invalid request.
//
// Any other line is left as it is.
func withCode(line []byte, to answerTo) []byte {
	var r errorResponse
	if json.Unmarshal(line, &r) != nil || r.Error == nil {
		return line
	}
	switch {
	case to.initialize && strings.HasPrefix(r.Error.Message, "handling 'initialize'"):
		problem := to.problem
		if problem == "" {
			problem = "they do not match MCP's InitializeRequest (protocolVersion, capabilities, clientInfo)"
		}
		r.Error.Code, r.Error.Message = jsonrpc.CodeInvalidParams, "invalid initialize params: "+problem
	case to.early:
		r.Error.Code = jsonrpc.CodeInvalidRequest
	default:
		return line
	}
	out, err := json.Marshal(r)
	if err != nil {
		return line
	}
	return append(out, '\n')
}

// answer writes v, one message or a batch of them, as one line.
func (w *answeringWriter) answer(v any) error {
	raw, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode an answer: %w", err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	// w.line, a message the SDK has not finished, is not on w yet: the
	// answer cannot cut into it.
	if _, err := w.w.Write(append(raw, '\n')); err != nil {
		return fmt.Errorf("answer line: %w", err)
	}
	return nil
}

func (w *answeringWriter) Close() error { return nil }
