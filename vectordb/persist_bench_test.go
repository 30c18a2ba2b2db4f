package vectordb

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/philippgille/chromem-go"
	"github.com/stretchr/testify/require"
)

// benchDim is the vector length of issue 5's fast-open target.
const benchDim = 512

const benchQuery = "w12 w345 w2001 w77 equilibrium"

// syntheticChunk is a chunk-sized text (about 120 words, ~900 bytes) drawn
// from a Zipf-distributed vocabulary, so that the postings have the long and
// short lists real text has.
func syntheticChunk(r *rand.Rand, z *rand.Zipf) string {
	var sb strings.Builder
	for i := range 120 {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if r.IntN(40) == 0 {
			sb.WriteString("equilibrium")
			continue
		}
		sb.WriteByte('w')
		sb.WriteString(strconv.FormatUint(z.Uint64(), 10))
	}
	return sb.String()
}

// syntheticDocs is n chunks of n/10 papers, deterministic.
func syntheticDocs(n int) []Document { return syntheticRange(0, n) }

// syntheticRange is chunks from to to (exclusive) of the synthetic corpus,
// so that a large store can be generated a batch at a time; from must be a
// multiple of 10 (a paper's first chunk). Each 10,000 chunks have their own
// random stream, so a range does not depend on the ranges before it.
func syntheticRange(from, to int) []Document {
	var r *rand.Rand
	var z *rand.Zipf
	docs := make([]Document, 0, to-from)
	for i := from; i < to; i++ {
		if i == from || i%10_000 == 0 {
			r = rand.New(rand.NewPCG(42, 7+uint64(i/10_000)))
			z = rand.NewZipf(r, 1.1, 4, 20_000)
		}
		paper := fmt.Sprintf("%04d.%05dv%d", 2000+i/10/100_000, i/10%100_000, 1+i%3)
		if i%10 == 0 && i%20 == 0 {
			paper = fmt.Sprintf("math/%07dv1", i/10)
		}
		// Chunks of one paper must share its id and version.
		if i%10 != 0 {
			paper = docs[len(docs)-i%10].Metadata["paper_id"]
		}
		docs = append(docs, Document{
			ID:      fmt.Sprintf("%s_chunk_%d", paper, i%10),
			Content: syntheticChunk(r, z),
			Metadata: map[string]string{
				"paper_id": paper, "title": "A synthetic paper " + paper, "chunk_index": strconv.Itoa(i % 10),
				"authors": "A. Author, B. Author", "published": "2024-01-02", "categories": "cs.GT",
				"abs_url": "http://arxiv.org/abs/" + paper, "pdf_url": "http://arxiv.org/pdf/" + paper,
			},
		})
	}
	return docs
}

// buildStore writes docs into a new store in dir.
func buildStore(tb testing.TB, dir string, emb Embedder, docs []Document) {
	tb.Helper()
	db, err := Open(context.Background(), dir, emb, BatchSize(10_000))
	require.NoError(tb, err)
	n, err := db.Add(context.Background(), docs)
	require.NoError(tb, err)
	require.Equal(tb, len(docs), n)
	require.NoError(tb, db.Close())
}

func benchOpenQuery(b *testing.B, n int) {
	dir := b.TempDir()
	emb := randomEmbedder{dim: benchDim}
	buildStore(b, dir, emb, syntheticDocs(n))
	ctx := context.Background()
	fi, err := os.Stat(filepath.Join(dir, StoreFileName))
	require.NoError(b, err)
	for b.Loop() {
		db, err := Open(ctx, dir, emb, ReadOnly())
		if err != nil {
			b.Fatal(err)
		}
		res, err := db.Query(ctx, benchQuery, 5)
		if err != nil || len(res) != 5 {
			b.Fatal(err, len(res))
		}
		_ = db.Close()
	}
	b.ReportMetric(float64(fi.Size())/float64(n), "file-bytes/chunk")
}

// BenchmarkOpenQuery10k and 100k measure what every gtrag command pays:
// open a store of 512-dimension chunks and answer one hybrid query.
func BenchmarkOpenQuery10k(b *testing.B)  { benchOpenQuery(b, 10_000) }
func BenchmarkOpenQuery100k(b *testing.B) { benchOpenQuery(b, 100_000) }

// BenchmarkOpenQueryProcess100k is BenchmarkOpenQuery100k in a fresh
// process per operation (this test binary re-executed), as a gtrag command
// runs: no heap left over from the previous open, a cold Go runtime.
func BenchmarkOpenQueryProcess100k(b *testing.B) {
	dir := b.TempDir()
	buildStore(b, dir, randomEmbedder{dim: benchDim}, syntheticDocs(100_000))
	for b.Loop() {
		cmd := exec.Command(os.Args[0], "-test.run=^TestChildProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), envChildRole+"=open-query", envChildDir+"="+dir)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "results 5") {
			b.Fatalf("%v: %s", err, out)
		}
	}
}

