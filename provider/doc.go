// Package provider is the one table of the LLM and embedding providers gtrag
// can use, and the one grammar of the specs that name them (--llm and
// --embedder, GTRAG_LLM and GTRAG_EMBEDDER).
//
// A spec is "offline", "auto" (LLMs only), or PROVIDER:MODEL. Surrounding
// white space is ignored and the provider name is case-insensitive, so
// "Ollama:llama3.2" and " offline " are valid, for --llm and --embedder
// alike; the model name is kept as typed (Ollama names hold ':' and '/',
// "hf.co/org/model:Q4_K_M") and may not be empty or hold spaces or control
// characters. Parse returns the canonical Spec ("ollama:llama3.2"), or a
// *SpecError whose message lists the valid forms.
//
// Each provider lives in its own file (ollama.go, openai.go, anthropic.go,
// googleai.go) as one unexported Provider value: how to build its chat model and its
// embedding client with langchaingo from the environment, which environment
// variables hold its secrets, and a line of help. The table in provider.go
// lists them; ValidSpecs, Help and SecretEnv are generated from it. Adding a
// provider is one file, its test, and a line in the table.
//
// Environment variables are read through the getenv function given, never
// from the process directly, so that tests and the command line agree. A
// setting that is missing or malformed (no API key, an OLLAMA_HOST that is
// not a host) is a *ConfigError naming the variable.
package provider
