// Package trace records, narrates and replays gtrag runs, so that a teacher
// can show the agent loop — percept → reasoning → action → environment update
// → next percept — from a real run, and a bug report can become a test.
//
// A Recorder watches a run twice over: as the graph's Observer it sees every
// step (the state before and after, the route taken, and with a decision
// agent what the agent changed in the state as it decided, recorded on the
// edge's route_decided), and as a decorator
// around the workflow's dependencies (Wrap) it sees every external effect:
// store queries and adds, embeddings, arXiv searches, reasoner calls. Each
// becomes an Event, written as one JSON object per line:
//
//	{"id":"e1-0004","execution_id":"e1","seq":4,"ts":"…","type":"operation_started","step":1,"node":"pull_from_chroma","data":{…}}
//
// Operations carry their parameters, a SHA-256 fingerprint of those
// parameters and their full result, which is what Player needs to re-run the
// real graph with every effect answered from the recording: no network, no
// model, no store (see Player and DivergenceError). Narrator turns the same
// events into the teaching text, live during `gtrag ask --trace` and later
// from a file with `gtrag trace`; both read the events exactly as written,
// after redaction, so the screen never shows what the file would not.
//
// Player.Fork replays a recording up to a step, changes the state and runs
// on; recorded with a Recorder (its Wrap passed as wrap), the fork's trace
// tells the replayed steps as the original's did — the embeds inside the
// store's operations, the store's size, each step's environment lines —
// and then its own.
//
// Secrets never reach a trace: every event is scrubbed of the API key values
// the caller passes in (Options.Secrets) and of anything shaped like a bearer
// token, an "sk-" key or an api key URL parameter before it is written.
//
// Files are written to a temporary name beside the target and renamed when
// the run ends (Create, File.Close), so a crash leaves a ".partial" file and
// never a trace that looks complete; a complete trace ends with
// execution_completed or execution_failed. A run a signal stopped ends with
// execution_failed naming the signal ("signal": "Ctrl-C" or "SIGTERM"),
// which the narration, the page and the OpenTelemetry export tell as
// stopped rather than failed.
//
// HTML renders a recording as one self-contained page to step through in a
// browser (gtrag trace --format html): the workflow as SVG laid out from the
// graph's metadata, the path taken, and each step's percept, reasoning,
// actions, state diff and routing decision.
//
// Explain documents a graph from its metadata (what each node perceives,
// decides, does and changes), for `gtrag graph --format explain`.
package trace
