package mcpserver

import (
	"context"
	"encoding/json"
	"errors"
	"github.com/stretchr/testify/require"
	"net"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/service"
)

// fixture is a server over a fresh, primer-seeded store, an offline LLM and
// the fake arXiv, with a connected client session.
type fixture struct {
	svc     *service.Service
	arxiv   *arxivtest.Server
	session *mcp.ClientSession
}

func newFixture(t *testing.T, delay time.Duration, papers ...arxiv.Paper) *fixture {
	t.Helper()
	ctx := context.Background()
	srv := arxivtest.New(t, papers)
	svc, err := service.Open(ctx, service.Config{
		DataDir: t.TempDir(), LLM: "offline", Embedder: "offline",
		Arxiv: service.ArxivConfig{URL: srv.URL, Delay: delay, Backoff: time.Millisecond, MaxAttempts: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { svc.Close() })
	return &fixture{svc: svc, arxiv: srv, session: connect(t, New(svc, Options{Version: "test"}))}
}

func connect(t *testing.T, s *Server) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	serverT, clientT := mcp.NewInMemoryTransports()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx, serverT) }()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		<-done
	})
	return cs
}

// call calls a tool and decodes its structured result into out; it fails
// the test on a protocol error and returns the tool error's text, if any.
func (f *fixture) call(t *testing.T, ctx context.Context, tool string, args any, out any) string {
	t.Helper()
	res, err := f.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", tool, err)
	}
	if res.IsError {
		if len(res.Content) != 1 {
			t.Fatalf("%s: a tool error with %d contents", tool, len(res.Content))
		}
		return res.Content[0].(*mcp.TextContent).Text
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, out); err != nil {
		t.Fatalf("%s: decode %s: %v", tool, raw, err)
	}
	return ""
}

func mustCall(t *testing.T, f *fixture, tool string, args, out any) {
	t.Helper()
	if msg := f.call(t, context.Background(), tool, args, out); msg != "" {
		t.Fatalf("%s: tool error: %s", tool, msg)
	}
}

