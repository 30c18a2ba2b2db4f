package service_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/data"
	"github.com/gtrag/gtrag/internal/arxivtest"
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/service"
	"github.com/gtrag/gtrag/trace"
	"github.com/gtrag/gtrag/vectordb"
)

// offline is a Config that needs no network but the test's arXiv server.
func offline(t *testing.T, arxivURL string) service.Config {
	return service.Config{
		DataDir:  filepath.Join(t.TempDir(), "kb"),
		LLM:      "offline",
		Embedder: "offline",
		Seed:     service.SeedNone,
		Arxiv:    service.ArxivConfig{URL: arxivURL, Delay: -1, MaxAttempts: 1},
	}
}

func openService(t *testing.T, cfg service.Config) *service.Service {
	t.Helper()
	svc, err := service.Open(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, svc.Close()) })
	return svc
}

// Several questions at once on one Service (as the MCP server asks them):
// each run counts only its own arXiv requests, and together they count all.
func TestAskConcurrent(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())
	svc := openService(t, offline(t, srv.URL))
	questions := []string{
		"How do bidders shade bids in first-price auctions?",
		"What is a Nash equilibrium in mixed strategies?",
		"Why does tit-for-tat cooperate in the repeated prisoner's dilemma?",
		"How do matching markets reach a stable matching?",
	}
	results := make([]service.Result, len(questions))
	errs := make([]error, len(questions))
	var wg sync.WaitGroup
	for i, q := range questions {
		wg.Go(func() { results[i], errs[i] = svc.Ask(context.Background(), q, service.AskOptions{}) })
	}
	wg.Wait()

	var sum int64
	for i, r := range results {
		require.NoError(t, errs[i])
		require.Equal(t, questions[i], r.Question)
		require.NotEmpty(t, r.Answer)
		// A question may find what another one added before it ran.
		if slices.Contains(r.Path, nodes.SearchArxiv) {
			require.Positive(t, r.ArxivRequests, "question %d searched arXiv", i)
		} else {
			require.Zero(t, r.ArxivRequests, "question %d did not search arXiv", i)
		}
		require.Equal(t, "offline", r.LLM)
		require.Equal(t, "offline", r.Embedder)
		sum += r.ArxivRequests
	}
	require.Positive(t, sum, "an empty store sends the first question to arXiv")
	require.Equal(t, svc.Arxiv().Requests(), sum)
	require.Equal(t, int64(len(srv.Requests())), sum)
}

// The defaults of AskOptions are those of `gtrag ask`, and a trace records
// them, with the run's own embedding calls.
func TestAskTrace(t *testing.T) {
	svc := openService(t, offline(t, "http://127.0.0.1:1/api/query"))
	var out bytes.Buffer
	rec := trace.New(trace.Options{Out: &out, LLM: svc.LLM()})
	q := "What is a Nash equilibrium?"
	_, err := svc.Ask(context.Background(), q, service.AskOptions{Trace: rec})
	require.NoError(t, err)

	evs, err := trace.ReadEvents(&out)
	require.NoError(t, err)
	require.True(t, trace.Complete(evs))
	_, set, err := trace.Start(evs)
	require.NoError(t, err)
	require.Equal(t, service.DefaultK, set.K)
	require.Equal(t, service.DefaultMaxResults, set.MaxResults)
	require.Equal(t, service.DefaultMaxSteps, set.MaxSteps)

	embeds := 0
	for _, ev := range evs {
		if ev.Type != trace.OperationStarted {
			continue
		}
		var op trace.OperationStartedData
		require.NoError(t, ev.Decode(&op))
		if op.Kind == trace.KindEmbed {
			embeds++
		}
	}
	require.Positive(t, embeds, "the store's query embeds the question in the run's trace")
}

