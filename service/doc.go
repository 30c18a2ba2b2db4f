// Package service is what every front end of gtrag shares: `gtrag ask`,
// `chat`, `eval`, `replay`, `search`, `stats`, `papers` and `ingest`, and
// the MCP server. It opens the knowledge base and the reasoners from a
// plain Config, runs the workflow for a question and builds the Result that
// `ask --json` prints.
//
// A front end keeps its flags, its output and its wiring; everything that
// decides what a question costs and returns lives here, once:
//
//	svc, err := service.Open(ctx, service.Config{DataDir: dir, LLM: "offline", Embedder: "offline"})
//	if err != nil { … }
//	defer svc.Close()
//	res, err := svc.Ask(ctx, "What is a Nash equilibrium?", service.AskOptions{})
//
// Open opens the knowledge base Config.Store names: the embedded store
// (vectordb) in the data directory by default, or a Weaviate collection
// (weaviatestore); any other backend plugs in through New, which takes any
// Store. A Service is safe for
// concurrent use: each Ask builds its own workflow over the shared store,
// reasoners and arXiv client, counts its own arXiv requests and, when asked
// to, records its own trace. The store serialises writers; the arXiv client's
// pacing holds across every caller.
//
// Errors a user fixes by changing a setting come back as *ConfigError naming
// the setting, so that a command can report them as bad usage.
package service