func TestListToolsHaveSchemas(t *testing.T) {
	f := newFixture(t, -1)
	res, err := f.session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"ask": true, "search": true, "ingest_ids": true, "ingest_query": true, "list_papers": true, "get_paper": true, "stats": true}
	for _, tool := range res.Tools {
		if !want[tool.Name] {
			t.Errorf("unexpected tool %q", tool.Name)
		}
		delete(want, tool.Name)
		if tool.Description == "" || tool.InputSchema == nil || tool.OutputSchema == nil {
			t.Errorf("%s: description, input or output schema missing", tool.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("tools missing: %v", want)
	}
	in, _ := json.Marshal(res.Tools[0].InputSchema)
	if res.Tools[0].Name == "ask" && !strings.Contains(string(in), `"required":["question"]`) {
		t.Errorf("ask's input schema does not require the question: %s", in)
	}
}

func TestAskOffline(t *testing.T) {
	f := newFixture(t, -1)
	var got AskResult
	mustCall(t, f, "ask", map[string]any{"question": "What is a Nash equilibrium?"}, &got)
	if got.Answer == "" || len(got.Sources) == 0 || len(got.Path) == 0 {
		t.Fatalf("ask gave no answer, sources or path: %+v", got)
	}
	if got.Sources[0].PaperID == "" || got.Sources[0].ChunkID == "" {
		t.Errorf("a source without paper or chunk id: %+v", got.Sources[0])
	}
	if got.LLM != "offline" {
		t.Errorf("llm = %q, want offline", got.LLM)
	}
}

func TestSearch(t *testing.T) {
	f := newFixture(t, -1)
	var got SearchResult
	mustCall(t, f, "search", map[string]any{"query": "  prisoner's   dilemma ", "k": 2}, &got)
	if got.Query != "prisoner's dilemma" {
		t.Errorf("query = %q, want the white space collapsed", got.Query)
	}
	if len(got.Results) != 2 {
		t.Fatalf("%d results, want 2", len(got.Results))
	}
	for _, p := range got.Results {
		if p.ChunkID == "" || p.PaperID == "" || p.Content == "" {
			t.Errorf("an incomplete passage: %+v", p)
		}
	}
	if got.Results[0].Score < got.Results[1].Score {
		t.Errorf("results not best first: %v < %v", got.Results[0].Score, got.Results[1].Score)
	}

	// A query with no indexed word is a tool error, as for gtrag search,
	// not the store's first passages at similarity 0.
	var none SearchResult
	msg := f.call(t, context.Background(), "search", map[string]any{"query": "the of"}, &none)
	if !strings.Contains(msg, `query "the of" has no word to search with`) {
		t.Errorf("search for %q: tool error %q, results %v", "the of", msg, none.Results)
	}
}

// With rerank the search tool lists what ask starts from: for
// "second-price auction" the store alone ranks the primer's first-price
// entry first (it shares "price" and "auction"), while ask, and the tool
// with rerank, rank the Vickrey entry first.
func TestSearchRanksAsAsk(t *testing.T) {
	f := newFixture(t, -1)
	const q = "second-price auction"
	var ask AskResult
	mustCall(t, f, "ask", map[string]any{"question": q}, &ask)
	var ranked, raw SearchResult
	mustCall(t, f, "search", map[string]any{"query": q, "k": 3, "rerank": true}, &ranked)
	mustCall(t, f, "search", map[string]any{"query": q, "k": 3}, &raw)
	if len(ask.Sources) == 0 || len(ranked.Results) == 0 || len(raw.Results) == 0 {
		t.Fatalf("ask cited %d, search found %d, raw %d", len(ask.Sources), len(ranked.Results), len(raw.Results))
	}
	if got, want := ranked.Results[0].ChunkID, ask.Sources[0].ChunkID; got != want {
		t.Errorf("search's first passage %s, ask's first source %s", got, want)
	}
	if got := ranked.Results[0].PaperID; got != "primer:second-price-vickrey-auction" {
		t.Errorf("search's first paper %s, want the Vickrey entry", got)
	}
	if raw.Results[0].ChunkID == ranked.Results[0].ChunkID {
		t.Errorf("raw and ranked both put %s first: the case no longer shows the re-ranking", raw.Results[0].ChunkID)
	}
	if !strings.Contains(ranked.Ranking, "ranked by focus on") || !strings.Contains(raw.Ranking, "the store's order") {
		t.Errorf("ranking %q, raw ranking %q", ranked.Ranking, raw.Ranking)
	}
}

func TestPapersAndResources(t *testing.T) {
	f := newFixture(t, -1)
	var list ListPapersResult
	mustCall(t, f, "list_papers", map[string]any{"limit": 2}, &list)
	if list.Total < 3 || len(list.Papers) != 2 {
		t.Fatalf("list_papers: total %d, page %d; want a seeded store and a page of 2", list.Total, len(list.Papers))
	}
	var next ListPapersResult
	mustCall(t, f, "list_papers", map[string]any{"offset": 1, "limit": 1}, &next)
	if next.Papers[0].ID != list.Papers[1].ID {
		t.Errorf("offset 1 gave %s, want %s", next.Papers[0].ID, list.Papers[1].ID)
	}
	first := list.Papers[0]
	if first.Title == "" {
		t.Errorf("%s has no title", first.ID)
	}

	var p service.Paper
	mustCall(t, f, "get_paper", map[string]any{"id": first.ID}, &p)
	if p.ID != first.ID || p.Title != first.Title || p.Summary == "" || p.Chunks < 1 {
		t.Errorf("get_paper %s = %+v", first.ID, p)
	}
	if strings.Contains(p.Summary, "Title:") {
		t.Errorf("the abstract keeps the chunk's title line: %q", p.Summary)
	}

	res, err := f.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: first.URI})
	if err != nil {
		t.Fatal(err)
	}
	text := res.Contents[0].Text
	if !strings.Contains(text, p.Title) || !strings.Contains(text, p.Summary) {
		t.Errorf("resource %s lacks the title or abstract:\n%s", first.URI, text)
	}
	_, err = f.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: PaperURI("9999.99999")})
	if err == nil {
		t.Error("reading a paper that is not stored succeeded")
	}
}

