package main

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	collectortrace "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	tracepb "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
)

// otlpReceiver is an OTLP/HTTP traces endpoint in the test: it decodes
// each export request as a collector would.
type otlpReceiver struct {
	*httptest.Server
	mu    sync.Mutex
	spans []*tracepb.Span
	raw   [][]byte
	paths []string
}

func newOTLPReceiver(t *testing.T) *otlpReceiver {
	r := &otlpReceiver{}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		var body io.Reader = req.Body
		if req.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(req.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			body = zr
		}
		b, err := io.ReadAll(body)
		if err != nil || req.Header.Get("Content-Type") != "application/x-protobuf" {
			http.Error(w, "want a protobuf body", http.StatusBadRequest)
			return
		}
		var msg collectortrace.ExportTraceServiceRequest
		if err := proto.Unmarshal(b, &msg); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		r.mu.Lock()
		r.raw = append(r.raw, b)
		r.paths = append(r.paths, req.URL.Path)
		for _, rs := range msg.ResourceSpans {
			for _, ss := range rs.ScopeSpans {
				r.spans = append(r.spans, ss.Spans...)
			}
		}
		r.mu.Unlock()
		out, _ := proto.Marshal(&collectortrace.ExportTraceServiceResponse{})
		w.Header().Set("Content-Type", "application/x-protobuf")
		w.Write(out)
	}))
	t.Cleanup(r.Close)
	return r
}

func attr(s *tracepb.Span, key string) string {
	for _, kv := range s.Attributes {
		if kv.Key == key {
			switch v := kv.Value.Value.(type) {
			case *commonpb.AnyValue_StringValue:
				return v.StringValue
			case *commonpb.AnyValue_IntValue:
				return strconv.FormatInt(v.IntValue, 10)
			case *commonpb.AnyValue_ArrayValue:
				var parts []string
				for _, x := range v.ArrayValue.Values {
					parts = append(parts, x.GetStringValue())
				}
				return strings.Join(parts, ",")
			}
		}
	}
	return ""
}

// A run with the arXiv loop exported as spans: the run, a child per step
// and a grandchild per operation, with percept, state changes and routing
// decisions as attributes, and no secret anywhere.
func TestAskExportsOTLPSpans(t *testing.T) {
	rcv := newOTLPReceiver(t)
	env := stepEnv(t)
	const secret = "sk-testsecret1234567890abcdef"
	env["OPENAI_API_KEY"] = secret
	r := gtrag(t, env, "ask", "--otlp-endpoint", rcv.URL, "--max-results", "3", traceQuestion)
	require.Equal(t, 0, r.code, r.stderr)

	rcv.mu.Lock()
	defer rcv.mu.Unlock()
	require.NotEmpty(t, rcv.spans)
	require.Equal(t, "/v1/traces", rcv.paths[0], "a base URL gains the traces path")
	for _, b := range rcv.raw {
		require.NotContains(t, string(b), secret)
	}

	var run *tracepb.Span
	byID := map[string]*tracepb.Span{}
	for _, s := range rcv.spans {
		byID[string(s.SpanId)] = s
		if s.Name == "gtrag.run" {
			run = s
		}
	}
	require.NotNil(t, run)
	require.Equal(t, traceQuestion, attr(run, "gtrag.question"))
	require.Equal(t, "completed", attr(run, "gtrag.outcome"))
	path := strings.Split(attr(run, "gtrag.path"), ",")
	require.Contains(t, path, nodes.SearchArxiv)

	var steps []*tracepb.Span
	ops := map[string][]*tracepb.Span{}
	for _, s := range rcv.spans {
		require.Equal(t, run.TraceId, s.TraceId, "one trace per run")
		switch parent := byID[string(s.ParentSpanId)]; {
		case s == run:
		case parent == run && attr(s, "gtrag.node") != "":
			steps = append(steps, s)
		case parent != nil && parent != run:
			ops[parent.Name] = append(ops[parent.Name], s)
		}
	}
	require.Len(t, steps, len(path), "a span per step")
	for _, s := range steps {
		require.GreaterOrEqual(t, s.EndTimeUnixNano, s.StartTimeUnixNano)
		require.NotEmpty(t, attr(s, "gtrag.reasoning"), s.Name)
	}
	var check, search *tracepb.Span
	for _, s := range steps {
		if s.Name == nodes.CheckRelevance && check == nil {
			check = s
		}
		if s.Name == nodes.SearchArxiv {
			search = s
		}
	}
	require.Equal(t, "not_relevant", attr(check, "gtrag.route.key"))
	require.Equal(t, nodes.SearchArxiv, attr(check, "gtrag.route.next"))
	require.NotEmpty(t, attr(check, "gtrag.route.reason"))
	require.Contains(t, attr(check, "gtrag.percept.user_query"), "bidders")
	require.NotEmpty(t, attr(search, "gtrag.state.arxiv_papers.after"))

	require.NotEmpty(t, ops[nodes.SearchArxiv])
	var arx *tracepb.Span
	for _, o := range ops[nodes.SearchArxiv] {
		if o.Name == "arxiv.search" {
			arx = o
		}
	}
	require.NotNil(t, arx, "the arXiv search is an operation span under search_arxiv")
	require.Contains(t, attr(arx, "gtrag.op.params"), `"query"`)
	require.Contains(t, attr(arx, "gtrag.op.result"), auctionPaper.ID)
}

// The standard variable works too, and a collector that is down costs the
// spans, not the answer.
func TestAskOTLPFromEnvironmentAndCollectorDown(t *testing.T) {
	rcv := newOTLPReceiver(t)
	env := testEnv(t)
	env["OTEL_EXPORTER_OTLP_ENDPOINT"] = rcv.URL
	r := gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	rcv.mu.Lock()
	n := len(rcv.spans)
	rcv.mu.Unlock()
	require.Positive(t, n)

	env["OTEL_EXPORTER_OTLP_ENDPOINT"] = "http://127.0.0.1:1"
	r = gtrag(t, env, "ask", "What is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	require.NotEmpty(t, r.stdout)
	require.Contains(t, r.stderr, "could not send the run's spans to http://127.0.0.1:1/v1/traces")

	// With --json the note is in the object's notices, and stderr empty.
	r = gtrag(t, env, "ask", "--json", "What is a Nash equilibrium?")
	require.Equal(t, 0, r.code, r.stderr)
	require.Empty(t, r.stderr)
	var res service.Result
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &res))
	require.True(t, slices.ContainsFunc(res.Notices, func(n string) bool {
		return strings.HasPrefix(n, "could not send the run's spans to http://127.0.0.1:1/v1/traces")
	}), "notices: %q", res.Notices)

	// A malformed endpoint is one line naming what set it, as typed.
	bad := gtrag(t, env, "ask", "--otlp-endpoint", "localhost:4318", "What is a Nash equilibrium?")
	require.Equal(t, exitUsage, bad.code)
	require.Equal(t, "gtrag: --otlp-endpoint \"localhost:4318\" is not an http(s) URL\n", bad.stderr)
	for _, name := range []string{"OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"} {
		env := testEnv(t)
		env[name] = "bogus"
		bad := gtrag(t, env, "ask", "What is a Nash equilibrium?")
		require.Equal(t, exitUsage, bad.code)
		require.Equal(t, "gtrag: "+name+" \"bogus\" is not an http(s) URL\n", bad.stderr)
		require.Empty(t, bad.stdout)
	}
}
