package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNewsAnchor(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"Why did oil prices jump in today's market news?", "today's"},
		{"Why did the price of oil jump right after the market opened this morning?", "this morning"},
		{"Who won the most seats in last night's regional election?", "last night's"},
		{"Why did petrol prices at the pump rise again this month?", "this month"},
		{"Why did the stock market fall when bond yields rose this week?", "this week"},
		{"Did the news report how much the winning bid was at the charity auction?", "the news"},
		{"What did news reports say about the collapse of the talks?", "news reports"},
		// Not anchored to the news of a day.
		{"Why do news outlets slant their stories toward their readers' beliefs?", ""},
		{"Should a shopping app tell all its sellers how busy next week will be?", ""},
		{"Why does the last mover have an advantage in this game?", ""},
		{"Does this year's tournament format reward sandbagging?", ""},
		{"Why is a Nash equilibrium stable?", ""},
	} {
		assert.Equal(t, tt.want, NewsAnchor(tt.q), tt.q)
	}
}

func TestResultLookup(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"Who won the 2019 Champions League final and what was the score of the match?", "who won"},
		{"Who won the 2020 presidential election in Arizona and by how many votes?", "who won"},
		{"So who will win the league this season?", "who will win"},
		{"What was the final score of the match against Leeds?", "the score of"},
		{"What were the results of the 2020 presidential election in Georgia?", "the results of"},
		{"What was the result of the last game between the two teams?", "the result of"},
		// How or why a contest is won is the field's.
		{"What were the results of the experiment on trust games?", ""},
		{"Who won the election under plurality rule even though a majority preferred another candidate?", ""},
		{"Who won the spectrum auction, and why did they bid so high?", ""},
		{"Who wins a war of attrition?", ""},
		{"Why does the highest bidder not always win?", ""},
		{"Who should win under the Borda count when the majority prefers another candidate?", ""},
		{"How does the scoring rule change who wins?", ""},
	} {
		assert.Equal(t, tt.want, ResultLookup(tt.q), tt.q)
	}
}