func TestIngestIDsAndQuery(t *testing.T) {
	papers := arxivtest.Papers(0, 4)
	f := newFixture(t, -1, papers...)
	before := f.svc.Store().Count()

	var rep IngestResult
	mustCall(t, f, "ingest_ids", map[string]any{"ids": []string{papers[0].ID, papers[1].ID, "2912.99999"}}, &rep)
	if judged := append(slices.Clone(rep.Kept), rep.Rejected...); rep.Fetched != 2 || !slices.Equal(slices.Sorted(slices.Values(judged)), slices.Sorted(slices.Values([]string{papers[0].ID, papers[1].ID}))) {
		t.Errorf("ingest_ids: %+v; want both ids fetched and judged", rep.Listing)
	}
	if !slices.Equal(rep.NotFound, []string{"2912.99999"}) {
		t.Errorf("not_found %q, want the unknown id", rep.NotFound)
	}
	if len(rep.Kept) > 0 && f.svc.Store().Count() <= before {
		t.Errorf("kept %q but the store did not grow (%d)", rep.Kept, before)
	}
	if !strings.Contains(strings.Join(rep.Notices, "\n"), "2912.99999") {
		t.Errorf("no notice of the unknown id: %q", rep.Notices)
	}
	if slices.Contains(rep.Kept, papers[0].ID) {
		var p service.Paper
		mustCall(t, f, "get_paper", map[string]any{"id": papers[0].ID}, &p)
		if p.Title != strings.Join(strings.Fields(papers[0].Title), " ") {
			t.Errorf("get_paper after ingest: title %q, want %q", p.Title, papers[0].Title)
		}
		// An id without its version names the version stored.
		var bare service.Paper
		mustCall(t, f, "get_paper", map[string]any{"id": strings.TrimSuffix(papers[0].ID, "v1")}, &bare)
		if bare.ID != papers[0].ID {
			t.Errorf("get_paper %s gave %s, want %s", strings.TrimSuffix(papers[0].ID, "v1"), bare.ID, papers[0].ID)
		}
		if p.Chunks < 2 {
			t.Errorf("%s has %d chunk: the test wants an abstract split in several", p.ID, p.Chunks)
		}
		// The abstract is put back together from overlapping chunks.
		if want := strings.Join(strings.Fields(papers[0].Summary), " "); p.Summary != want {
			t.Errorf("get_paper after ingest (%d chunks): abstract\n%q\nwant\n%q", p.Chunks, p.Summary, want)
		}
	}

	var q IngestResult
	mustCall(t, f, "ingest_query", map[string]any{"query": "cat:cs.GT", "max": 10}, &q)
	if q.Fetched == 0 || q.ArxivRequests == 0 {
		t.Errorf("ingest_query fetched nothing: %+v", q.Listing)
	}
	// An old-style id has a slash, escaped in its resource URI.
	if old := papers[3].ID; f.svc.Store().HasPaper(old) {
		res, err := f.session.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: PaperURI(old)})
		if err != nil {
			t.Fatalf("read %s: %v", PaperURI(old), err)
		}
		if !strings.Contains(res.Contents[0].Text, old) {
			t.Errorf("resource %s does not name %s:\n%s", PaperURI(old), old, res.Contents[0].Text)
		}
	} else {
		t.Errorf("%s was not ingested; the old-style resource is untested", old)
	}
	if q.StoreCount == nil || *q.StoreCount != f.svc.Store().Count() {
		t.Errorf("store_count %v, store holds %d", q.StoreCount, f.svc.Store().Count())
	}
}

