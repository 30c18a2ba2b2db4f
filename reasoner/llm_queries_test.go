package reasoner

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestParseQueries(t *testing.T) {
	for _, tc := range []struct {
		name, reply string
		want        []string
	}{
		{"plain lines", "Vickrey auction truthful bidding\nsecond-price auction dominant strategy", []string{"Vickrey auction truthful bidding", "second-price auction dominant strategy"}},
		{"list markers and quotes", "1. \"tit-for-tat iterated prisoner's dilemma\"\n- reciprocity repeated games\n* Axelrod tournament", []string{"tit-for-tat iterated prisoner's dilemma", "reciprocity repeated games", "Axelrod tournament"}},
		{"a phrase quoted inside a line", "\"tit for tat\" iterated prisoner\nreciprocity “noisy” games", []string{"tit for tat iterated prisoner", "reciprocity noisy games"}},
		{"at most three, no repeats", "a b\nA B\nc d\ne f\ng h", []string{"a b", "c d", "e f"}},
		{"preamble and blank lines", "Here are three searches:\n\nmean field games\n", []string{"mean field games"}},
		{"thinking block", "<think>the user wants</think>\nShapley value computation", []string{"Shapley value computation"}},
		{"refusal", "I'm sorry, I cannot help with that.", nil},
		{"an essay line", "The Vickrey auction is a sealed-bid auction in which the highest bidder wins but pays the second-highest bid", nil},
		{"arXiv syntax is not a keyword search", "ti:auction AND abs:truthful\n(auction OR bidding)\nauct*", nil},
		{"empty", "  \n ", nil},
		// The fence's language was kept as a search named "text".
		{"a Markdown fence", "```text\nnash equilibrium existence\n```", []string{"nash equilibrium existence"}},
		{"a fenced list", "```json\nfixed point theorem\n```\n~~~\nkakutani\n~~~", []string{"fixed point theorem", "kakutani"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, parseQueries(tc.reply))
		})
	}
}

func TestLLMQueryWriter(t *testing.T) {
	m := &scriptedModel{script: []step{{reply: "Vickrey auction truthful bidding\nsealed-bid second price auction"}}}
	w := NewLLMQueryWriter(m, fast...)
	qs, err := w.WriteQueries(context.Background(), "Why is bidding your value optimal when the winner pays the second bid?")
	require.NoError(t, err)
	require.Equal(t, []string{"Vickrey auction truthful bidding", "sealed-bid second price auction"}, qs.Queries)
	require.Empty(t, qs.Notices)
	require.Equal(t, []string{PromptSearchArxiv}, m.names)
	require.Contains(t, m.prompts[0], "Why is bidding your value optimal")

	// A reply with no usable line: no queries, and the notice says so.
	m = &scriptedModel{script: []step{{reply: "As an AI, I cannot browse arXiv."}}}
	qs, err = NewLLMQueryWriter(m, fast...).WriteQueries(context.Background(), "q")
	require.NoError(t, err)
	require.Empty(t, qs.Queries)
	require.Len(t, qs.Notices, 1)
	require.Contains(t, qs.Notices[0], "no usable search")
}

// The notice of dropped searches quotes them whole; ShortNotice, what text
// output prints, cuts them at 60 runes as quote does and leaves every
// other notice as it is.
func TestShortNoticeCutsOnlyTheDroppedSearches(t *testing.T) {
	long := "weather forecast paris tomorrow afternoon rain; cheap flights lisbon summer holiday deals"
	m := &scriptedModel{script: []step{{reply: "prisoner's dilemma defection\n" + strings.ReplaceAll(long, "; ", "\n")}}}
	qs, err := NewLLMQueryWriter(m, fast...).WriteQueries(context.Background(), "Why do two suspects both confess?")
	require.NoError(t, err)
	require.Len(t, qs.Notices, 1)
	const which = ", which shares no word with the question and few with the field"
	require.Equal(t, `search_arxiv: dropped the LLM's search "`+long+`"`+which, qs.Notices[0])
	require.Equal(t, `search_arxiv: dropped the LLM's search "weather forecast paris tomorrow afternoon rain; cheap flight…"`+which, ShortNotice(qs.Notices[0]))

	short := `search_arxiv: dropped the LLM's search "lorem ipsum"` + which
	for _, n := range []string{short, `arXiv search failed: search arXiv for "` + long + `"`, "", `search_arxiv: dropped the LLM's search "unterminated`} {
		require.Equal(t, n, ShortNotice(n))
	}
}

