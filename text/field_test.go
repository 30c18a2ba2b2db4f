package text

import "testing"

func TestNamesTheField(t *testing.T) {
	for s, want := range map[string]bool{
		"Who won the Nobel prize for game theory?":          true,
		"Why are game-theoretic models of war so simple?":   true,
		"Is it game theoretically sound to bluff?":          true,
		"What do game theorists mean by rationality?":       true,
		"What is a board game with a theory behind it?":     false,
		"Which games did the theory of evolution start on?": false,
	} {
		if got := NamesTheField(s); got != want {
			t.Errorf("NamesTheField(%q) = %v, want %v", s, got, want)
		}
	}
	if got := WithoutFieldName("In game theory, why would you bluff?"); got != "In  , why would you bluff?" {
		t.Errorf("WithoutFieldName: %q", got)
	}
}
