package text

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func names(cs []Concept) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

func TestFocal(t *testing.T) {
	tests := []struct {
		q    string
		want []string
	}{
		{"How do you compute the Shapley value of a three-player game?", []string{"Shapley value"}},
		{"What is Bayesian persuasion?", []string{"Bayesian persuasion"}},
		{"What are mean field games?", []string{"mean field games"}},
		{"Why does tit-for-tat do well in the iterated prisoner's dilemma?", []string{"tit-for-tat", "iterated prisoner's dilemma"}},
		{"What is the price of anarchy in routing games?", []string{"price of anarchy", "routing games"}},
		{"What does Arrow's impossibility theorem state?", []string{"Arrow's impossibility theorem"}},
		{"Explain the IPD and ESS", []string{"iterated prisoner's dilemma", "evolutionarily stable strategy"}},
		{`What is "cheap talk" in signalling games?`, []string{"cheap talk", "signalling games"}},
		{"Why do players defect in the prisoner's dilemma?", []string{"prisoner's dilemma", "defect"}},
		{"What is the core of a cooperative game?", []string{"core", "cooperative game"}},
		{"Is the core always non-empty?", []string{"core", "non-empty"}},
		// A comparative starts what the phrase is said to be: the
		// judge once looked for "territorial animals less aggressive"
		// in a paper on restraint in hawk-dove contests. "least core"
		// is a concept, and stays one.
		{"Why are territorial animals less aggressive than strangers?", []string{"territorial animals", "aggressive", "strangers"}},
		{"Is the least core ever empty?", []string{"least core", "empty"}},
		// After a copula, an adjective ending the run is what the
		// question asks of its subject, a phrase of its own:
		// "defecting rational" came before the prisoner's dilemma, and
		// the answer opened on repeated games. One an adverb qualifies
		// ("evolutionarily stable") stays whole.
		{"Why is defecting rational in the one-shot prisoner's dilemma?", []string{"prisoner's dilemma", "defecting", "rational", "one-shot"}},
		{"Is mutual cooperation stable in the repeated prisoner's dilemma?", []string{"mutual cooperation", "repeated prisoner's dilemma", "stable"}},
		{"Is tit-for-tat evolutionarily stable?", []string{"tit-for-tat", "evolutionarily stable"}},
		{"What is a game?", []string{"game"}},
		{"Is the Nash equilibrium of a zero-sum game unique?", []string{"Nash equilibrium", "zero-sum game", "unique"}},
		{"Who wins a war of attrition?", []string{"war of attrition"}},
		// The popular name of Hotelling's result: without it the
		// question named no term, "Hotelling" read as a name the field
		// does not know, and it was refused as off-topic.
		{"What is Hotelling's law?", []string{"Hotelling's law"}},
		{"How does the Gale-Shapley algorithm find a stable matching?", []string{"Gale-Shapley algorithm", "stable matching"}},
		{"What are zero-determinant strategies in the iterated prisoner's dilemma?", []string{"zero-determinant strategies", "iterated prisoner's dilemma"}},
		{"What does the Nash bargaining solution maximise?", []string{"Nash bargaining solution"}},
		{"What is an information set in an extensive-form game?", []string{"information set", "extensive-form game"}},
		{"What is a stochastic game in the sense of Shapley?", []string{"stochastic game", "sense of Shapley"}},
		// A word in -ed before "by" is a passive verb; filler adverbs
		// are no part of a phrase.
		{"Can tolls fix the inefficiency caused by selfish drivers?", []string{"selfish drivers", "tolls", "inefficiency"}},
		{"Is a bid placed by a proxy binding?", []string{"proxy binding", "bid"}},
		// Fillers that open a typed question name nothing.
		{"What goes wrong for tit for tat when players make mistakes?", []string{"tit for tat", "mistakes"}}, // "goes" is a question's verb (QuestionWords)
		{"What's the difference between perfect information and perfect recall?", []string{"perfect information", "perfect recall"}},
		{"quick one: supermodular games, what are they?", []string{"supermodular games"}},
		{"ok so what is a Nash equilibrium?", []string{"Nash equilibrium"}},
		// A light verb after a noun is its verb.
		{"How much effort do contestants put in under a Tullock contest?", []string{"Tullock contest", "effort", "contestants"}},
		{"What algorithm quickly computes the Banzhaf index of a parliament?", []string{"Banzhaf index", "algorithm", "parliament"}},
		{"What did the winning strategy actually do?", []string{"winning strategy"}},
		// The word after an opening "who" is a verb; so is the word
		// after the subject of a question that puts its auxiliary
		// first; "anyone" is an actor, not a topic.
		// Words that frame a why-question ("is it smart to") or stand
		// for any object ("something") name no topic.
		{"Why is it smart to bid exactly what something is worth to you?", []string{"bid", "worth"}},
		{"Who came up with the Nash equilibrium?", []string{"Nash equilibrium"}},
		{"Who invented mechanism design?", []string{"mechanism design"}},
		{"Why did tit-for-tat win Axelrod's tournaments?", []string{"tit-for-tat", "Axelrod's tournaments"}},
		{"Does the Shapley value satisfy additivity?", []string{"Shapley value", "additivity"}},
		{"Is the Shapley value additive?", []string{"Shapley value", "additive"}},
		{"What is a mixed strategy and why would anyone randomize?", []string{"mixed strategy", "randomize"}},
		{"What did Schelling contribute to game theory?", []string{"Schelling"}},
		{"What does tit-for-tat teach game theorists?", []string{"tit-for-tat"}},
		{"What did the winning strategy do in the tournament?", []string{"winning strategy", "tournament"}},
		{"How can cooperation survive in the prisoner's dilemma?", []string{"prisoner's dilemma", "cooperation"}},
		{"Why does trust emerge?", []string{"trust"}},
		{"Can repeated games sustain cooperation?", []string{"repeated games", "cooperation"}},
		{"How does signalling solve adverse selection?", []string{"adverse selection", "signalling"}},
		{"Does the stage game folk theorem need patience?", []string{"folk theorem", "stage game", "patience"}},
		{"Can you explain von Neumann's minimax theorem like I'm not a mathematician?", []string{"von Neumann's", "minimax theorem", "mathematician"}},
		{"Why do two people haggle over a surplus?", []string{"haggle", "surplus"}},
		{"Can two firms collude in Bertrand competition?", []string{"Bertrand competition", "collude"}},
		// After "each" or "every" the noun is singular: a word in -s
		// after it is its verb.
		{"Looking at a bimatrix, which payoff in each cell belongs to which player?", []string{"bimatrix", "cell"}},
		{"What happens when every student applies to one school?", []string{"student", "school"}},
		// A possessive name is less specific than the glossary term it
		// credits.
		{"What is Selten's chain-store paradox?", []string{"chain-store paradox", "Selten's"}},
		{"What is it?", nil},
		{"", nil},
		// A term negated by "non-" is still the term the question is
		// about; a word that is no term keeps its prefix.
		{"Can a non-ESS strategy take over a population?", []string{"evolutionarily stable strategy", "take", "population"}},
		{"What is a non-zero-sum game?", []string{"zero-sum game"}},
		{"Why are non-binding agreements a problem?", []string{"non-binding"}},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			require.Equal(t, tt.want, names(Focal(tt.q)))
		})
	}
}