// A search that shares no word with the question or the field is junk,
// not a paraphrase: it is dropped with a notice, and a reply of nothing
// else holds no usable search, as a refusal does. A paraphrase in the
// field's words stays.
func TestLLMQueryWriterDropsUnrelatedSearches(t *testing.T) {
	q := "Why do two suspects who cannot talk both end up confessing?"
	m := &scriptedModel{script: []step{{reply: "lorem ipsum dolor sit amet\nprisoner's dilemma defection\nsuspects confession interrogation"}}}
	qs, err := NewLLMQueryWriter(m, fast...).WriteQueries(context.Background(), q)
	require.NoError(t, err)
	require.Equal(t, []string{"prisoner's dilemma defection", "suspects confession interrogation"}, qs.Queries)
	require.Len(t, qs.Notices, 1)
	require.Contains(t, qs.Notices[0], `"lorem ipsum dolor sit amet", which shares no word with the question and few with the field`)

	// One everyday word of a glossary name ("bar" of the El Farol bar
	// problem) does not make a search the field's.
	m = &scriptedModel{script: []step{{reply: "foo bar baz\nEl Farol bar attendance"}}}
	qs, err = NewLLMQueryWriter(m, fast...).WriteQueries(context.Background(), q)
	require.NoError(t, err)
	require.Equal(t, []string{"El Farol bar attendance"}, qs.Queries)
	require.Contains(t, qs.Notices[0], `"foo bar baz"`)

	m = &scriptedModel{script: []step{{reply: "lorem ipsum dolor sit amet"}}}
	qs, err = NewLLMQueryWriter(m, fast...).WriteQueries(context.Background(), q)
	require.NoError(t, err)
	require.Empty(t, qs.Queries)
	require.Len(t, qs.Notices, 1, "one notice for one junk reply")
	require.Contains(t, qs.Notices[0], "no usable search; used the offline formulation")
}

func TestQueryWriterFallback(t *testing.T) {
	m := &scriptedModel{script: []step{{err: errors.New("connection refused")}}}
	w := QueryWriterWithFallback(NewLLMQueryWriter(m, fast...))
	qs, err := w.WriteQueries(context.Background(), "What is the Shapley value?")
	require.NoError(t, err, "a failing LLM means the offline formulation, not a failed run")
	require.Empty(t, qs.Queries)
	require.Len(t, qs.Notices, 1)
	require.Contains(t, qs.Notices[0], "connection refused")
	require.Contains(t, qs.Notices[0], "continuing offline")
	calls := m.Calls()

	// The breaker is open: the model is not asked again.
	_, err = w.WriteQueries(context.Background(), "What is the core?")
	require.NoError(t, err)
	require.Equal(t, calls, m.Calls())

	// A cancelled run is cancelled, not fallen back from.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = QueryWriterWithFallback(NewLLMQueryWriter(m, fast...)).WriteQueries(ctx, "q")
	require.ErrorIs(t, err, context.Canceled)
}

// TestQueryWriterThroughAProvider drives the real client against the fake
// server: Open's Set carries a query writer, and its request is the
// search_arxiv prompt.
func TestQueryWriterThroughAProvider(t *testing.T) {
	f := newFakeLLM(t)
	f.reply = func(int) fakeReply {
		return fakeReply{Set: true, Text: "1. Shapley value cooperative games\n2. Shapley value computation"}
	}
	set := openFake(t, "ollama", f)
	require.NotNil(t, set.Queries)
	qs, err := set.Queries.WriteQueries(context.Background(), "How do you compute the Shapley value of a three-player game?")
	require.NoError(t, err)
	require.Equal(t, []string{"Shapley value cooperative games", "Shapley value computation"}, qs.Queries)
	reqs := f.Requests()
	require.Len(t, reqs, 1)
	require.Contains(t, reqs[0].User, "three-player game")
	require.Contains(t, reqs[0].System, "arXiv")
}