// Traced runs at once on one Service each get their own trace: its own
// question, and the embedding of its own question, not the other's.
func TestAskTraceConcurrent(t *testing.T) {
	svc := openService(t, offline(t, "http://127.0.0.1:1/api/query"))
	questions := []string{"What is a Nash equilibrium?", "How does a second-price auction make bidding truthful?"}
	outs := make([]bytes.Buffer, len(questions))
	errs := make([]error, len(questions))
	var wg sync.WaitGroup
	for i, q := range questions {
		wg.Go(func() {
			rec := trace.New(trace.Options{Out: &outs[i], LLM: svc.LLM()})
			_, errs[i] = svc.Ask(context.Background(), q, service.AskOptions{Trace: rec})
		})
	}
	wg.Wait()
	for i, q := range questions {
		require.NoError(t, errs[i])
		evs, err := trace.ReadEvents(&outs[i])
		require.NoError(t, err)
		require.True(t, trace.Complete(evs))
		got, _, err := trace.Start(evs)
		require.NoError(t, err)
		require.Equal(t, q, got)
		own := 0
		for _, ev := range evs {
			if ev.Type != trace.OperationStarted {
				continue
			}
			var op trace.OperationStartedData
			require.NoError(t, ev.Decode(&op))
			if op.Kind != trace.KindEmbed {
				continue
			}
			var p trace.EmbedParams
			require.NoError(t, json.Unmarshal(op.Params, &p))
			// The store embeds a query as the question itself; the other
			// question, of another length, never shows up here.
			require.NotEqual(t, len(questions[1-i]), p.Chars, "trace %d recorded the other run's embedding", i)
			if p.Chars == len(q) {
				own++
			}
		}
		require.Positive(t, own, "trace %d recorded the embedding of its question", i)
	}
}

// askAndReplay asks question with a trace, then replays the recording. It
// returns both Results with what a replay cannot repeat (the time taken,
// the arXiv requests) zeroed, and the recording's player.
func askAndReplay(t *testing.T, svc *service.Service, question string) (live, replayed service.Result, p *trace.Player) {
	t.Helper()
	var out bytes.Buffer
	live, err := svc.Ask(context.Background(), question, service.AskOptions{Trace: trace.New(trace.Options{Out: &out, LLM: svc.LLM()})})
	require.NoError(t, err)
	evs, err := trace.ReadEvents(&out)
	require.NoError(t, err)
	p, err = trace.NewPlayer(evs)
	require.NoError(t, err)
	replayed, err = service.Replay(context.Background(), p)
	require.NoError(t, err)
	live.ElapsedMS, replayed.ElapsedMS = 0, 0
	live.ArxivRequests = 0 // a replay fetches nothing
	return live, replayed, p
}

// Replay gives the Result Ask gave, from the recording alone.
func TestReplay(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 5), arxivtest.MatchAll())
	live, replayed, _ := askAndReplay(t, openService(t, offline(t, srv.URL)), "How do auctions work?")
	require.Equal(t, live, replayed)
}

// A caveat answer cites the K passages and the runners-up, and its replay,
// built from the recorded settings, cites the same: a replay that kept the
// K only would answer from fewer passages.
func TestReplayOfACaveatAnswer(t *testing.T) {
	srv := arxivtest.New(t, arxivtest.Papers(0, 40), arxivtest.MatchAll())
	live, replayed, p := askAndReplay(t, openService(t, offline(t, srv.URL)), "Which auction type has the most volatile revenue for a seller?")
	require.Equal(t, nodes.OutcomeAnsweredWithCaveat, live.Outcome, "no passage says volatile")
	require.Len(t, live.Sources, service.DefaultK+nodes.DefaultRunnersUp)
	require.Equal(t, nodes.DefaultRunnersUp, p.Settings().RunnersUp)
	require.True(t, p.Settings().LaterBest, "the runners-up rule is recorded, for the replay to follow it")
	require.Equal(t, live, replayed)
}

// A new store starts with the primer, added once; SeedNone leaves it empty.
func TestSeed(t *testing.T) {
	primer, err := data.Primer()
	require.NoError(t, err)

	cfg := offline(t, "")
	cfg.Seed = service.SeedPrimer
	db, err := service.OpenStore(context.Background(), cfg)
	require.NoError(t, err)
	n := db.Count()
	for _, p := range primer {
		require.True(t, db.HasPaper(p.ID), p.ID)
	}
	require.Equal(t, len(primer), db.Info().Papers)
	require.NoError(t, db.Close())

	db, err = service.OpenStore(context.Background(), cfg)
	require.NoError(t, err)
	require.Equal(t, n, db.Count(), "reopening does not seed again")
	require.NoError(t, db.Close())

	empty := offline(t, "")
	db, err = service.OpenStore(context.Background(), empty)
	require.NoError(t, err)
	require.Zero(t, db.Count())
	require.NoError(t, db.Close())

	// The seed applies to a new store only: one made empty with SeedNone
	// stays empty when a command that names no seed opens it (a lesson's
	// `ask --seed none --step`, then `gtrag stats`).
	empty.Seed = ""
	db, err = service.OpenStore(context.Background(), empty)
	require.NoError(t, err)
	require.Zero(t, db.Count(), "an existing empty store is not seeded")
	require.NoError(t, db.Close())
}