func TestFocalAcronymsOnlyAsWritten(t *testing.T) {
	// "ne" and "da" are not the acronyms NE and DA.
	require.Equal(t, []string{"Nash equilibrium"}, names(Focal("Is there an NE here?")))
	require.NotContains(t, names(Focal("Is there a da capo in game music?")), "deferred acceptance")
}

func TestConceptIn(t *testing.T) {
	focal := func(q string) Concept {
		cs := Focal(q)
		require.NotEmpty(t, cs, q)
		return cs[0]
	}
	tests := []struct {
		q, passage string
		want       bool
	}{
		{"What are mean field games?", "Mean-field games model a continuum of players.", true},
		{"What are mean field games?", "The field was founded by John von Neumann, who studied games.", false},
		{"How is the Shapley value computed?", "The Shapley values of the three players sum to v(N).", true},
		{"How is the Shapley value computed?", "Shapley proved that the value is unique.", false},
		{"What is the price of anarchy?", "The Price of Anarchy bounds the loss.", true},
		{"What is the price of anarchy?", "The PoA of routing games is 4/3.", true},
		{"What is tit-for-tat?", "Tit for tat cooperates first.", true},
		{"What is tit for tat?", "Tit-for-tat won Axelrod's tournament.", true},
		{"What is Bayesian persuasion?", "A Bayesian Nash equilibrium is a profile of strategies.", false},
		{"What is the IPD?", "In the iterated prisoner's dilemma cooperation can emerge.", true},
		{"Explain behaviour in ultimatum games", "Behavior in the ultimatum game is fair.", true},
		{"What is a zero-sum game?", "In two-player zero-sum games the minimax value is unique.", true},
		{"What is a zero sum game?", "Zero-sum games are strictly competitive.", true},
		// An adjective and its adverb are one word; the stemmer already
		// makes "dominated", "dominates" and "dominance" one.
		{"What is weak dominance?", "A strategy weakly dominates another if it is never worse.", true},
		{`What does "weakly dominated" mean?`, "Under weak dominance the order of deletion matters.", true},
		{"What is an evolutionarily stable strategy?", "An evolutionary stable strategy resists invasion.", true},
		// Other endings do not make another word the same one, nor does
		// a noun in -ly lose its plural.
		{"What is weak dominance?", "A weaker dominance relation.", false},
		{"What is weak dominance?", "The weakest dominance relation.", false},
		{"What is a monopoly?", "Monopolies restrict output.", true},
	}
	for _, tt := range tests {
		t.Run(tt.q+" / "+tt.passage, func(t *testing.T) {
			require.Equal(t, tt.want, focal(tt.q).In(tt.passage))
		})
	}
}