func TestToolErrors(t *testing.T) {
	f := newFixture(t, -1)
	long := strings.Repeat("a", MaxQuestionBytes+1)
	cases := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"ask", map[string]any{"question": "   "}, "the question is empty"},
		{"ask", map[string]any{"question": long}, "the limit is 4096"},
		{"ask", map[string]any{"question": "nash\x00"}, "control character"},
		{"ask", map[string]any{"question": "tell me more"}, "asks for more of an earlier answer"},
		{"ask", map[string]any{"question": "go on"}, "the ask tool keeps no conversation"},
		{"ask", map[string]any{"question": "why?"}, "follows up on an earlier question"},
		{"ask", map[string]any{"question": "and in the repeated version?"}, "ask the whole question"},
		{"ask", map[string]any{"question": "nash", "k": 101}, "k 101: want 1 to 100"},
		{"ask", map[string]any{"question": "nash", "max_results": -1}, "max_results -1"},
		{"ask", map[string]any{"question": "nash", "router": "llm"}, "router llm needs an LLM, and this server is offline"},
		{"ask", map[string]any{"question": "nash", "router": "coin"}, `router "coin": want rules or llm`},
		{"search", map[string]any{"query": ""}, "the query is empty"},
		{"search", map[string]any{"query": "nash", "k": 1000}, "k 1000"},
		{"ingest_ids", map[string]any{"ids": []string{"not an id"}}, "not an id"},
		{"ingest_ids", map[string]any{"ids": []string{"2401.00001", "2413.01234"}}, `arXiv id "2413.01234": month 13 does not exist`},
		{"ingest_ids", map[string]any{"ids": []string{}}, "no arXiv ids"},
		{"ingest_ids", map[string]any{"ids": make([]string, MaxIngestIDs+1)}, "at most 200"},
		{"ingest_query", map[string]any{"query": "cat:cs.GT", "max": 201}, "max 201: want 1 to 200"},
		{"ingest_query", map[string]any{"query": "cat:cs.GT", "sort": "random"}, "random"},
		{"ingest_query", map[string]any{"query": " "}, "the query is empty"},
		{"list_papers", map[string]any{"limit": 1001}, "limit 1001"},
		{"list_papers", map[string]any{"offset": -1}, "offset -1"},
		{"get_paper", map[string]any{"id": "2101.99999"}, "not in the knowledge base"},
		{"get_paper", map[string]any{"id": "arXiv:2413.01234"}, `arXiv id "arXiv:2413.01234": month 13 does not exist, so the paper is not in the knowledge base`},
		{"get_paper", map[string]any{"id": ""}, "the paper id is empty"},
	}
	for _, c := range cases {
		var out any
		msg := f.call(t, context.Background(), c.tool, c.args, &out)
		if !strings.Contains(msg, c.want) {
			t.Errorf("%s %v: tool error %q, want it to say %q", c.tool, c.args, msg, c.want)
		}
		if strings.Contains(msg, "\n") {
			t.Errorf("%s: the error is not one line: %q", c.tool, msg)
		}
	}
	// A missing required argument is refused by the schema, not the handler.
	var out any
	if msg := f.call(t, context.Background(), "ask", map[string]any{}, &out); msg == "" {
		t.Error("ask without a question succeeded")
	}
	// The server is still serving.
	var st StatsResult
	mustCall(t, f, "stats", map[string]any{}, &st)
	if st.Chunks == 0 || st.Papers == 0 || st.LLM != "offline" || st.Embedder == "" {
		t.Errorf("stats = %+v", st)
	}
}

func TestArxivFailureIsAToolError(t *testing.T) {
	f := newFixture(t, -1, arxivtest.Papers(0, 2)...)
	f.arxiv.SetFault(func(arxivtest.Request) *arxivtest.Reply { return &arxivtest.Reply{Status: 503} })
	var out any
	msg := f.call(t, context.Background(), "ingest_query", map[string]any{"query": "cat:cs.GT", "max": 5}, &out)
	if msg == "" || strings.Contains(msg, "\n") {
		t.Fatalf("a failing arXiv gave %q, want one line of tool error", msg)
	}
}

// A cancelled call stops the ingest at once: its arXiv request is
// abandoned (else the client's one connection would stay taken and the
// next call would wait for it), the store stays usable, the session goes on.
func TestCancelStopsIngest(t *testing.T) {
	papers := arxivtest.Papers(0, 30)
	f := newFixture(t, -1, papers...)
	arrived := make(chan struct{}, 100)
	f.arxiv.OnRequest(func(arxivtest.Request) { arrived <- struct{}{} })
	f.arxiv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if r.N == 1 {
			return &arxivtest.Reply{Stall: true}
		}
		return nil
	})

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := f.session.CallTool(ctx, &mcp.CallToolParams{Name: "ingest_query", Arguments: map[string]any{"query": "cat:cs.GT", "max": 30}})
		done <- err
	}()
	<-arrived
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the cancelled call returned %v", err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel2()
	var rep IngestResult
	if msg := f.call(t, ctx2, "ingest_ids", map[string]any{"ids": []string{papers[0].ID}}, &rep); msg != "" {
		t.Fatalf("the call after a cancelled one failed: %s", msg)
	}
	if rep.Fetched != 1 || rep.StoreCount == nil || *rep.StoreCount != f.svc.Store().Count() {
		t.Errorf("after the cancel: %+v, store %d", rep.Listing, f.svc.Store().Count())
	}
}