// Settings the user must change come back as *ConfigError naming them.
func TestConfigErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	for _, tc := range []struct {
		setting string
		change  func(*service.Config)
	}{
		{"embedder", func(c *service.Config) { c.Embedder = "nonsense:x" }},
		{"llm", func(c *service.Config) { c.LLM = "nonsense:x" }},
		{"llm", func(c *service.Config) { c.LLM = "openai:gpt-4o-mini" }}, // no OPENAI_API_KEY
		{"data-dir", func(c *service.Config) { c.DataDir = file }},
		{"seed", func(c *service.Config) { c.Seed = "everything" }},
	} {
		t.Run(tc.setting, func(t *testing.T) {
			cfg := offline(t, "")
			tc.change(&cfg)
			_, err := service.Open(context.Background(), cfg)
			var ce *service.ConfigError
			require.ErrorAs(t, err, &ce)
			require.Equal(t, tc.setting, ce.Setting, "%v", err)
		})
	}
}

// A store made with one embedder refuses another, as a ConfigError on
// "embedder" that still says what to do.
func TestEmbedderMismatch(t *testing.T) {
	cfg := offline(t, "")
	cfg.Seed = service.SeedPrimer
	db, err := service.OpenStore(context.Background(), cfg)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	cfg.Embedder = "ollama:nomic-embed-text"
	cfg.Getenv = func(name string) string {
		return map[string]string{"OLLAMA_HOST": "http://127.0.0.1:1"}[name]
	}
	_, err = service.OpenStore(context.Background(), cfg)
	var ce *service.ConfigError
	require.ErrorAs(t, err, &ce, "%v", err)
	require.Equal(t, "embedder", ce.Setting)
	require.ErrorContains(t, err, "offline")
}

func ExampleService_Ask() {
	dir, err := os.MkdirTemp("", "gtrag-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	cfg := service.Config{
		DataDir: dir, LLM: "offline", Embedder: "offline", // a new store starts with the primer
		Arxiv: service.ArxivConfig{URL: "http://127.0.0.1:1/api/query"}, // never reached: the primer answers
	}
	svc, err := service.Open(context.Background(), cfg)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer svc.Close()
	res, err := svc.Ask(context.Background(), "What is a Nash equilibrium?", service.AskOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Path, len(res.Sources) > 0)
	// Output: [pull_from_chroma check_relevance generate_response] true
}

// A store killed after its creation and before its seed's commit is seeded
// by the next open that asks for the primer: it was made to be seeded, and
// says so until it is. One made before gtrag recorded that (empty, and not
// marked) is left as it is, like one made with SeedNone.
func TestSeedCutShortIsFinished(t *testing.T) {
	primer, err := data.Primer()
	require.NoError(t, err)
	ctx := context.Background()

	cfg := offline(t, "")
	cfg.Seed = service.SeedPrimer
	// What a kill between the two commits leaves: the store, created to be
	// seeded, and no primer in it.
	made, err := vectordb.Open(ctx, cfg.DataDir, vectordb.NewOfflineEmbedder(), vectordb.SeedPending())
	require.NoError(t, err)
	require.True(t, made.SeedIsPending())
	require.True(t, made.Info().SeedPending, "stats says the primer is still to come")
	require.NoError(t, made.Close())

	db, err := service.OpenStore(ctx, cfg)
	require.NoError(t, err)
	require.Equal(t, len(primer), db.Info().Papers, "the cut-short seed is done by the next open")
	require.False(t, db.Info().SeedPending)
	n := db.Count()
	require.NoError(t, db.Close())
	db, err = service.OpenStore(ctx, cfg)
	require.NoError(t, err)
	require.Equal(t, n, db.Count(), "and only once")
	require.NoError(t, db.Close())

	old := offline(t, "")
	old.Seed = service.SeedPrimer
	made, err = vectordb.Open(ctx, old.DataDir, vectordb.NewOfflineEmbedder()) // no record of a seed to come
	require.NoError(t, err)
	require.NoError(t, made.Close())
	db, err = service.OpenStore(ctx, old)
	require.NoError(t, err)
	require.Zero(t, db.Count(), "an empty store with no seed pending is left empty")
	require.NoError(t, db.Close())
}
