package text

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestThirdRelatedAreOfTerms: thirdRelated is keyed by glossary names, and
// no phrase of it is a spelling of its own term (which would make it a
// variant, not evidence) or said twice.
func TestThirdRelatedAreOfTerms(t *testing.T) {
	for name, phrases := range thirdRelated() {
		term := lookup(name)
		if !assert.NotNil(t, term, name) {
			continue
		}
		assert.Equal(t, name, term.name)
		forms := term.forms()
		for i, p := range phrases {
			assert.NotEmpty(t, strings.TrimSpace(p), name)
			assert.False(t, slices.ContainsFunc(forms, func(f string) bool { return strings.EqualFold(f, p) }), "%s: %q is a spelling of the term", name, p)
			assert.NotContains(t, phrases[:i], p, name)
		}
	}
}

// TestRelatedPhrasesAddTheThirdTable: the third table's phrases help
// decide what a text is about, and stay out of searches (see
// RelatedPhrases).
func TestRelatedPhrasesAddTheThirdTable(t *testing.T) {
	assert.Contains(t, thirdRelated()["congestion game"], "potential game")
	assert.Contains(t, names(RelatedPhrases("congestion game")), "potential game")
	assert.NotContains(t, Related("congestion game"), "potential game")
	assert.True(t, slices.ContainsFunc(RelatedPhrases("congestion game"), func(c Concept) bool {
		return c.In("We show that channel selection is an exact potential game.")
	}))
}
