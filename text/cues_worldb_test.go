package text

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestToldBParaphrases(t *testing.T) {
	for _, tt := range []struct{ q, term string }{
		{"Is it true that shutting a bridge once made travel times in a city quicker?", "Braess's paradox"},
		{"Why would removing a road make commutes shorter for drivers?", "Braess's paradox"},
		{"Do betting markets predict elections more accurately than polls?", "prediction market"},
		{"Can betting exchanges aggregate what traders know about a vote?", "prediction market"},
		{"If people trade contracts that pay a dollar if an event happens, does the price give its probability?", "prediction market"},
	} {
		assert.Contains(t, names(Evoked(tt.q)), tt.term, tt.q)
	}
}

func TestToldBEverydayQuestions(t *testing.T) {
	for _, q := range []string{
		"Should I place a bid on a used road bike in an online auction, or wait for the price to drop on Black Friday?",
		"Which used cars hold their price best on rough roads?",
		"Is the road to the airport closed for the marathon on Sunday?",
		"Will the bridge closure make my commute longer next week?",
		"Which betting sites give the best odds on the World Cup final?",
		"How do I stop betting on football every weekend?",
		"Is sports betting legal in my state?",
		"What is the best strategy for a road trip with kids?",
		"Why did the street market close early today?",
		"Do polls or surveys predict which restaurant will get a Michelin star?",
	} {
		assert.Empty(t, Evoked(q), q)
	}
}
