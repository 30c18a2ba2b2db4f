package vectordb

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	bolt "go.etcd.io/bbolt"
)

// The multi-process tests re-execute this test binary; the child runs
// TestChildProcess with its role in these environment variables.
const (
	envChildRole  = "GTRAG_VECTORDB_CHILD"
	envChildDir   = "GTRAG_VECTORDB_CHILD_DIR"
	envChildStart = "GTRAG_VECTORDB_CHILD_START"
	envChildTag   = "GTRAG_VECTORDB_CHILD_TAG"
	envChildStop  = "GTRAG_VECTORDB_CHILD_STOP"
)

// childDim is the vector length the children and their parents use.
const childDim = 16

// TestChildProcess is not a test of its own: it is the body of the child
// processes that the crash and concurrency tests start, and returns at once
// in a normal run.
func TestChildProcess(t *testing.T) {
	role := os.Getenv(envChildRole)
	if role == "" {
		return
	}
	var err error
	switch role {
	case "crash-ingest":
		err = childCrashIngest()
	case "ingest":
		err = childIngest()
	case "reader":
		err = childReader()
	case "open-query":
		err = childOpenQuery()
	case "compact-churn":
		err = childCompactChurn()
	default:
		err = fmt.Errorf("unknown role %q", role)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "child error:", err)
		os.Exit(3)
	}
	os.Exit(0)
}

// startChild starts a child in role; its stderr is shown if the test fails.
func startChild(t *testing.T, role string, env ...string) (*exec.Cmd, *bufio.Scanner) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), append([]string{envChildRole + "=" + role}, env...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		if cmd.ProcessState != nil && t.Failed() && stderr.Len() > 0 {
			t.Logf("%s child stderr:\n%s", role, stderr.String())
		}
	})
	return cmd, bufio.NewScanner(out)
}

// crashBatchSize is the number of chunks of crash batch b: it varies, so a
// partial batch cannot pass for a whole one.
func crashBatchSize(b int) int { return 20 + (b*7)%41 }

// crashPaper is the paper of crash batch b (old-style id, with a slash).
func crashPaper(b int) string { return fmt.Sprintf("crash/%07dv1", b) }

// childCrashIngest adds one paper per batch from START on, printing
// "committed N" after each commit, until it is killed.
func childCrashIngest() error {
	ctx := context.Background()
	start, err := strconv.Atoi(os.Getenv(envChildStart))
	if err != nil {
		return err
	}
	db, err := Open(ctx, os.Getenv(envChildDir), newTestEmbedder(childDim))
	if err != nil {
		return err
	}
	fmt.Println("ready")
	for b := start; b < start+100_000; b++ {
		docs := chunkDocs(crashPaper(b), crashBatchSize(b), func(i int) string {
			return fmt.Sprintf("batch %d chunk %d of the crash test, with some words to index", b, i)
		})
		if _, err := db.Add(ctx, docs); err != nil {
			return err
		}
		fmt.Printf("committed %d\n", b)
	}
	return nil
}

// docsByPaper counts the documents of each paper straight from the file,
// independently of the paper records, and checks the meta counters agree.
func docsByPaper(t *testing.T, dir string) map[string]int {
	t.Helper()
	b, err := bolt.Open(filepath.Join(dir, StoreFileName), 0o644, &bolt.Options{ReadOnly: true, Timeout: 5 * time.Second})
	require.NoError(t, err)
	defer b.Close()
	counts := map[string]int{}
	require.NoError(t, b.View(func(tx *bolt.Tx) error {
		total := 0
		err := tx.Bucket(bucketDocs).ForEach(func(k, v []byte) error {
			rec, err := decodeDocRecord(v)
			if err != nil {
				return err
			}
			if v := tx.Bucket(bucketSlots).Get(u64(rec.DocNum)); v == nil {
				return fmt.Errorf("document %s has no slot", k)
			} else if s, err := decodeSlotRecord(v); err != nil || s.ID != string(k) || !s.HasVector {
				return fmt.Errorf("document %s: slot %+v (%v)", k, s, err)
			}
			counts[rec.PaperID]++
			total++
			return nil
		})
		if err != nil {
			return err
		}
		m, err := readMeta(tx, dir)
		if err != nil {
			return err
		}
		vectors := tx.Bucket(bucketSlots).Stats().KeyN
		// The vector file holds every committed slot.
		vv, err := openVectors(filepath.Join(dir, StoreFileName), m.dim, m.nextDoc, true)
		if err != nil {
			return err
		}
		_ = vv.close()
		// Every committed slot has its checksum, and matches it.
		if err := checkSlotSums(tx, filepath.Join(dir, StoreFileName), m, true); err != nil {
			return err
		}
		if int(m.chunks) != total || vectors != total {
			return fmt.Errorf("meta says %d chunks, %d vectors, %d documents", m.chunks, vectors, total)
		}
		return nil
	}))
	return counts
}

