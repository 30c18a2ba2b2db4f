package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAboutAWork(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"What is Tate McRae's song Tit for Tat about?", "song"},
		{"Is Richard Powers' novel Prisoner's Dilemma worth reading before The Overstory?", "novel"},
		{"Which album by Radiohead has the song about a zero-sum game?", "album"},
		// No name the field does not know: the question may be the field's.
		{"Our book club ranks three novels; how should we combine our rankings?", ""},
		{"Why do bands of cooperators form on a lattice?", ""},
		// Films are left out.
		{"Is the bar scene in the film A Beautiful Mind a Nash equilibrium?", ""},
		{"What is a Nash equilibrium?", ""},
	} {
		assert.Equal(t, tt.want, AboutAWork(tt.q), tt.q)
	}
}