func TestExpand(t *testing.T) {
	tests := []struct {
		phrase string
		want   []string
	}{
		{"IPD", []string{"IPD", "iterated prisoner's dilemma", "repeated prisoner's dilemma"}},
		{"tit-for-tat", []string{"tit-for-tat", "TFT", "tit for tat"}},
		{"price of anarchy", []string{"price of anarchy", "PoA"}},
		{"VCG", []string{"VCG", "Vickrey-Clarke-Groves mechanism", "VCG mechanism", "VCG auction", "Vickrey-Clarke-Groves auction", "Clarke pivot rule", "Vickrey Clarke Groves mechanism", "Vickrey Clarke Groves auction"}},
		{"behaviour", []string{"behaviour", "behavior"}},
		{"  Bayesian   persuasion ", []string{"Bayesian persuasion", "information design"}},
		{"banana bread", []string{"banana bread"}},
	}
	for _, tt := range tests {
		t.Run(tt.phrase, func(t *testing.T) {
			got := Expand(tt.phrase)
			for _, w := range tt.want {
				require.Contains(t, got, w)
			}
			require.Equal(t, tt.want[0], got[0], "the phrase comes first")
		})
	}
	// A glossary form that differs only by inflection adds nothing.
	require.Equal(t, []string{"Shapley values"}, Expand("Shapley values"))
	require.Equal(t, []string{"mean field games", "mean-field game", "MFG"}, Expand("mean field games"))
	for _, a := range []string{"IPD", "ESS", "SPE", "PBE", "BNE", "VCG", "PoA", "CE", "CCE", "MARL", "NE"} {
		require.Greater(t, len(Expand(a)), 1, "glossary acronym %s", a)
	}
}

// A form that Tokenize leaves with one word of the field's everyday prose,
// or a form of several words left with one, would name the term in any
// question using that word: "May's theorem",
// whose "May" is a stop word, named May's theorem in every question about
// a theorem.
func TestGlossaryFormsKeepTheirIdentity(t *testing.T) {
	vague := map[string]bool{}
	for _, w := range []string{"theorem", "game", "games", "model", "paradox", "mechanism", "equilibrium", "principle", "problem", "rule", "law", "dilemma", "value", "auction", "strategy", "learning", "voting"} {
		vague[joinTerms(phraseTerms(w))] = true
	}
	for _, term := range glossary {
		for _, f := range term.forms() {
			k := joinTerms(phraseTerms(f))
			require.False(t, vague[k] || GenericWords.Has(k), "form %q of %q is only %q", f, term.name, k)
			// Hyphens part words too: "α-Rank" was only "rank", the
			// tokenizer dropping "α".
			if len(strings.FieldsFunc(f, func(r rune) bool { return r == ' ' || r == '-' })) > 1 {
				require.GreaterOrEqual(t, len(phraseTerms(f)), 2, "form %q of %q loses a word to the stop words: only %q", f, term.name, k)
			}
		}
	}
}

