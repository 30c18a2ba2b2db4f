package chat

import (
	"testing"

	"github.com/gtrag/gtrag/text"
)

// isContent leaves questionWords out by text.StopWords alone.
func TestQuestionWordsAreStopWords(t *testing.T) {
	for w := range questionWords {
		if !text.StopWords.Has(w) {
			t.Errorf("%q is in questionWords but not in text.StopWords: isContent would take it for a noun", w)
		}
	}
}
