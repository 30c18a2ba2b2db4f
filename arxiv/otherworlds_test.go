package arxiv_test

// These tests guard testdata/worldb to worldg (see their
// READMEs): papers written by engineers who never read gtrag's
// vocabulary, served beside the first world's. Their files must load as
// ingest reads them, their ids must be their own (the server would let a
// written paper shadow another), and their questions must point at their
// own game-theory papers, with the split a hash of the question decided.

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/stretchr/testify/require"
)

// otherWorld is one of the worlds written blind after the first.
type otherWorld struct {
	dir, prefix, dev, held string // topic prefix ("b-"), split names
}

var otherWorlds = []otherWorld{
	{"../testdata/worldb", "b", "bdev", "bheld"},
	{"../testdata/worldc", "c", "cdev", "cheld"},
	{"../testdata/worldd", "d", "ddev", "dheld"},
	{"../testdata/worlde", "e", "edev", "eheld"},
	{"../testdata/worldf", "f", "fdev", "fheld"},
	{"../testdata/worldg", "g", "gdev", "gheld"},
}

func TestOtherWorlds(t *testing.T) {
	firstPapers, _ := worldPapers(t)
	taken := map[string]string{}
	for _, p := range firstPapers {
		taken[arxiv.BaseID(p.ID)] = "testdata/world"
	}
	for _, w := range otherWorlds {
		t.Run(filepath.Base(w.dir), func(t *testing.T) {
			labels := map[string]worldLabel{}
			files, err := filepath.Glob(filepath.Join(w.dir, "papers_*.jsonl"))
			require.NoError(t, err)
			require.Len(t, files, 2, "two writers' papers")
			gt := 0
			for _, f := range files {
				papers, ls := labelledPapers(t, f)
				for i, p := range papers {
					l := ls[i]
					base := arxiv.BaseID(p.ID)
					require.Empty(t, taken[base], "%s: id already used by %s", p.ID, taken[base])
					taken[base] = w.dir
					// The generated background numbers its papers from
					// 60000 to 89999 in each month; these stay above.
					num := base[strings.IndexByte(base, '.')+1:]
					require.True(t, num >= "90000", "%s: id in the background's range", p.ID)
					require.NotNil(t, l.GameTheory, p.ID)
					require.Equal(t, *l.GameTheory, strings.HasPrefix(l.Topic, w.prefix+"-"), "%s: topic %q", p.ID, l.Topic)
					require.Equal(t, !*l.GameTheory, strings.HasPrefix(l.Topic, w.prefix+"x-"), "%s: topic %q", p.ID, l.Topic)
					if *l.GameTheory {
						gt++
						require.NotContains(t, strings.ToLower(p.Summary), "game theory", p.ID)
					}
					labels[p.ID] = l
				}
			}
			require.GreaterOrEqual(t, gt, 90, "game-theory papers")

			raw, err := os.ReadFile(filepath.Join(w.dir, "questions.jsonl"))
			require.NoError(t, err)
			qs := decodeLines[worldQuestion](t, "questions.jsonl", raw, true)
			require.Len(t, qs, 88)
			answerable := 0
			for _, q := range qs {
				want := w.held
				if sha256.Sum256([]byte(q.Q))[0]%2 == 0 {
					want = w.dev
				}
				require.Equal(t, want, q.Split, "the split is the hash's, not anyone's choice: %s", q.Q)
				switch q.Expect {
				case "answer":
					answerable++
					require.Len(t, q.Relevant, 1, q.Q)
					l, ok := labels[q.Relevant[0]]
					require.True(t, ok, "%s: relevant id %s is not among the world's papers", q.Q, q.Relevant[0])
					require.True(t, *l.GameTheory, q.Q)
					require.Equal(t, l.Topic, q.Topic, q.Q)
				case "off_topic":
					require.Empty(t, q.Relevant, q.Q)
				default:
					t.Fatalf("%s: expect %q", q.Q, q.Expect)
				}
			}
			require.Equal(t, 72, answerable)
		})
	}
}