// TestCrashSafety kills an ingesting child with SIGKILL at random moments,
// at least 20 times on the same store. After every kill the store opens
// without error, every batch the child reported committed is there, and
// every batch present is whole.
func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	reported := map[int]bool{}
	next := 0
	killsAfterCommit := 0
	const kills = 24
	for round := range kills {
		cmd, lines := startChild(t, "crash-ingest", envChildDir+"="+dir, envChildStart+"="+strconv.Itoa(next))
		var mu sync.Mutex
		committed := make(chan struct{}, 1)
		done := make(chan struct{})
		go func() {
			defer close(done)
			for lines.Scan() {
				var b int
				if _, err := fmt.Sscanf(lines.Text(), "committed %d", &b); err == nil {
					mu.Lock()
					reported[b] = true
					mu.Unlock()
					select {
					case committed <- struct{}{}:
					default:
					}
				}
			}
		}()
		// Alternate between killing at a random time after the start (which
		// may land while the store is opened or created) and a random time
		// after the first commit (inside later transactions).
		if round%2 == 1 {
			select {
			case <-committed:
			case <-time.After(20 * time.Second):
				t.Fatal("the child committed nothing in 20s")
			}
			time.Sleep(time.Duration(rng.IntN(120)) * time.Millisecond)
		} else {
			time.Sleep(time.Duration(20+rng.IntN(400)) * time.Millisecond)
		}
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		<-done
		err := cmd.Wait()
		var exit *exec.ExitError
		require.True(t, errors.As(err, &exit), "the child was killed, not finished: %v", err)

		if _, err := os.Stat(filepath.Join(dir, StoreFileName)); errors.Is(err, os.ErrNotExist) {
			continue // killed before it created the store
		}
		db, err := Open(context.Background(), dir, newTestEmbedder(childDim))
		require.NoError(t, err, "round %d", round)
		counts := docsByPaper(t, dir)
		total := 0
		maxBatch := -1
		for paper, n := range counts {
			var b int
			_, err := fmt.Sscanf(paper, "crash/%07dv1", &b)
			require.NoError(t, err)
			require.Equal(t, crashBatchSize(b), n, "round %d: batch %d is partial", round, b)
			require.True(t, db.HasPaper(paper))
			total += n
			maxBatch = max(maxBatch, b)
		}
		require.Equal(t, total, db.Count())
		mu.Lock()
		for b := range reported {
			require.Contains(t, counts, crashPaper(b), "round %d: batch %d was reported committed", round, b)
		}
		mu.Unlock()
		if maxBatch >= next {
			killsAfterCommit++
		}
		if total > 0 {
			res, err := db.Query(context.Background(), "crash test words", 3)
			require.NoError(t, err)
			require.Len(t, res, 3)
		}
		require.NoError(t, db.Close())
		next = maxBatch + 1
	}
	require.Positive(t, len(reported))
	t.Logf("%d kills, %d after at least one commit in the round, %d batches reported committed", kills, killsAfterCommit, len(reported))
}

// concurrentPapers is how many papers each concurrent writer adds.
const concurrentPapers = 30

func concurrentPaper(tag string, i int) string {
	if tag == "new" {
		return fmt.Sprintf("2401.%05dv1", i)
	}
	return fmt.Sprintf("hep-th/%07dv1", i)
}

// concurrentText is a chunk's content, derived from its id so that a reader
// can check every result it gets is whole.
func concurrentText(id string) string {
	return "content of " + id + " about repeated games and bargaining"
}

