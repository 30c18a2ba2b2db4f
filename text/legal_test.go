package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLegalLookup(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"Under GAAP, how should incentive bonuses accrued at year end be recorded?", "under gaap"},
		{"Under US labour law, how does the NLRB certify an appropriate bargaining unit?", "under us labour law"},
		{"Under the Sherman Act, what counts as a cartel?", "under the sherman act"},
		{"How should goodwill impairment be tested under IFRS?", "ifrs"},
		{"Are winning bids at a school charity auction tax-deductible in the UK?", "tax deductible"},
		{"Texas auctioneer license requirements", "license requirements"},
		{"What's the punishment for driving on a suspended licence?", "suspended licence"},
		{"How does the sealed bid process work when buying a house, legally speaking?", "legally speaking"},
		// What a rule does to the choices it governs is the field's.
		{"Under first-price rules, should bidders shade their bids?", ""},
		{"Under what conditions does a mixed equilibrium exist?", ""},
		{"Under the new draft lottery, do teams still lose on purpose?", ""},
		{"Can putting a legal ceiling on how much lobbyists may spend actually raise total lobbying spending?", ""},
		{"Why might mandatory disclosure laws be unnecessary when sellers cannot lie about quality?", ""},
		{"Do speculators who buy spectrum licenses just to resell them raise what the government earns?", ""},
		{"Why doesn't raising the fine reduce violations in the inspection game?", ""},
	} {
		assert.Equal(t, tt.want, LegalLookup(tt.q), tt.q)
	}
}
