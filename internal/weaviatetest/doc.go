// Package weaviatetest starts real Weaviate servers for tests: one node, or
// a replicated cluster of several, on 127.0.0.1 with free ports and their
// data in a temporary directory, waited on until ready and stopped after.
//
// The server is the pinned weaviate-server binary that `make
// weaviate-server` builds into the user's cache (see the Makefile), found
// through the GTRAG_WEAVIATE_BIN environment variable that `make test` sets.
// Without it a test is skipped with a message saying how to build it, except
// under CI (CI=true), where a missing server fails the test: CI must not
// pass by testing nothing.
//
// A Weaviate node takes about ten seconds to become ready, so a test package
// shares one node among its tests rather than starting one per test:
//
//	func TestMain(m *testing.M) { os.Exit(weaviatetest.Main(m)) }
//
//	func TestSomething(t *testing.T) {
//		node := weaviatetest.Shared(t) // started on first use, stopped by Main
//		...
//	}
//
// Tests sharing a node keep apart by collection name (Collection gives a
// fresh one). StartCluster starts its own nodes, for tests that stop one.
//
// Every node runs with telemetry off and no modules, so a test never talks
// to anything it did not start.
package weaviatetest
