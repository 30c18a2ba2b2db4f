package nodes

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gtrag/gtrag/reasoner"
	"github.com/gtrag/gtrag/vectordb"
)

// A question asked again is answered from the store without a search; the
// store's arXiv papers that the search would have judged about it by
// themselves are given to the answerer as found, as the run that added
// them gave them: answered without the mark, the paper the question is
// about was dropped from the answer. The primer's entries and papers on
// something else are not marked.
func TestPapersAbout(t *testing.T) {
	q := "Can congestion tolls fix the inefficiency of selfish routing?"
	result := func(id, title, text string) vectordb.Result {
		return vectordb.Result{Document: vectordb.Document{ID: id, Content: text, Metadata: map[string]string{"paper_id": id[:strings.Index(id, "_")], "title": title}}}
	}
	results := []vectordb.Result{
		result("primer:price-of-anarchy_chunk_0", "Price of anarchy", "Selfish routing with congestion tolls."),
		result("2512.73721v1_chunk_0", "How much do tolls help?", "Marginal-cost congestion tolls make selfish routing efficient."),
		result("2512.73721v1_chunk_1", "How much do tolls help?", "We bound the loss."),
		result("1005.64324v1_chunk_0", "Smoothness of auctions", "A smoothness argument bounds auction welfare."),
	}
	require.Equal(t, map[string]bool{"2512.73721v1": true}, papersAbout(q, results))
}

// foundCatcher records the passages the answerer is given.
type foundCatcher struct{ got []reasoner.Passage }

func (f *foundCatcher) Answer(_ context.Context, _ string, ps []reasoner.Passage) (reasoner.Answer, error) {
	f.got = ps
	return reasoner.Answer{Text: "Tolls help [1].", Cited: []int{1}}, nil
}

func TestRespondMarksTheStoresPapersAboutARecognisedQuestion(t *testing.T) {
	for _, c := range []struct {
		question, text string
		topic          reasoner.PaperFilter
		want           bool
	}{
		{"Can congestion tolls fix the inefficiency of selfish routing?", "Marginal-cost congestion tolls make selfish routing efficient.", yesTopic{}, true},
		// Unrecognised (no concept of the glossary, the judge says no): its
		// papers stay mere neighbours, as after a search.
		{"How do bakers keep sourdough starters alive in winter?", "Bakers keep sourdough starters alive in winter by feeding them daily.", &noFilter{}, false},
	} {
		doc := vectordb.Result{Document: vectordb.Document{ID: "2512.73721v1_chunk_0", Content: c.text,
			Metadata: map[string]string{"paper_id": "2512.73721v1", "title": "How much do tolls help?"}}}
		s := GraphState{UserQuery: c.question, ChromaResults: []vectordb.Result{doc}, RelevantContext: true}
		ans := &foundCatcher{}
		_, err := Responder{Answerer: ans, Topic: c.topic}.Respond(context.Background(), s)
		require.NoError(t, err)
		require.Len(t, ans.got, 1, c.question)
		require.Equal(t, c.want, ans.got[0].Found, c.question)
	}
}