func childIngest() error {
	ctx := context.Background()
	tag := os.Getenv(envChildTag)
	db, err := Open(ctx, os.Getenv(envChildDir), newTestEmbedder(childDim), WaitNotices(os.Stderr))
	if err != nil {
		return err
	}
	for i := range concurrentPapers {
		docs := chunkDocs(concurrentPaper(tag, i), 12, nil2text)
		for j := range docs {
			docs[j].Content = concurrentText(docs[j].ID)
		}
		n, err := db.Add(ctx, docs)
		if err != nil {
			return err
		}
		if n != len(docs) {
			return fmt.Errorf("added %d of %d", n, len(docs))
		}
	}
	return db.Close()
}

func nil2text(int) string { return "" }

// childReader queries until the stop file appears, with one long-lived handle
// (which picks up the writers' commits) and a fresh handle now and then.
func childReader() error {
	ctx := context.Background()
	dir, stop := os.Getenv(envChildDir), os.Getenv(envChildStop)
	emb := newTestEmbedder(childDim)
	db, err := Open(ctx, dir, emb, WaitNotices(os.Stderr))
	if err != nil {
		return err
	}
	check := func(res []Result) error {
		for _, r := range res {
			if r.Content != concurrentText(r.ID) || r.Metadata["paper_id"] == "" {
				return fmt.Errorf("torn result %s: %q", r.ID, r.Content)
			}
		}
		return nil
	}
	queries, lastCount := 0, 0
	for i := 0; ; i++ {
		if _, err := os.Stat(stop); err == nil {
			break
		}
		res, err := db.Query(ctx, "repeated games bargaining", 5)
		if err != nil {
			return fmt.Errorf("query %d: %w", i, err)
		}
		if err := check(res); err != nil {
			return err
		}
		if db.Count() < lastCount {
			return fmt.Errorf("count went back from %d to %d", lastCount, db.Count())
		}
		lastCount = db.Count()
		if i%5 == 0 {
			fresh, err := Open(ctx, dir, emb, ReadOnly())
			if err != nil {
				return fmt.Errorf("open %d: %w", i, err)
			}
			res, err := fresh.Query(ctx, "content of hep-th", 5)
			if err != nil {
				return fmt.Errorf("fresh query %d: %w", i, err)
			}
			if err := check(res); err != nil {
				return err
			}
			_ = fresh.Close()
		}
		queries++
		fmt.Printf("query %d done\n", i)
	}
	fmt.Printf("queries %d count %d\n", queries, lastCount)
	return nil
}

// TestConcurrentProcesses runs two writer processes on different papers and a
// reader process at once on a store none of them has created yet.
func TestConcurrentProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	dir := t.TempDir()
	stop := filepath.Join(t.TempDir(), "stop")
	reader, readerOut := startChild(t, "reader", envChildDir+"="+dir, envChildStop+"="+stop)
	var writers []*exec.Cmd
	for _, tag := range []string{"new", "old"} {
		w, out := startChild(t, "ingest", envChildDir+"="+dir, envChildTag+"="+tag)
		go func() {
			for out.Scan() {
			}
		}()
		writers = append(writers, w)
	}
	// The reader reports each query; on a loaded machine the writers can be
	// done before its first one, so it is stopped only once it has queried.
	queried := make(chan struct{})
	var summary string
	readerDone := make(chan struct{})
	go func() {
		defer close(readerDone)
		first := true
		for readerOut.Scan() {
			summary = readerOut.Text()
			if first && strings.HasPrefix(summary, "query ") {
				first = false
				close(queried)
			}
		}
	}()
	for _, w := range writers {
		require.NoError(t, w.Wait(), "writer failed")
	}
	select {
	case <-queried:
	case <-readerDone:
	}
	require.NoError(t, os.WriteFile(stop, nil, 0o644))
	<-readerDone
	require.NoError(t, reader.Wait(), "reader saw an error")
	var queries, count int
	_, err := fmt.Sscanf(summary, "queries %d count %d", &queries, &count)
	require.NoError(t, err, summary)
	require.Positive(t, queries)
	t.Logf("reader: %s", summary)

	db := openTest(t, dir, newTestEmbedder(childDim))
	require.Equal(t, 2*concurrentPapers*12, db.Count())
	var want []string
	for _, tag := range []string{"new", "old"} {
		for i := range concurrentPapers {
			want = append(want, concurrentPaper(tag, i))
		}
	}
	require.ElementsMatch(t, want, db.Papers())
	counts := docsByPaper(t, dir)
	for _, p := range want {
		require.Equal(t, 12, counts[p], p)
	}
	require.False(t, strings.Contains(summary, "error"))
}
