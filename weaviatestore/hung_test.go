package weaviatestore

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A server that takes requests and never answers (a Weaviate stopped with
// SIGSTOP, a hung proxy): opening a store against it stops when the
// caller's context ends. The client asks the server's version as it is
// made, with context.Background(), which held Ctrl-C for a minute.
func TestOpenStopsWithItsContextOnAHungServer(t *testing.T) {
	cfg, err := ParseURL("weaviate://"+hungServer(t)+"/Hung", "")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = OpenExisting(ctx, cfg, nil)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Less(t, time.Since(start), 5*time.Second)
}

// A URL that reaches another server (an arXiv API's Atom page) is said in
// one short line, not with its whole page.
func TestAnotherServersPageIsQuotedShort(t *testing.T) {
	page := "<?xml version=\"1.0\"?>\n<feed>\n" + strings.Repeat("<entry>an Atom entry</entry>\n", 200) + "</feed>"
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = w.Write([]byte(page))
	}))
	t.Cleanup(other.Close)
	cfg, err := ParseURL("weaviate://"+strings.TrimPrefix(other.URL, "http://")+"/Audit", "")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = OpenExisting(ctx, cfg, nil)
	require.Error(t, err)
	require.NotContains(t, err.Error(), "\n")
	require.Less(t, len(err.Error()), 600, err.Error())
}

// The URL's timeout bounds each request, so a hung server holds a command
// for seconds, not the default minute per request, whatever the caller's
// context.
func TestTimeoutParameterBoundsAHungServer(t *testing.T) {
	cfg, err := ParseURL("weaviate://"+hungServer(t)+"/Hung?timeout=1s", "")
	require.NoError(t, err)
	start := time.Now()
	_, err = OpenExisting(context.Background(), cfg, nil)
	require.Error(t, err)
	t.Logf("gave up after %v: %v", time.Since(start), err)
	require.Less(t, time.Since(start), 20*time.Second)
}

// hungServer starts a server that takes requests and never answers them
// until the test ends, and returns its HOST:PORT.
func hungServer(t *testing.T) string {
	t.Helper()
	release := make(chan struct{})
	hung := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(func() {
		close(release)
		hung.Close()
	})
	return strings.TrimPrefix(hung.URL, "http://")
}
