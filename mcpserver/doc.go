// Package mcpserver serves a gtrag knowledge base over the Model Context
// Protocol, with the official Go SDK (github.com/modelcontextprotocol/go-sdk):
// `gtrag mcp` runs it over standard input and output, a test over the SDK's
// in-memory transport.
//
// Every tool is a thin adapter over the same service.Service that `gtrag
// ask`, `search`, `ingest` and `stats` use. Inputs and results are typed
// structs: the SDK derives each tool's JSON schemas from them (the
// jsonschema tags are the descriptions a client's model reads) and
// validates arguments before a handler runs.
//
// Errors. A handler's error comes back to the client as a tool error
// (isError, one line of text), never as a protocol error and never as a
// crashed server: what the user got wrong, or what failed, is said the way
// the command line says it.
//
// A line of the client's that is not a valid JSON-RPC message is answered
// with a JSON-RPC error (-32700 or -32600) by StdioTransport, which says
// why, and the server goes on: the SDK alone ended the session on it.
//
// Resources. Each stored paper is the resource gtrag://paper/{id}, its id
// as it is (gtrag://paper/cs/0112004v1, gtrag://paper/primer:core) or
// percent-encoded; resources/list lists them ResourcePageSize at a time,
// and a call that adds papers sends notifications/resources/list_changed
// (papersChanged), over StdioTransport before the server exits at the end
// of its input (flushPapersChanged).
// An id in any form ingest_ids takes (arXiv:…, an abs URL) names the
// paper for get_paper and the resources alike.
//
// Cancellation. The SDK cancels a call's context when the client sends
// notifications/cancelled; the workflow and ingestion stop at their next
// check, exactly as on Ctrl-C, so the store keeps only committed batches.
// The call is not answered (StdioTransport drops the SDK's answer).
//
// Arguments. The input schemas give each ranged integer argument its
// range and default (intArgs); the SDK fills the default in for an
// argument left out, and a value given out of range, 0 included, is a
// tool error in the command line's words. A list argument is typed an
// array alone, not ["null", "array"] as the SDK infers a Go slice: no tool
// takes null for one.
//
// The LLM. Each ask and each ingest call is one run of the LLM's fallback
// (reasoner.WithRun, WithRunFor): an LLM that fails is not asked again
// during the call, and the calls after it ask it again after the
// reasoner's backoff, ingests included.
//
// Notices. What a call has to say beside its result (arXiv failed, the
// LLM failed, ids arXiv does not know) is in the result's notices, on the
// server's log (standard error), and sent as notifications/message at
// level notice to a client that asked for that level (logging/setLevel,
// or a 2026-07-28 request's _meta). Protocol version 2026-07-28
// deprecates MCP's logging (SEP-2577), and SDK v1.8.0 marks its logging
// API so, to keep working for at least twelve months: the messages are a
// courtesy to clients that show a server's log, and the result's notices,
// which are no logging, are what a client should read and what outlives it.
//
// Progress. An ingest call that carries a progress token is reported as
// notifications/progress: papers committed of papers expected. Only the
// newest snapshot waits to be sent, so a slow client never slows the run.
//
// Concurrency. Calls run at once. The store serialises its writers; the
// service's one arXiv client paces every request, whichever call made it,
// so several ingests at once still respect arXiv's 3 s between requests;
// each counts its own requests (arxiv.CountRequests) for its
// arxiv_requests. Ingest progress is not saved between calls (no resume files): two calls
// for the same query must not race on one file, and papers already stored
// are skipped without being written again anyway.
package mcpserver
