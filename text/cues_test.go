package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCueTable(t *testing.T) {
	for name, list := range cues {
		require.NotNil(t, lookup(name), "cues for %q, which is not a glossary term", name)
		require.NotEmpty(t, list, name)
		for _, s := range list {
			_, err := parseCue(s)
			assert.NoError(t, err, name)
		}
	}
}

func TestParseCueRejects(t *testing.T) {
	for _, s := range []string{"cake", "ca* cake", "of the", "the"} {
		_, err := parseCue(s)
		assert.Error(t, err, s)
	}
}

func TestEvoked(t *testing.T) {
	for q, want := range map[string]string{
		"My advisor is biased and talk costs nothing: can I trust him?":            "cheap talk",
		"Why do candidates in an election move their platforms to the middle?":     "median voter theorem",
		"If everyone pays their bid, winners and losers alike, how do people bid?": "all-pay auction",
		"Could charging drivers for using busy roads reduce congestion?":           "congestion pricing",
		"Can you prove that chess is determined?":                                  "Zermelo's theorem",
		"Why would an expert reveal only part of what they know to a biased boss?": "cheap talk",
		"Is it always possible to cut a cake so nobody envies anyone?":             "cake cutting",
		"Does anyone gain by lying about their ranking in school assignment?":      "strategy-proofness",
		"Why would people form links when each connection costs them something?":   "network formation",
		"When can no coalition do better on its own than the grand coalition?":     "core allocation",
	} {
		assert.Contains(t, names(Evoked(q)), want, q)
	}
}

func TestEvokedNeedsTheWholeDescription(t *testing.T) {
	for _, q := range []string{
		"What's a good recipe for vegan chocolate cake?",
		"How do I avoid traffic on my commute?",
		"Which chess opening is best for beginners?",
		"What is the capital of France?",
		"How do I write a cover letter for a job?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}

func TestEvokedComparesStemsAndPrefixes(t *testing.T) {
	q := newCueQuestion("Truthfully reporting costs nothing")
	c, err := parseCue("truth* cost")
	require.NoError(t, err)
	assert.True(t, q.has(c), "prefix meets the word as written, stem meets the inflected form")
	c, err = parseCue("truth* price")
	require.NoError(t, err)
	assert.False(t, q.has(c), "every word of a cue must be there")
}

func TestRelated(t *testing.T) {
	for name := range related {
		require.NotNil(t, lookup(name), "related phrases for %q, which is not a glossary term", name)
	}
	assert.Contains(t, Related("cheap talk"), "costless message")
	assert.Equal(t, Related("cheap talk"), Related("Cheap Talk"), "looked up like the glossary")
	assert.Nil(t, Related("chocolate cake"))
}

func TestGameTheoryForms(t *testing.T) {
	forms := GameTheoryForms()
	assert.Contains(t, forms, "volunteer's dilemma")
	assert.Contains(t, forms, "Vickrey auction", "variants too")
	assert.NotContains(t, forms, "large language model", "a term from outside the field")
	assert.NotContains(t, forms, "IPD", "no acronyms")
	assert.True(t, PhraseConcept("cheap talk").GameTheory())
	assert.False(t, PhraseConcept("LLM").GameTheory())
	assert.False(t, PhraseConcept("chocolate cake").GameTheory())
}

func TestGlossaryLookupRespells(t *testing.T) {
	require.NotNil(t, lookup("generalised second-price auction"), "British spelling of a glossary term")
	assert.Contains(t, names(Focal("Why is the generalised second-price auction not truthful?")), "generalised second-price auction")
	assert.Contains(t, names(Focal("When is a social network pairwise stable?")), "pairwise stable")
}