func TestGlossaryFormsAreUnambiguous(t *testing.T) {
	// Two terms sharing a form would make lookup depend on map order; so
	// would two whose forms differ only in the noun naming a procedure
	// (formKey).
	owner := map[string]string{}
	for _, term := range glossary {
		for _, f := range term.forms() {
			k := formKey(phraseTerms(f))
			require.NotEmpty(t, k, "form %q of %q has no terms", f, term.name)
			if o, ok := owner[k]; ok {
				require.Equal(t, o, term.name, "form %q", f)
			}
			owner[k] = term.name
		}
	}
}

func joinTerms(ts []string) string {
	s := ""
	for _, t := range ts {
		s += t + " "
	}
	return s
}

func TestWords(t *testing.T) {
	require.Equal(t, []string{"why", "does", "tit-for-tat", "beat", "prisoner's", "dilemma"},
		Words("Why does Tit-for-Tat beat a prisoner's dilemma?"))
	require.Nil(t, Words(" - ' a "))
}

// A named procedure goes by any of its nouns: the glossary's
// "Gale-Shapley algorithm" is the student's "Gale-Shapley procedure" or
// "Gale-Shapley method"; a noun that names no procedure finds nothing.
func TestProcedureGoesByAnyNoun(t *testing.T) {
	for _, name := range []string{"Gale-Shapley procedure", "Gale-Shapley method", "Lemke-Howson method", "Clarke pivot mechanism"} {
		c := PhraseConcept(name)
		require.True(t, c.Known, name)
	}
	require.Contains(t, Expand("Gale-Shapley procedure"), "deferred acceptance")
	require.False(t, PhraseConcept("Gale-Shapley theorem").Known)
	require.False(t, PhraseConcept("majority rule").Known)
}

func TestWordSets(t *testing.T) {
	require.True(t, StopWords.Has("the"))
	require.False(t, StopWords.Has("not"), "not carries meaning")
	require.True(t, QuestionWords.Has("explain"))
	require.True(t, GenericWords.Has("equilibrium"))
	require.Contains(t, GenericWords.Words(), "player")
}

// FuzzFocal checks that any question yields concepts that mention
// themselves: a concept whose own name does not match it could never be
// found in a passage.
func FuzzFocal(f *testing.F) {
	for _, s := range []string{"What is the IPD?", `"a" "`, "price of the", "tit-for-", "PoA PoA", "Arrow's", "\u201cx\u201d", "of of of"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		for _, c := range Focal(q) {
			require.NotEmpty(t, c.Name)
			require.True(t, c.In(c.Name), "concept %q does not match its own name", c.Name)
			for _, v := range c.Variants {
				require.True(t, c.In(v), "concept %q does not match its variant %q", c.Name, v)
			}
		}
	})
}

// A question about some other theorem names no glossary term (a form
// that tokenized to "theorem" alone once did: TestGlossaryFormsKeepTheirIdentity).
func TestOtherTheoremsNameNoTerm(t *testing.T) {
	for _, c := range Focal("What does the Nash embedding theorem say?") {
		require.False(t, c.Known, "%q is no glossary term", c.Name)
	}
	cs := Focal("What does May's majority theorem say about two alternatives?")
	require.NotEmpty(t, cs)
	require.True(t, cs[0].Known, "the term's full form still names it: %v", cs[0].Name)
}

// The field's basic vocabulary of extensive-form games is glossary terms,
// so that a question comparing them is game theory and is answered from
// the passages that name them.
func TestInformationTermsAreGlossaryTerms(t *testing.T) {
	for _, c := range Focal("What's the difference between perfect information and perfect recall in games of imperfect information?") {
		require.True(t, c.Known, c.Name)
	}
}

