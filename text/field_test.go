package text

import (
	"slices"
	"testing"
)

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

func TestWithoutFieldNameTakesTheWordsThatSayItIsAField(t *testing.T) {
	requireRewrites(t, "WithoutFieldName", WithoutFieldName, map[string]string{
		"Who invented game theory as a field?":     "Who invented  ?",
		"When did the field of game theory begin?": "When did   begin?",
		"Is mean field game theory hard?":          "Is mean field   hard?",
		"What does game theory say about fields?":  "What does   say about fields?",
	})
}

func TestWithoutFieldQualifierTakesOnlyTheFieldAsAQualifier(t *testing.T) {
	requireRewrites(t, "WithoutFieldQualifier", WithoutFieldQualifier, map[string]string{
		"What is an oligopoly in game theory?":               "What is an oligopoly?",
		"What does common knowledge mean in Game-Theory?":    "What does common knowledge mean?",
		"In game theory, why would you bluff?":               " why would you bluff?",
		"Why bluff, in the field of game theory?":            "Why bluff?",
		"Is game theory realistic?":                          "Is game theory realistic?",
		"Who invented game theory?":                          "Who invented game theory?",
		"What are the limits of game theory in economics?":   "What are the limits of game theory in economics?",
		"How is it used in evolutionary game theory?":        "How is it used in evolutionary game theory?",
		"What is the role of information in game theorists'": "What is the role of information in game theorists'",
	})
}

func TestFieldOrigin(t *testing.T) {
	for q, want := range map[string][]string{
		"Who invented game theory?":                       {"invented"},
		"Who actually invented game theory as a field?":   {"invented"},
		"When did game theory start?":                     {"start"},
		"Who is the father of game theory?":               {"father"},
		"What is the history of game theory?":             {"history"},
		"Where did game theory come from?":                {"come", "from"},
		"Who came up with game theory?":                   {"came", "up", "with"},
		"Who was the first person to study game theory?":  {"first", "person"},
		"Which game theory result came first?":            nil, // asks neither who nor when
		"How do players start a game of chicken?":         nil, // no field named
		"In game theory, who moves first at the start?":   nil, // asks of a game, not of the field
		"In game theory, why would you bluff?":            nil,
		"Who founded the field of game theory, and when?": {"founded"},
	} {
		got := FieldOrigin(q)
		if !slices.Equal(got, want) {
			t.Errorf("FieldOrigin(%q) = %q, want %q", q, got, want)
		}
	}
}

func TestConceptOrigin(t *testing.T) {
	for q, want := range map[string][]string{
		"Who invented the prisoner's dilemma?":                                {"invented"},
		"Who came up with the Shapley value?":                                 {"came", "up", "with"},
		"When was the prisoner's dilemma invented?":                           {"invented"},
		"In what year did the stag hunt begin?":                               {"begin"},
		"Who was the first to study evolutionarily stable strategies?":        {"first"},
		"Where does Harsanyi's trick of letting Nature pick types come from?": {"come", "from"},
		"Who introduced the core?":                                            nil, // the sources' own word
		"Who invented game theory?":                                           nil, // the field's (FieldOrigin)
		"How do players start a game of chicken?":                             nil, // asks neither who nor when
		"When two agents invent their own language, why is it hard to read?":  nil, // "when" of a condition
		"When a budget airline starts flying a route, do fares fall?":         nil,
		"Who wins a second-price auction?":                                    nil,
	} {
		got := ConceptOrigin(q)
		if !slices.Equal(got, want) {
			t.Errorf("ConceptOrigin(%q) = %q, want %q", q, got, want)
		}
	}
}

// Origin gives the field's beginnings and a concept's the words sources
// say them with, so that every reader of a question's words reads them
// alike.
func TestOrigin(t *testing.T) {
	for q, want := range map[string][2][]string{
		"Who invented game theory?":            {{"invented"}, {Founded}},
		"Who invented the prisoner's dilemma?": {{"invented"}, OriginWords},
		"What is the prisoner's dilemma?":      {nil, nil},
	} {
		asked, said := Origin(q)
		if !slices.Equal(asked, want[0]) || !slices.Equal(said, want[1]) {
			t.Errorf("Origin(%q) = %q, %q, want %q, %q", q, asked, said, want[0], want[1])
		}
	}
	if OriginWords[0] != Introduced {
		t.Errorf("OriginWords[0] = %q, want %q", OriginWords[0], Introduced)
	}
}

func TestWithoutLife(t *testing.T) {
	requireRewrites(t, "WithoutLife", WithoutLife, map[string]string{
		"Is game theory useful in real life?": "Is game theory useful in  ?",
		"used in the real-world":              "used in the  ",
		"real estate in the world":            "real estate in the world",
	})
	if !HasLifeIdiom("examples in everyday life") || HasLifeIdiom("a real number") {
		t.Error("HasLifeIdiom")
	}
}

// requireRewrites requires f, called name, to turn each key of cases into
// its value.
func requireRewrites(t *testing.T, name string, f func(string) string, cases map[string]string) {
	t.Helper()
	for in, want := range cases {
		if got := f(in); got != want {
			t.Errorf("%s(%q) = %q, want %q", name, in, got, want)
		}
	}
}
