package weaviatetest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unicode"
)

// shared is the one node of a test package, started by the first test that
// asks for it and stopped by Main.
var shared struct {
	mu   sync.Mutex
	node *Node
	dir  string
	err  error // a failed start is not retried: every later test fails fast
}

// Main runs the package's tests and then stops the shared node, if one was
// started. Use it as TestMain's body: os.Exit(weaviatetest.Main(m)).
func Main(m *testing.M) int {
	code := m.Run()
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.node != nil {
		shared.node.Stop()
		if code != 0 {
			fmt.Fprintf(os.Stderr, "weaviatetest: the shared node's log is in %s\n", shared.dir)
		} else {
			os.RemoveAll(shared.dir)
		}
	}
	return code
}

// Binary returns the server binary, or skips t (fails it under CI=true)
// saying how to build it.
func Binary(t testing.TB) string {
	t.Helper()
	bin, err := FindBinary()
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%v (CI=true: a missing server fails instead of skipping)", err)
		}
		t.Skipf("skipping: %v", err)
	}
	return bin
}

// Shared returns the package's node, starting it on first use. The package
// must run its tests through Main so that the node is stopped.
func Shared(t testing.TB) *Node {
	t.Helper()
	bin := Binary(t)
	shared.mu.Lock()
	defer shared.mu.Unlock()
	if shared.node == nil && shared.err == nil {
		shared.dir, shared.err = os.MkdirTemp("", "gtrag-weaviate-")
		if shared.err == nil {
			shared.node, shared.err = Start(context.Background(), bin, shared.dir)
		}
	}
	if shared.err != nil {
		t.Fatalf("start the shared Weaviate node: %v", shared.err)
	}
	if !shared.node.Running() {
		t.Fatalf("the shared Weaviate node has exited; log:\n%s", shared.node.Log(4000))
	}
	return shared.node
}

// Cluster starts count nodes for t alone and stops them when t ends.
func Cluster(t testing.TB, count int) []*Node {
	t.Helper()
	bin := Binary(t)
	dir := t.TempDir()
	nodes, err := StartCluster(context.Background(), bin, dir, count)
	if err != nil {
		t.Fatalf("start a %d-node Weaviate cluster: %v", count, err)
	}
	t.Cleanup(func() {
		for _, n := range nodes {
			n.Stop()
		}
		if t.Failed() {
			for _, n := range nodes {
				t.Logf("log of weaviate %s:\n%s", n.Name, n.Log(3000))
			}
		}
	})
	return nodes
}

var collections atomic.Int64

// Collection returns a collection name no other test of the process uses:
// "Test" followed by the test's name reduced to letters and digits and a
// counter. Weaviate class names start with a capital letter and hold only
// letters, digits and underscores.
func Collection(t testing.TB) string {
	var b strings.Builder
	b.WriteString("Test")
	for _, r := range t.Name() {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) && b.Len() < 60 {
			b.WriteRune(r)
		}
	}
	return fmt.Sprintf("%s_%d", b.String(), collections.Add(1))
}