// A glossary form never runs across a conjunction it does not hold: the
// stop words fall out of a form's terms, so "costs and a share" once read
// as "cost sharing" and sent a question on the Diamond paradox to
// cost-sharing papers. Forms written with theirs still match.
func TestFocalTermsDoNotRunAcrossConjunctions(t *testing.T) {
	got := names(Focal("How do heterogeneous search costs and a share of fully informed shoppers resolve the Diamond paradox?"))
	require.NotContains(t, got, "costs and a share")
	require.Contains(t, got, "Diamond paradox")
	require.Contains(t, names(Focal("What is the divide and choose procedure?")), "divide and choose")
	require.Contains(t, names(Focal("Who proposed cops and robbers on graphs?")), "cops and robbers")
	require.Contains(t, names(Focal("Does the price of anarchy grow with the number of players?")), "price of anarchy")
}

// A sloppy question writes the field's acronyms in lower case ("chatgpt
// style llm agents", "is vcg truthful"); those that are no English word
// and no other field's acronym are read as written in capitals. "ne",
// "tft" (a display) and "cfr" (federal regulations) are not.
func TestFocalReadsSafeAcronymsInLowerCase(t *testing.T) {
	require.Contains(t, names(Focal("how good are chatgpt style llm agents at negotiating rent deals")), "large language model")
	require.Contains(t, names(Focal("is vcg truthful")), "Vickrey-Clarke-Groves mechanism")
	require.Contains(t, names(Focal("why does tit for tat win the ipd")), "iterated prisoner's dilemma")
	require.NotContains(t, names(Focal("is the tft screen on my laptop broken")), "tit-for-tat")
	require.NotContains(t, names(Focal("Is there an ne corner here?")), "Nash equilibrium")
}

// A contraction with its apostrophe is a stop word like its bare form: it
// never opens a glossary form, so "What's the Shapley value?" names the
// Shapley value (and searches for it), not "What's the Shapley value".
func TestFocalDropsContractionsBeforeATerm(t *testing.T) {
	require.Equal(t, []string{"Shapley value"}, names(Focal("What's the Shapley value?")))
	require.Equal(t, []string{"Nash equilibrium"}, names(Focal("What’s a Nash equilibrium?")))
}

// NamedIn is In by the concept's name alone.
func TestConceptNamedIn(t *testing.T) {
	c := Focal("What is a sequential equilibrium?")[0]
	require.Equal(t, "sequential equilibrium", c.Name)
	require.True(t, c.In("Sequential rationality: the mover's strategy is optimal."), "a variant is In")
	require.False(t, c.NamedIn("Sequential rationality: the mover's strategy is optimal."), "but it is not the name")
	require.True(t, c.NamedIn("Sequential equilibria, defined by Kreps and Wilson, strengthen consistency."))
}

// A form of several words whose other words are stop words ("all pay",
// of the all-pay auction) is one term once tokenized, and was said by
// every text saying "pay": an abstract whose employers "pay each level of
// schooling" was taken for a paper on the war of attrition. Such a form
// counts only where its words are written together; an article is no
// such word ("the core" is said by "core").
func TestPhraseOfOneTermNeedsItsWords(t *testing.T) {
	allPay := PhraseConcept("all pay")
	require.False(t, allPay.In("Employers pay each level of schooling the wage of the type who chooses it."))
	require.Equal(t, -1, allPay.Position("Employers pay each level of schooling."))
	require.False(t, allPay.NamedIn("Employers pay each level of schooling."))
	for _, s := range []string{"In an all-pay auction every bidder pays.", "All pay their bids.", "an all\u2011pay contest"} {
		require.True(t, allPay.In(s), s)
		require.True(t, allPay.NamedIn(s), s)
		require.GreaterOrEqual(t, allPay.Position(s), 0, s)
	}
	core := PhraseConcept("the core")
	require.True(t, core.In("A core allocation exists."), "an article is not needed")
	require.True(t, PhraseConcept("war of attrition").In("a war of attrition"))
}

func TestConceptSpecific(t *testing.T) {
	for name, want := range map[string]bool{
		"oligopoly":            true,
		"Nash equilibrium":     true,
		"pure-strategy game":   true,
		"types of games":       true,
		"games":                false,
		"strategy":             false,
		"two-player game":      false,
		"the player's payoffs": false,
	} {
		if got := (Concept{Name: name}).Specific(); got != want {
			t.Errorf("Concept{%q}.Specific() = %v, want %v", name, got, want)
		}
	}
}
