package otlp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A collector that answers with an error page: the export's error says its
// status on one line, without the page, where it quoted the whole of
// Python http.server's HTML.
func TestShutdownErrorOmitsAnHTMLBody(t *testing.T) {
	const page = "<!DOCTYPE HTML>\n<html lang=\"en\">\n    <head>\n        <title>Error response</title>\n    </head>\n" +
		"    <body>\n        <h1>Error response</h1>\n        <p>Error code: 501</p>\n    </body>\n</html>\n"
	for _, tc := range []struct{ name, contentType, body, want, not string }{
		{"html", "text/html", page, "501 Not Implemented (body: an HTML page, not shown)", "<"},
		{"plain text", "text/plain", "unsupported\n   content type\n", "501 Not Implemented (body: unsupported content type)", "\n"},
		{"long text", "text/plain", strings.Repeat("é", 500), "(body: " + strings.Repeat("é", maxBody/2) + "…)", strings.Repeat("é", maxBody/2+1)},
		{"binary", "application/x-protobuf", "\x08\x03\x12\x00\x00\x01", "(body: 6 bytes, not shown)", "\x00"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.contentType)
				w.WriteHeader(http.StatusNotImplemented)
				w.Write([]byte(tc.body))
			}))
			defer srv.Close()
			x, err := New(context.Background(), srv.URL+"/v1/traces")
			require.NoError(t, err)
			_, span := x.tracer.Start(context.Background(), "run")
			span.End()
			err = x.Shutdown(context.Background())
			require.Error(t, err)
			msg := err.Error()
			require.Contains(t, msg, tc.want)
			require.NotContains(t, msg, tc.not)
			require.NotContains(t, msg, "\n", "one line")
		})
	}
}

// A body found under an error of several (the retries' "%w: %w") is
// shortened too, and the result still unwraps to what it shortened.
func TestReadableFindsTheBodyUnderJoinedErrors(t *testing.T) {
	body := errors.New("body: <html>\n<body>Bad Gateway</body>\n</html>")
	err := fmt.Errorf("%w: %w", context.DeadlineExceeded, fmt.Errorf("retry-able request failure: %w", body))
	got := readable(err)
	require.Equal(t, "context deadline exceeded: retry-able request failure: body: an HTML page, not shown", got.Error())
	require.ErrorIs(t, got, context.DeadlineExceeded)
	require.ErrorIs(t, got, body)
}

// Errors without a quoted body are left as they are.
func TestReadableLeavesOtherErrors(t *testing.T) {
	err := errors.New("failed to send to http://127.0.0.1:1/v1/traces: connection refused")
	require.Same(t, err, readable(err))
	require.Nil(t, readable(nil))
}