// Calls at once are safe, and the arXiv pacing holds across them: one
// client for every call.
func TestConcurrentCallsSharePacing(t *testing.T) {
	papers := arxivtest.Papers(0, 6)
	const delay = 150 * time.Millisecond
	f := newFixture(t, delay, papers...)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 3 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			var rep IngestResult
			if msg := f.call(t, context.Background(), "ingest_ids", map[string]any{"ids": []string{papers[2*i].ID, papers[2*i+1].ID}}, &rep); msg != "" {
				errs <- errors.New(msg)
			}
		}()
		go func() {
			defer wg.Done()
			var got SearchResult
			if msg := f.call(t, context.Background(), "search", map[string]any{"query": "equilibrium"}, &got); msg != "" {
				errs <- errors.New(msg)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	reqs := f.arxiv.Requests()
	if len(reqs) != 3 {
		t.Fatalf("%d arXiv requests, want 3", len(reqs))
	}
	// The times are the test server's, taken when its handler runs, so
	// they carry the scheduling delay of each request on its way in: on a
	// loaded two-core machine two requests the client sent 150 ms apart
	// were stamped 121 ms apart. Unpaced, concurrent calls arrive within a
	// few milliseconds, which a third of the pacing still tells apart.
	const jitter = delay / 3
	for i := 1; i < len(reqs); i++ {
		if gap := reqs[i].At.Sub(reqs[i-1].At); gap < delay-jitter {
			t.Errorf("requests %d and %d were %v apart; the pacing is %v", i-1, i, gap, delay)
		}
	}
}

// With arXiv unreachable, ask answers from the store at once and says why,
// as `gtrag ask` at a terminal does, instead of retrying for a minute.
func TestAskWithArxivDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + ln.Addr().String() + "/api/query"
	ln.Close()
	svc, err := service.Open(context.Background(), service.Config{
		DataDir: t.TempDir(), LLM: "offline", Embedder: "offline",
		Arxiv: service.ArxivConfig{URL: dead, Delay: -1, Backoff: 5 * time.Second, MaxAttempts: 5},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	f := &fixture{svc: svc, session: connect(t, New(svc, Options{}))}
	start := time.Now()
	var got AskResult
	mustCall(t, f, "ask", map[string]any{"question": "How do miners bid in equilibrium of blockchain transaction fee auctions?"}, &got)
	if took := time.Since(start); took > 4*time.Second {
		t.Errorf("ask took %v with arXiv refusing connections; it retried", took)
	}
	if !slices.Contains(got.Path, nodes.SearchArxiv) {
		t.Fatalf("the run did not search arXiv (path %v): the test needs a question the primer lacks", got.Path)
	}
	if !strings.Contains(strings.Join(got.Notices, "\n"), "refused the connection") {
		t.Errorf("no notice says arXiv refused the connection: %q (outcome %s)", got.Notices, got.Outcome)
	}
	if got.Outcome != nodes.OutcomeArxivUnavailable {
		t.Errorf("outcome %s with arXiv refusing connections, want %s", got.Outcome, nodes.OutcomeArxivUnavailable)
	}
	if abstains := strings.HasPrefix(got.Answer, "I found nothing") || strings.HasPrefix(got.Answer, "No source in the knowledge base mentions"); got.Abstained != abstains {
		t.Errorf("abstained %v for an answer that abstains: %v (%q)", got.Abstained, abstains, got.Answer)
	}
}

// A client that sends a progress token hears an ingest's progress, rising,
// up to the papers committed.
func TestIngestProgress(t *testing.T) {
	papers := arxivtest.Papers(0, 12)
	srv := arxivtest.New(t, papers)
	svc, err := service.Open(context.Background(), service.Config{
		DataDir: t.TempDir(), LLM: "offline", Embedder: "offline",
		Arxiv: service.ArxivConfig{URL: srv.URL, Delay: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()

	var mu sync.Mutex
	var got []*mcp.ProgressNotificationParams
	ctx := context.Background()
	serverT, clientT := mcp.NewInMemoryTransports()
	go New(svc, Options{}).Run(ctx, serverT)
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			mu.Lock()
			got = append(got, r.Params)
			mu.Unlock()
		},
	})
	cs, err := client.Connect(ctx, clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	params := &mcp.CallToolParams{Name: "ingest_query", Arguments: map[string]any{"query": "cat:cs.GT", "max": 12}}
	params.SetProgressToken("ingest-1")
	res, err := cs.CallTool(ctx, params)
	if err != nil || res.IsError {
		t.Fatalf("ingest_query: %v %v", err, res)
	}
	var rep IngestResult
	raw, _ := json.Marshal(res.StructuredContent)
	json.Unmarshal(raw, &rep)
	committed := float64(rep.Committed())

	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := len(got)
		done := n > 0 && got[n-1].Progress == committed
		mu.Unlock()
		if done || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) == 0 {
		t.Fatal("no progress notification")
	}
	for i, p := range got {
		if p.ProgressToken != "ingest-1" {
			t.Errorf("notification %d has token %v", i, p.ProgressToken)
		}
		if i > 0 && p.Progress <= got[i-1].Progress {
			t.Errorf("progress went from %v to %v", got[i-1].Progress, p.Progress)
		}
	}
	if last := got[len(got)-1]; last.Progress != committed || last.Total != 12 || last.Message == "" {
		t.Errorf("last notification %+v; want progress %v of 12 with a message", last, committed)
	}
}

// A cancelled ask stops its run at the arXiv search it was waiting on: the
// next call gets the arXiv client at once (the ask's budget, 20 s, would
// otherwise hold it), and the store is as it was.
func TestCancelStopsAsk(t *testing.T) {
	papers := arxivtest.Papers(0, 3)
	f := newFixture(t, -1, papers...)
	arrived := make(chan struct{}, 100)
	f.arxiv.OnRequest(func(arxivtest.Request) { arrived <- struct{}{} })
	f.arxiv.SetFault(func(r arxivtest.Request) *arxivtest.Reply {
		if r.N == 1 {
			return &arxivtest.Reply{Stall: true}
		}
		return nil
	})
	before := f.svc.Store().Count()

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := f.session.CallTool(ctx, &mcp.CallToolParams{Name: "ask", Arguments: map[string]any{
			"question": "How do miners bid in equilibrium of blockchain transaction fee auctions?"}})
		done <- err
	}()
	select {
	case <-arrived:
	case <-time.After(10 * time.Second):
		t.Fatal("the ask never searched arXiv: the test needs a question the primer lacks")
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("the cancelled call returned %v", err)
	}
	if n := f.svc.Store().Count(); n != before {
		t.Errorf("the store went from %d to %d chunks", before, n)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel2()
	var rep IngestResult
	if msg := f.call(t, ctx2, "ingest_ids", map[string]any{"ids": []string{papers[0].ID}}, &rep); msg != "" {
		t.Fatalf("the call after a cancelled ask failed: %s", msg)
	}
}

// stubRouter is a decision agent that takes the first route it is offered
// and counts its decisions.
type stubRouter struct{ decisions atomic.Int64 }

func (r *stubRouter) ChooseRoute(_ context.Context, t reasoner.TreeData) (reasoner.Choice, error) {
	r.decisions.Add(1)
	return reasoner.Choice{Route: t.Routes[0].Key, Message: "the stub takes the first route"}, nil
}

// ask's router option reaches the workflow: with router llm the server's
// decision agent decides at the branches, and without it the rules do.
func TestAskRouter(t *testing.T) {
	ctx := context.Background()
	cfg := service.Config{DataDir: t.TempDir(), LLM: "offline", Embedder: "offline"}
	db, err := service.OpenStore(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := service.OpenReasoners(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	router := &stubRouter{}
	rs.Router, rs.Name = router, "stub"
	svc := service.New(db, rs, service.NewArxivClient(service.ArxivConfig{URL: arxivtest.New(t, nil).URL, Delay: -1}))
	t.Cleanup(func() { svc.Close() })
	f := &fixture{svc: svc, session: connect(t, New(svc, Options{Version: "test"}))}

	var got AskResult
	mustCall(t, f, "ask", map[string]any{"question": "What is a Nash equilibrium?"}, &got)
	if n := router.decisions.Load(); n != 0 {
		t.Fatalf("the rules route by default, but the agent decided %d times", n)
	}
	mustCall(t, f, "ask", map[string]any{"question": "What is a Nash equilibrium?", "router": "llm"}, &got)
	if router.decisions.Load() == 0 {
		t.Fatal("router llm: the decision agent was never asked")
	}
	if got.Answer == "" || len(got.Path) == 0 {
		t.Fatalf("router llm: no answer or path: %+v", got)
	}
}

// Ending Run (an interrupt, SIGTERM) ends the calls in flight: the SDK
// waits for them on closing the session and hides Run's cancellation from
// them, so a stalled arXiv request held the server until it gave up.
func TestRunEndsTheCallsInFlight(t *testing.T) {
	papers := arxivtest.Papers(0, 30)
	f := newFixture(t, -1, papers...)
	arrived := make(chan struct{}, 100)
	f.arxiv.OnRequest(func(arxivtest.Request) { arrived <- struct{}{} })
	f.arxiv.SetFault(func(arxivtest.Request) *arxivtest.Reply { return &arxivtest.Reply{Stall: true} })

	runCtx, stop := context.WithCancel(context.Background())
	defer stop()
	serverT, clientT := mcp.NewInMemoryTransports()
	ran := make(chan error, 1)
	go func() { ran <- New(f.svc, Options{Version: "test"}).Run(runCtx, serverT) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(context.Background(), clientT, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	called := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "ingest_query", Arguments: map[string]any{"query": "cat:cs.GT", "max": 30}})
		called <- err
	}()
	<-arrived
	stop()
	select {
	case err := <-ran:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Run returned %v, want an interrupt", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return while a call was in flight")
	}
	select {
	case <-called:
	case <-time.After(10 * time.Second):
		t.Fatal("the call in flight never returned")
	}
}

// The answer the ask tool returns passes through Options.Commands, with
// which `gtrag mcp` names its --data-dir in a suggested `gtrag ingest`
// (copied without it, the command filled another knowledge base).
func TestAskAnswerPassesThroughCommands(t *testing.T) {
	f := newFixture(t, -1)
	var plain AskResult
	mustCall(t, f, "ask", map[string]any{"question": "What is a Nash equilibrium?"}, &plain)
	f.session = connect(t, New(f.svc, Options{Version: "test", Commands: func(answer string) string {
		return "rewritten: " + answer
	}}))
	var got AskResult
	mustCall(t, f, "ask", map[string]any{"question": "What is a Nash equilibrium?"}, &got)
	require.NotEmpty(t, plain.Answer)
	require.Equal(t, "rewritten: "+plain.Answer, got.Answer)
}

// A call that adds papers tells the client that resources/list changed,
// as the initialize result's resources.listChanged promises; one that adds
// none does not.
func TestAddedPapersChangeTheResourceList(t *testing.T) {
	papers := arxivtest.Papers(0, 2)
	f := newFixture(t, -1, papers...)
	changed := make(chan struct{}, 10)
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{
		ResourceListChangedHandler: func(context.Context, *mcp.ResourceListChangedRequest) { changed <- struct{}{} },
	})
	serverT, clientT := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- New(f.svc, Options{Version: "test"}).Run(ctx, serverT) }()
	cs, err := client.Connect(ctx, clientT, nil)
	require.NoError(t, err)
	t.Cleanup(func() { cs.Close(); cancel(); <-done })
	require.True(t, cs.InitializeResult().Capabilities.Resources.ListChanged)

	call := func(args map[string]any) IngestResult {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "ingest_ids", Arguments: args})
		require.NoError(t, err)
		require.False(t, res.IsError, "%+v", res.Content)
		var rep IngestResult
		b, _ := json.Marshal(res.StructuredContent)
		require.NoError(t, json.Unmarshal(b, &rep))
		return rep
	}
	rep := call(map[string]any{"ids": []string{papers[0].ID, papers[1].ID}})
	require.NotEmpty(t, rep.Kept, "%+v", rep.Listing)
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("no notifications/resources/list_changed after papers were added")
	}

	rep = call(map[string]any{"ids": []string{papers[0].ID}}) // stored already
	require.Empty(t, rep.Kept)
	select {
	case <-changed:
		t.Fatal("notifications/resources/list_changed after a call that added nothing")
	case <-time.After(200 * time.Millisecond):
	}
}
