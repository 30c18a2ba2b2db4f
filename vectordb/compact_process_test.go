package vectordb

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// churnDim makes a slot 3 KiB, so that a paper's run of holes spans whole
// file-system blocks and Compact really punches.
const churnDim = OfflineDim

func churnPaper(b int) string { return fmt.Sprintf("2303.%05dv1", b) }

func churnText(paper string, i int) string {
	return fmt.Sprintf("%s chunk %d on auctions and bargaining", paper, i)
}

// childCompactChurn, from paper START on, adds a paper of 12 chunks,
// removes the one before it and compacts, printing "compacted N" after
// each Compact, until it is killed.
func childCompactChurn() error {
	ctx := context.Background()
	start, err := strconv.Atoi(os.Getenv(envChildStart))
	if err != nil {
		return err
	}
	db, err := Open(ctx, os.Getenv(envChildDir), newTestEmbedder(churnDim))
	if err != nil {
		return err
	}
	for b := start; b < start+100_000; b++ {
		p := churnPaper(b)
		if _, err := db.Add(ctx, chunkDocs(p, 12, func(i int) string { return churnText(p, i) })); err != nil {
			return err
		}
		if err := db.DeletePaper(ctx, churnPaper(b-1)); err != nil {
			return err
		}
		res, err := db.Compact(ctx)
		if err != nil {
			return err
		}
		fmt.Printf("compacted %d %d\n", b, res.Reclaimed)
	}
	return nil
}

// TestCompactSurvivesSIGKILL kills a child that adds, removes and compacts
// in a loop at random moments. After every kill the store opens, and every
// live chunk's vector, float32 and float16, is exactly the one its text
// embeds to: no punch ever reached a live slot, whatever it was cut short
// by.
func TestCompactSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("-short")
	}
	dir := t.TempDir()
	emb := newTestEmbedder(churnDim)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 2))
	next, compactions, reclaimed := 1, 0, 0
	for round := range 12 {
		cmd, lines := startChild(t, "compact-churn", envChildDir+"="+dir, envChildStart+"="+strconv.Itoa(next))
		first := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			signalled := false
			for lines.Scan() {
				var b, r int
				if _, err := fmt.Sscanf(lines.Text(), "compacted %d %d", &b, &r); err != nil {
					continue
				}
				compactions++
				if r > 0 {
					reclaimed++
				}
				if !signalled {
					close(first)
					signalled = true
				}
			}
		}()
		select {
		case <-first:
		case <-time.After(20 * time.Second):
			t.Fatal("the child compacted nothing in 20s")
		}
		time.Sleep(time.Duration(rng.IntN(150)) * time.Millisecond)
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		<-done
		var exit *exec.ExitError
		require.True(t, errors.As(cmd.Wait(), &exit), "the child was killed, not finished")

		db, err := Open(context.Background(), dir, emb)
		require.NoError(t, err, "round %d", round)
		var ids []string
		var texts []string
		require.NoError(t, db.Documents(context.Background(), func(d Document) error {
			ids = append(ids, d.ID)
			texts = append(texts, d.Content)
			return nil
		}))
		require.NotEmpty(t, ids)
		vecs, err := emb.Embed(context.Background(), texts)
		require.NoError(t, err)
		stored := storedVectors(t, db) // also checks the float16 copy against the float32
		require.Len(t, stored, len(ids))
		for i, id := range ids {
			require.Equal(t, unitVector(vecs[i]), stored[id], "round %d: the vector of %s", round, id)
		}
		papers := db.Papers()
		require.NoError(t, db.Close())
		last := slices.Max(papers)
		_, err = fmt.Sscanf(last, "2303.%05dv1", &next)
		require.NoError(t, err)
		next++
	}
	require.Positive(t, reclaimed, "some Compact gave blocks back (else this tested nothing)")
	t.Logf("%d compactions, %d of them reclaimed blocks; the store ended at paper %d", compactions, reclaimed, next-1)
}
