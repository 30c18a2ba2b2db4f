package reasoner

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/arxiv"
	"github.com/gtrag/gtrag/chunker"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/answers/golden.txt from the current answers")

// goldenQuestions are ten representative questions, one or two per shape the
// answerer handles, each with the primer entries whose chunks it is given
// (the entry that answers it and a near neighbour, in that order). The
// passages are fixed rather than retrieved, so the golden file changes only
// when the answerer, the chunker or the primer does.
var goldenQuestions = []struct {
	Q      string
	Papers []string
}{
	{"What is a Nash equilibrium?", []string{"nash-equilibrium", "best-response"}},
	{"What does Arrow's impossibility theorem state?", []string{"arrows-impossibility-theorem", "gibbard-satterthwaite"}},
	{"What is the price of anarchy?", []string{"price-of-anarchy", "braess-paradox"}},
	{"Why does tit-for-tat do well in the iterated prisoner's dilemma?", []string{"tit-for-tat-iterated-prisoners-dilemma", "prisoners-dilemma"}},
	{"Why is bidding your true value a dominant strategy in a second-price auction?", []string{"second-price-vickrey-auction", "english-dutch-auctions"}},
	{"How do you compute the Shapley value of a three-player game?", []string{"shapley-value", "core"}},
	{"What is the difference between a first-price and a second-price auction?", []string{"first-price-auction", "second-price-vickrey-auction"}},
	{"Does every finite game have a pure-strategy Nash equilibrium?", []string{"mixed-strategies", "nash-equilibrium"}},
	{"What is Bayesian persuasion?", []string{"cheap-talk", "bayesian-nash-equilibrium"}},
	{"What are mean field games?", []string{"game-theory-overview", "replicator-dynamics"}},
}

// primerPassages returns the chunks of the given primer entries as
// passages, numbered from 1 in order, chunked as the store chunks them.
func primerPassages(t *testing.T, slugs []string) []Passage {
	t.Helper()
	f, err := os.Open("../data/primer.jsonl")
	require.NoError(t, err)
	defer f.Close()
	papers := map[string]arxiv.Paper{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var p arxiv.Paper
		require.NoError(t, json.Unmarshal(sc.Bytes(), &p))
		papers[p.ID] = p
	}
	require.NoError(t, sc.Err())
	var ps []Passage
	for _, slug := range slugs {
		p, ok := papers["primer:"+slug]
		require.True(t, ok, "no primer entry %q", slug)
		for _, c := range chunker.Split(p, chunker.Options{}) {
			ps = append(ps, Passage{N: len(ps) + 1, ID: c.ID, PaperID: p.ID, Title: p.Title, Text: c.Text, Score: 0.5})
		}
	}
	return ps
}

// TestGoldenAnswers holds the offline answers to ten representative
// questions. A change to the answerer that changes one of them must be
// looked at, and the golden file rewritten with -update, saying why in the
// commit. Independently of the golden, every answer must quote its sources
// verbatim and open no sentence with a back-reference whose antecedent it
// left out.
func TestGoldenAnswers(t *testing.T) {
	var b strings.Builder
	for _, g := range goldenQuestions {
		ps := primerPassages(t, g.Papers)
		a, err := NewOfflineAnswerer().Answer(context.Background(), g.Q, ps)
		require.NoError(t, err)
		fmt.Fprintf(&b, "Q: %s\nsources: %s\nabstained: %v\n\n%s\n\n", g.Q, strings.Join(g.Papers, ", "), a.Abstained, a.Text)
		require.Empty(t, DanglingOpeners(samePaperCitations(a.Text, ps)), g.Q)
		if !a.Abstained {
			for _, s := range quotedSentences(a.Text) {
				require.True(t, quotedFrom(s, ps), "%q is not verbatim in the passage it cites", s.text)
			}
		}
	}
	const path = "../testdata/answers/golden.txt"
	if *updateGolden {
		require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -run TestGoldenAnswers -update ./reasoner to create it")
	got, wantQs := strings.Split(b.String(), "\nQ: "), strings.Split(string(want), "\nQ: ")
	require.Len(t, got, len(wantQs), "the golden file holds another set of questions; rerun with -update")
	for i := range got {
		require.Equal(t, wantQs[i], got[i], "the answer changed; if that is intended, rerun with -update and say why in the commit")
	}
}

// samePaperCitations renumbers citations by paper, as the graph does before
// showing an answer: the chunks of one paper are one source.
func samePaperCitations(answer string, ps []Passage) string {
	first := map[string]int{}
	num := map[int]int{}
	for _, p := range ps {
		if _, ok := first[p.PaperID]; !ok {
			first[p.PaperID] = len(first) + 1
		}
		num[p.N] = first[p.PaperID]
	}
	return citationMark.ReplaceAllStringFunc(answer, func(m string) string {
		var n int
		fmt.Sscanf(strings.TrimSpace(m), "[%d]", &n)
		return fmt.Sprintf(" [%d]", num[n])
	})
}

type quoted struct {
	text string
	n    int
}

// quotedSentences splits an extractive answer into its sentences and the
// passage each cites.
func quotedSentences(answer string) []quoted {
	var out []quoted
	for _, s := range chunker.Sentences(answer) {
		m := citationMark.FindStringSubmatchIndex(s)
		if m == nil {
			out = append(out, quoted{text: s})
			continue
		}
		var n int
		fmt.Sscanf(s[m[2]:m[3]], "%d", &n)
		out = append(out, quoted{text: s[:m[0]] + s[m[1]:], n: n})
	}
	return out
}

func quotedFrom(q quoted, ps []Passage) bool {
	for _, p := range ps {
		if p.N == q.n {
			return strings.Contains(strings.Join(strings.Fields(p.Text), " "), q.text)
		}
	}
	return false
}