// childOpenQuery is one gtrag command's worth of store work.
func childOpenQuery() error {
	ctx := context.Background()
	db, err := Open(ctx, os.Getenv(envChildDir), randomEmbedder{dim: benchDim}, ReadOnly())
	if err != nil {
		return err
	}
	res, err := db.Query(ctx, benchQuery, 5)
	if err != nil {
		return err
	}
	fmt.Printf("results %d\n", len(res))
	return db.Close()
}

// The same with chromem-go's own persistence (one gob file per document),
// for comparison: open the persistent DB and answer one vector query.
func benchChromemOpenQuery(b *testing.B, n int) {
	ctx := context.Background()
	dir := b.TempDir()
	emb := randomEmbedder{dim: benchDim}
	docs := syntheticDocs(n)
	{
		pdb, err := chromem.NewPersistentDB(dir, false)
		require.NoError(b, err)
		coll, err := pdb.CreateCollection("chunks", nil, refuseEmbedding)
		require.NoError(b, err)
		cdocs := make([]chromem.Document, len(docs))
		for i, d := range docs {
			cdocs[i] = chromem.Document{ID: d.ID, Content: d.Content, Metadata: d.Metadata, Embedding: unitVector(randomVector(d.Content, benchDim))}
		}
		require.NoError(b, coll.AddDocuments(ctx, cdocs, runtime.NumCPU()))
	}
	q, err := emb.Embed(ctx, []string{benchQuery})
	require.NoError(b, err)
	b.ResetTimer()
	for b.Loop() {
		pdb, err := chromem.NewPersistentDB(dir, false)
		if err != nil {
			b.Fatal(err)
		}
		coll := pdb.GetCollection("chunks", refuseEmbedding)
		res, err := coll.QueryEmbedding(ctx, q[0], 5, nil, nil)
		if err != nil || len(res) != 5 {
			b.Fatal(err, len(res))
		}
	}
}

func BenchmarkChromemOpenQuery10k(b *testing.B)  { benchChromemOpenQuery(b, 10_000) }
func BenchmarkChromemOpenQuery100k(b *testing.B) { benchChromemOpenQuery(b, 100_000) }

// TestGenerateStore builds a store for measuring the whole command, and is
// skipped unless GTRAG_GENERATE_STORE names a data directory:
//
//	GTRAG_GENERATE_STORE=/tmp/gt100k GTRAG_GENERATE_CHUNKS=100000 [GTRAG_GENERATE_FLOAT32=1] \
//	  go test -run '^TestGenerateStore$' -timeout 30m ./vectordb
//	/usr/bin/time -v gtrag --data-dir /tmp/gt100k search "nash equilibrium"
//
// The store uses the offline embedder (the CLI's default), so it holds
// OfflineDim-dimension vectors.
func TestGenerateStore(t *testing.T) {
	dir := os.Getenv("GTRAG_GENERATE_STORE")
	if dir == "" {
		t.Skip("set GTRAG_GENERATE_STORE=DIR (and GTRAG_GENERATE_CHUNKS=N) to build a store for /usr/bin/time")
	}
	n := 100_000
	if s := os.Getenv("GTRAG_GENERATE_CHUNKS"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	// A batch at a time, so that generating a million chunks does not hold
	// them all in memory.
	// GTRAG_GENERATE_FLOAT32=1 builds a store without the float16 copy.
	gen, err := Open(context.Background(), dir, NewOfflineEmbedder(), BatchSize(10_000),
		CompactVectors(os.Getenv("GTRAG_GENERATE_FLOAT32") != "1"))
	require.NoError(t, err)
	const batch = 50_000
	for from := 0; from < n; from += batch {
		added, err := gen.Add(context.Background(), syntheticRange(from, min(n, from+batch)))
		require.NoError(t, err)
		require.Equal(t, min(n, from+batch)-from, added)
	}
	require.NoError(t, gen.Close())
	db := openTest(t, dir, NewOfflineEmbedder(), ReadOnly())
	info := db.Info()
	t.Logf("%s: %d chunks, %d papers, %d dims, %d bytes", info.Path, info.Chunks, info.Papers, info.Dim, info.Bytes)
}

// refuseEmbedding is the chromem collection's embedding function: the
// benchmark supplies every vector, so chromem must never embed (its default
// would call OpenAI).
func refuseEmbedding(context.Context, string) ([]float32, error) {
	return nil, errors.New("chromem-go was asked to embed; vectors are always supplied")
}
