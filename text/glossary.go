package text

import (
	"slices"
	"strings"
	"sync"
)

// A term of the glossary: the name it is best known by, its acronyms and
// the other ways papers write it. Forms are compared through phraseTerms, so
// plurals, possessives and hyphens need no entries of their own ("Shapley
// values", "prisoners' dilemma" and "zero sum game" already match).
type term struct {
	name     string
	acronyms []string
	variants []string
	// outside marks a term from outside game theory, listed for its
	// acronym ("LLM"): naming it does not make a question game theory.
	outside bool
}

// glossary is the field's standard vocabulary, not every phrase of it:
// the acronyms a student types and the variants that share no stem with
// the name ("Vickrey auction" for "second-price auction"). A term belongs
// here when leaving it out would make a question miss the passages or
// papers that answer it.
//
// A form should not be an everyday word or phrase ("housing market",
// "purification", "cartel", "gift exchange"), nor an acronym that is one
// elsewhere (MMS, RSD, NSW): a question naming a form is game theory, so
// such a form would turn a question about house prices or a drug cartel
// into a search of arXiv. The term then goes by its field's name
// ("Shapley-Scarf housing market"), the everyday phrase is a related
// phrase (cues.go), and cues recognise the idea in context. A few forms
// still are ("nucleolus", "collusion", "beauty contest"): the field's
// questions name them plainly, and no other name would be found.
var glossary = slices.Concat(coreGlossary, moreTerms, laterTerms, textbookTerms)

// coreGlossary is the glossary as first written; moreTerms (glossary_more.go)
// and laterTerms (glossary_worldc.go) add terms of the field it lacked.
var coreGlossary = []term{
	{name: "Nash equilibrium", acronyms: []string{"NE"}},
	{name: "mixed-strategy Nash equilibrium", acronyms: []string{"MSNE"}, variants: []string{"mixed Nash equilibrium", "mixed equilibrium", "mixed-strategy equilibrium"}},
	{name: "pure-strategy Nash equilibrium", acronyms: []string{"PSNE"}, variants: []string{"pure Nash equilibrium", "pure equilibrium", "pure-strategy equilibrium"}},
	{name: "subgame perfect equilibrium", acronyms: []string{"SPE", "SPNE"}, variants: []string{"subgame perfect Nash equilibrium", "subgame perfection"}},
	{name: "perfect Bayesian equilibrium", acronyms: []string{"PBE"}, variants: []string{"perfect Bayesian Nash equilibrium"}},
	{name: "Bayesian Nash equilibrium", acronyms: []string{"BNE"}, variants: []string{"Bayes-Nash equilibrium"}},
	{name: "Markov perfect equilibrium", acronyms: []string{"MPE"}},
	{name: "quantal response equilibrium", acronyms: []string{"QRE"}},
	{name: "trembling-hand perfect equilibrium", acronyms: []string{"THPE"}, variants: []string{"trembling hand perfection", "perfect equilibrium"}},
	{name: "correlated equilibrium", acronyms: []string{"CE"}},
	{name: "coarse correlated equilibrium", acronyms: []string{"CCE"}},
	{name: "evolutionarily stable strategy", acronyms: []string{"ESS"}, variants: []string{"evolutionary stable strategy", "evolutionarily stable state"}},
	{name: "iterated prisoner's dilemma", acronyms: []string{"IPD"}, variants: []string{"repeated prisoner's dilemma"}},
	{name: "prisoner's dilemma", acronyms: []string{"PD"}},
	{name: "tit-for-tat", acronyms: []string{"TFT"}},
	{name: "Axelrod's tournament", variants: []string{"Axelrod tournament", "Axelrod's computer tournament"}},
	{name: "Vickrey-Clarke-Groves mechanism", acronyms: []string{"VCG"}, variants: []string{"VCG mechanism", "VCG auction", "Vickrey-Clarke-Groves auction", "Clarke pivot rule"}},
	{name: "second-price auction", variants: []string{"Vickrey auction", "second-price sealed-bid auction"}},
	{name: "first-price auction", variants: []string{"first-price sealed-bid auction"}},
	{name: "generalized second-price auction", acronyms: []string{"GSP"}},
	{name: "price of anarchy", acronyms: []string{"PoA"}},
	{name: "price of stability", acronyms: []string{"PoS"}},
	{name: "multi-agent reinforcement learning", acronyms: []string{"MARL"}, variants: []string{"multiagent reinforcement learning"}},
	{name: "counterfactual regret minimization", acronyms: []string{"CFR"}},
	{name: "no-regret learning", variants: []string{"regret minimization", "no-regret algorithm", "no-regret dynamics"}},
	{name: "mean field game", acronyms: []string{"MFG"}, variants: []string{"mean-field game"}},
	{name: "deferred acceptance", acronyms: []string{"DA"}, variants: []string{"Gale-Shapley algorithm"}},
	{name: "Shapley value"},
	{name: "Nash bargaining solution", acronyms: []string{"NBS"}, variants: []string{"Nash solution", "Nash bargaining", "Nash's bargaining solution"}},
	{name: "zero-sum game", variants: []string{"constant-sum game", "minimax game", "min-max game"}},
	{name: "minimax theorem"},
	{name: "folk theorem"},
	{name: "revelation principle"},
	{name: "revenue equivalence", variants: []string{"revenue equivalence theorem"}},
	{name: "Arrow's impossibility theorem", variants: []string{"Arrow's theorem"}},
	{name: "Gibbard-Satterthwaite theorem"},
	{name: "Braess's paradox", variants: []string{"Braess paradox"}},
	{name: "winner's curse"},
	{name: "battle of the sexes", acronyms: []string{"BoS"}},
	{name: "tragedy of the commons"},
	{name: "stag hunt"},
	{name: "hawk-dove game", variants: []string{"game of chicken", "chicken game", "snowdrift game"}},
	{name: "Stackelberg equilibrium", acronyms: []string{"SSE"}, variants: []string{"strong Stackelberg equilibrium"}},
	{name: "Stackelberg game"},
	{name: "potential game"},
	{name: "congestion game"},
	{name: "common knowledge"},
	{name: "cheap talk"},
	{name: "Bayesian persuasion", variants: []string{"information design"}},
	{name: "mechanism design"},
	{name: "fictitious play"},
	{name: "replicator dynamics", variants: []string{"replicator equation"}},
	{name: "backward induction"},
	{name: "Lemke-Howson algorithm"},
	{name: "extensive-form game", variants: []string{"game tree"}},
	{name: "normal-form game", variants: []string{"strategic-form game"}},
	{name: "public good", variants: []string{"public goods game"}},
	{name: "free rider", variants: []string{"free-rider problem", "free riding", "free ride"}},
	{name: "ultimatum game"},
	{name: "dictator game"},
	{name: "signalling game", variants: []string{"signaling game"}},
	{name: "mixed strategy"},
	{name: "pure strategy"},
	{name: "best response", variants: []string{"best reply"}},
	{name: "information set"},
	{name: "perfect information", variants: []string{"perfect-information game", "game of perfect information", "games of perfect information"}},
	{name: "imperfect information", variants: []string{"imperfect-information game", "game of imperfect information", "games of imperfect information"}},
	{name: "perfect recall"},
	{name: "payoff matrix"},
	{name: "separating equilibrium"},
	{name: "pooling equilibrium"},
	{name: "large language model", acronyms: []string{"LLM"}, variants: []string{"ChatGPT"}, outside: true},
	{name: "linear programming", acronyms: []string{"LP"}, variants: []string{"linear program"}, outside: true},
	{name: "Markov decision process", acronyms: []string{"MDP"}, outside: true},

	// Terms that students describe more often than they name; cues.go
	// lists the descriptions. Variants are true synonyms only: the answer
	// judge takes a passage naming a variant for one on the term.
	{name: "Zermelo's theorem", variants: []string{"Zermelo", "determinacy of chess"}},
	{name: "median voter theorem", variants: []string{"median voter", "Downsian convergence"}},
	{name: "Hotelling's location model", variants: []string{"Hotelling model", "Hotelling's law", "Hotelling game", "spatial competition", "principle of minimum differentiation"}},
	{name: "Rubinstein bargaining", variants: []string{"alternating offers", "alternating-offers bargaining", "Rubinstein bargaining model"}},
	{name: "Tullock contest", variants: []string{"lottery contest", "Tullock success function", "rent-seeking contest"}},
	{name: "all-pay auction"},
	{name: "war of attrition"},
	{name: "congestion pricing", variants: []string{"marginal-cost pricing", "marginal cost toll", "Pigouvian toll", "road pricing", "optimal tolls", "congestion toll"}},
	{name: "selfish routing", variants: []string{"Wardrop equilibrium", "traffic equilibrium", "traffic assignment"}},
	{name: "strategy-proofness", variants: []string{"strategyproof", "strategy-proof", "truthful mechanism", "dominant-strategy incentive compatible"}},
	{name: "optimal auction", variants: []string{"Myerson's optimal auction", "revenue-maximizing auction"}},
	{name: "Condorcet paradox", variants: []string{"Condorcet cycle", "voting paradox", "majority cycle", "cyclic majorities"}},
	{name: "stable matching", variants: []string{"stable marriage", "stable marriage problem"}},
	{name: "school choice", variants: []string{"student assignment"}},
	{name: "cake cutting"},
	{name: "fair division", variants: []string{"envy-free division"}},
	{name: "Kakutani's fixed-point theorem", variants: []string{"Kakutani fixed point theorem", "Kakutani's theorem"}},
	{name: "Nash's existence theorem", variants: []string{"existence of Nash equilibrium", "existence of Nash equilibria", "Nash's theorem"}},
	{name: "PPAD", variants: []string{"PPAD-completeness", "complexity of computing Nash equilibria"}},
	{name: "approximate Nash equilibrium", variants: []string{"epsilon-Nash equilibrium", "approximate equilibrium"}},
	{name: "support enumeration", variants: []string{"equilibrium enumeration", "enumeration of equilibria", "enumerating Nash equilibria"}},
	{name: "evolutionary game theory", acronyms: []string{"EGT"}, variants: []string{"evolutionary dynamics", "evolutionary game"}},
	{name: "imitation dynamics", variants: []string{"imitation dynamic", "pairwise comparison rule", "Fermi rule"}},
	{name: "spatial games", variants: []string{"network reciprocity", "spatial prisoner's dilemma", "games on graphs", "evolutionary graph theory"}},
	{name: "coordination game"},
	{name: "focal point", variants: []string{"Schelling point"}},
	{name: "level-k thinking", variants: []string{"level-k reasoning"}},
	{name: "cognitive hierarchy"},
	{name: "beauty contest", variants: []string{"p-beauty contest", "Keynesian beauty contest", "guessing game"}},
	{name: "principal-agent problem", variants: []string{"principal-agent model"}},
	{name: "moral hazard"},
	{name: "adverse selection", variants: []string{"market for lemons", "lemons problem"}},
	{name: "Cournot competition", variants: []string{"Cournot oligopoly", "Cournot model", "Cournot equilibrium", "quantity competition"}},
	{name: "Bertrand competition", variants: []string{"Bertrand model", "Bertrand oligopoly"}},
	{name: "collusion", variants: []string{"tacit collusion"}},
	{name: "repeated game", variants: []string{"infinitely repeated game"}},
	{name: "finitely repeated game", variants: []string{"finitely repeated prisoner's dilemma", "finite horizon repeated game"}},
	{name: "centipede game"},
	{name: "chain-store paradox", variants: []string{"chain store game"}},
	{name: "entry deterrence"},
	{name: "security game", variants: []string{"Stackelberg security game", "patrolling game"}},
	{name: "Colonel Blotto game", variants: []string{"Blotto game", "Colonel Blotto"}},
	{name: "information cascade", variants: []string{"herd behaviour", "informational cascade"}},
	{name: "global game"},
	{name: "Bayesian game", variants: []string{"game of incomplete information", "incomplete-information game"}},
	{name: "matching pennies"},
	{name: "Myerson-Satterthwaite theorem", variants: []string{"Myerson-Satterthwaite impossibility", "Myerson-Satterthwaite impossibility theorem"}},
	{name: "behavioral game theory", variants: []string{"experimental game theory"}},
	{name: "agreement theorem", variants: []string{"agreeing to disagree", "Aumann's agreement theorem"}},
	{name: "best-response dynamics", variants: []string{"better-response dynamics"}},
	{name: "first-mover advantage"},
	{name: "risk dominance", variants: []string{"risk-dominant equilibrium"}},
	{name: "volunteer's dilemma", variants: []string{"bystander effect", "volunteer dilemma"}},
	{name: "grim trigger", variants: []string{"grim trigger strategy", "trigger strategy", "grim strategy"}},
	{name: "zero-determinant strategies", variants: []string{"zero-determinant strategy", "extortion strategies", "extortionate strategies"}},
	{name: "Moran process", variants: []string{"fixation probability", "fixation probabilities"}},
	{name: "rock-paper-scissors", variants: []string{"cyclic dominance", "rock paper scissors game"}},
	{name: "handicap principle", variants: []string{"honest signalling", "costly signalling theory"}},
	{name: "job market signalling", variants: []string{"job market signaling", "Spence signalling", "education signalling"}},
	{name: "intuitive criterion", variants: []string{"Cho-Kreps intuitive criterion"}},
	{name: "unravelling", variants: []string{"unraveling", "verifiable disclosure", "disclosure game"}},
	{name: "top trading cycles", acronyms: []string{"TTC"}},
	{name: "Shapley-Scarf housing market", variants: []string{"house allocation", "housing market problem", "housing market model"}},
	{name: "adjusted winner procedure", variants: []string{"adjusted winner"}},
	{name: "envy-freeness up to one good", acronyms: []string{"EF1"}},
	{name: "rent division", variants: []string{"fair rent division", "rental harmony"}},
	{name: "nucleolus"},
	{name: "bankruptcy problem", variants: []string{"claims problem", "Talmud rule"}},
	{name: "hedonic game", variants: []string{"hedonic coalition formation"}},
	{name: "Harsanyi purification", variants: []string{"purification theorem", "purification of mixed strategies"}},
	{name: "higher-order beliefs", variants: []string{"higher order beliefs", "belief hierarchy", "beliefs about beliefs"}},
	{name: "uncoupled dynamics", variants: []string{"uncoupled learning"}}, // dev27 (round 2 session 11) asked by this name
	{name: "optimistic gradient descent", variants: []string{"optimistic gradient", "last-iterate convergence", "extragradient"}},
	{name: "self-play"},
	{name: "sequential social dilemma"},
	{name: "emergent communication", variants: []string{"referential game"}},
	{name: "Bayes correlated equilibrium"},
	{name: "network creation game"},
	{name: "linkage principle", variants: []string{"affiliated values"}},
	{name: "green security game", variants: []string{"anti-poaching"}},
	{name: "legislative bargaining", variants: []string{"Baron-Ferejohn model", "random proposer"}},
	{name: "bargaining with private information", variants: []string{"bargaining delay"}},
	{name: "rank-order tournament", variants: []string{"tournament theory", "rank-order tournaments"}},
	{name: "crowdsourcing contest"},
	{name: "costly punishment", variants: []string{"altruistic punishment", "peer punishment"}},
	{name: "logit dynamics", variants: []string{"stochastic stability", "stochastically stable"}},
	{name: "polymatrix game"},
	{name: "discontinuous games", variants: []string{"better-reply security", "better reply secure"}},
	{name: "oddness theorem", variants: []string{"generic finiteness", "odd number of equilibria"}},
	{name: "imperfect public monitoring", variants: []string{"public monitoring", "imperfect monitoring"}},
	{name: "reputation effects", variants: []string{"reputation building"}},
	{name: "automated mechanism design", variants: []string{"differentiable economics", "RegretNet"}},
	{name: "single-peaked preferences", variants: []string{"single-peaked domain", "single peakedness"}},
	{name: "data Shapley", variants: []string{"data valuation"}},
	{name: "SHAP", variants: []string{"SHAP values", "Shapley additive explanations"}},
	{name: "cost allocation", variants: []string{"cost sharing", "Shapley cost allocation"}},
	{name: "algorithmic collusion", variants: []string{"collusion by algorithms"}},
	{name: "minority game", variants: []string{"El Farol bar problem", "El Farol", "Challet-Zhang model"}},
	{name: "Penrose square-root law", variants: []string{"square-root law", "square root weights", "two-tier voting"}},
	{name: "sunspot equilibrium", variants: []string{"sunspot equilibria"}},
	{name: "selfish load balancing", variants: []string{"load balancing game", "selfish scheduling", "machine scheduling game"}},
	{name: "network formation", variants: []string{"strategic network formation", "pairwise stability", "pairwise stable network", "pairwise stable"}},
	{name: "assignment game", variants: []string{"Shapley-Shubik assignment game", "assignment market"}},
	{name: "kidney exchange", variants: []string{"kidney paired donation", "paired kidney donation", "paired donation", "kidney exchange program"}},
	{name: "Banzhaf index", variants: []string{"Banzhaf power index", "Banzhaf power", "Banzhaf indices", "Banzhaf"}},
	{name: "Shapley-Shubik index", variants: []string{"Shapley-Shubik power index"}},
	{name: "weighted voting game", variants: []string{"weighted voting", "weighted majority game"}},
	{name: "core allocation", variants: []string{"nonempty core", "empty core", "Bondareva-Shapley theorem"}},

	// Standard concepts of the field's textbooks and surveys the glossary
	// lacked (solution concepts, auction formats, voting rules, matching
	// and fair-division mechanisms, combinatorial and dynamic games).
	{name: "iterated elimination of dominated strategies", acronyms: []string{"IESDS"}, variants: []string{"iterated dominance", "iterated deletion of dominated strategies", "dominance solvable", "dominance solvability"}},
	{name: "rationalizability", variants: []string{"rationalizable strategies", "rationalizable strategy"}},
	{name: "sequential equilibrium", variants: []string{"sequential equilibria", "sequential rationality"}},
	{name: "English auction", variants: []string{"ascending auction", "ascending-price auction", "open ascending auction", "Japanese auction"}},
	{name: "Dutch auction", variants: []string{"descending auction", "descending-price auction", "descending clock auction", "Dutch clock auction"}},
	// The format that first- and second-price auctions share, which a
	// question names alone ("Which sealed-bid auction is a Dutch clock
	// auction strategically equivalent to?").
	{name: "sealed-bid auction", variants: []string{"sealed-bid tender"}},
	{name: "combinatorial auction", variants: []string{"package auction", "package bidding", "combinatorial clock auction"}},
	{name: "double auction", variants: []string{"continuous double auction"}},
	{name: "spectrum auction", variants: []string{"FCC auction", "incentive auction", "simultaneous multiple round auction"}},
	{name: "dollar auction", variants: []string{"Shubik's dollar auction", "escalation game"}},
	{name: "Kalai-Smorodinsky bargaining solution", variants: []string{"Kalai-Smorodinsky solution"}},
	{name: "Nash demand game"},
	{name: "Condorcet jury theorem", variants: []string{"jury theorem"}},
	{name: "Borda count", variants: []string{"Borda rule", "Borda score"}},
	{name: "approval voting"},
	{name: "Nash social welfare", variants: []string{"maximum Nash welfare", "Nash welfare"}},
	{name: "maximin share", variants: []string{"maximin share guarantee", "maximin fair share"}},
	{name: "competitive equilibrium from equal incomes", acronyms: []string{"CEEI"}},
	{name: "Fisher market", variants: []string{"Eisenberg-Gale program", "Eisenberg-Gale convex program"}},
	{name: "random serial dictatorship", variants: []string{"random priority", "serial dictatorship"}},
	{name: "probabilistic serial", variants: []string{"probabilistic serial mechanism", "simultaneous eating algorithm"}},
	{name: "stable roommates problem", variants: []string{"stable roommates", "roommates problem"}},
	{name: "trust game"}, // not "investment game": stock-market games for students go by that name
	{name: "traveler's dilemma", variants: []string{"traveller's dilemma"}},
	{name: "kin selection", variants: []string{"Hamilton's rule", "inclusive fitness"}},
	{name: "indirect reciprocity", variants: []string{"image scoring", "stern judging"}},
	{name: "stochastic game", variants: []string{"Markov game", "Shapley's stochastic game"}},
	{name: "differential game", variants: []string{"pursuit-evasion game", "pursuit-evasion", "pursuit evasion"}},
	{name: "inspection game", variants: []string{"inspector game"}},
	{name: "hide-and-seek game", variants: []string{"search game", "hider-searcher game"}},
	{name: "graphical game"},
	{name: "Sprague-Grundy theorem", variants: []string{"Sprague-Grundy", "Grundy value", "Grundy number", "nim-value", "nimber", "combinatorial game theory", "impartial game"}},
	{name: "strategy-stealing argument", variants: []string{"strategy stealing"}},
	{name: "Coase theorem"},
	{name: "Coase conjecture", variants: []string{"durable goods monopoly"}},
	{name: "facility location game", variants: []string{"strategyproof facility location", "facility location mechanism"}},
	{name: "peer prediction", variants: []string{"Bayesian truth serum", "peer prediction mechanism"}},
	{name: "proper scoring rule", variants: []string{"strictly proper scoring rule"}},
	{name: "prediction market", variants: []string{"information market"}},
	{name: "Schelling segregation model", variants: []string{"Schelling's segregation model", "Schelling model", "Schelling game", "Schelling segregation"}},
	{name: "prophet inequality", variants: []string{"prophet inequalities"}},
	{name: "Boston mechanism", variants: []string{"immediate acceptance mechanism", "immediate acceptance"}},
	{name: "quadratic voting", acronyms: []string{"QV"}},
	{name: "liquid democracy", variants: []string{"delegative voting", "delegative democracy"}},
	{name: "participatory budgeting"},
	{name: "May's majority theorem"}, // not "May's theorem": "may" is a stop word, which leaves "theorem"
	{name: "liberal paradox", variants: []string{"Sen's liberal paradox", "impossibility of a Paretian liberal"}},
	{name: "Diamond-Dybvig model", variants: []string{"Diamond-Dybvig", "bank run model"}},
	{name: "inequity aversion", variants: []string{"inequality aversion", "Fehr-Schmidt preferences", "Fehr-Schmidt model"}},
	{name: "gift exchange game", variants: []string{"gift-exchange game"}},
	{name: "preemption game", variants: []string{"preemption games", "game of timing"}},
	{name: "patent race", variants: []string{"research race"}},
	{name: "anti-coordination game", variants: []string{"anticoordination game", "discoordination game"}},
	{name: "Lewis signaling game", variants: []string{"Lewis signalling game", "Lewis game"}},
	{name: "Blackwell approachability", variants: []string{"approachability theorem", "approachable set"}},
	{name: "DeGroot learning", variants: []string{"DeGroot model", "naive social learning"}},
	{name: "adaptive dynamics", variants: []string{"evolutionary branching", "invasion fitness"}},
	{name: "multilevel selection", variants: []string{"multi-level selection"}},
	{name: "Maskin monotonicity", variants: []string{"Nash implementation", "Maskin's theorem"}},
	{name: "Rothschild-Stiglitz screening", variants: []string{"Rothschild-Stiglitz model", "menu of contracts", "self-selection contracts"}},
	{name: "best-shot public goods", variants: []string{"public goods in networks", "network public goods", "best-shot game"}},
	{name: "diner's dilemma", variants: []string{"unscrupulous diner's dilemma"}},
	{name: "Newcomb's paradox", variants: []string{"Newcomb's problem"}},
	{name: "tragedy of the anticommons", variants: []string{"anticommons"}},
	{name: "win-stay lose-shift", variants: []string{"Pavlov strategy", "win-stay, lose-shift"}},
	{name: "generous tit-for-tat", acronyms: []string{"GTFT"}},
	{name: "reciprocal altruism"},
	{name: "policy-space response oracles", acronyms: []string{"PSRO"}, variants: []string{"double oracle", "double oracle algorithm"}},
	{name: "parity game", variants: []string{"mean-payoff game", "reachability game"}},
	{name: "cops and robbers", variants: []string{"cops-and-robbers game", "cop number"}},
	{name: "nonatomic game", variants: []string{"non-atomic game", "nonatomic games", "game with a continuum of players"}},
	{name: "team contest", variants: []string{"group contest", "contest between teams", "contests between teams"}},
	{name: "Nash Q-learning"},
	{name: "extensive-form correlated equilibrium", acronyms: []string{"EFCE"}},
	{name: "Bayesian Stackelberg game", variants: []string{"Bayesian Stackelberg games"}},
	{name: "complexity of manipulation", variants: []string{"computational complexity of manipulation", "hardness of manipulation", "complexity of manipulating elections"}},
	{name: "vaccination game", variants: []string{"vaccination games", "vaccination dilemma"}},
	{name: "tracing procedure", variants: []string{"Harsanyi-Selten tracing procedure"}},
}

// spellings pairs British and American spellings that the stemmer keeps
// apart. Expand adds the other spelling of each word it finds.
var spellings = [][2]string{
	{"behaviour", "behavior"}, {"behavioural", "behavioral"}, {"favour", "favor"},
	{"labour", "labor"}, {"centre", "center"}, {"defence", "defense"},
	{"modelling", "modeling"}, {"signalling", "signaling"}, {"travelling", "traveling"},
	{"optimise", "optimize"}, {"optimisation", "optimization"}, {"optimised", "optimized"},
	{"maximise", "maximize"}, {"maximisation", "maximization"}, {"minimise", "minimize"},
	{"minimisation", "minimization"}, {"randomise", "randomize"}, {"randomised", "randomized"},
	{"randomisation", "randomization"}, {"generalised", "generalized"}, {"generalisation", "generalization"},
	{"rationalisable", "rationalizable"}, {"rationalisability", "rationalizability"},
	{"analyse", "analyze"}, {"utilise", "utilize"}, {"utilisation", "utilization"},
	{"organisation", "organization"}, {"characterise", "characterize"},
	{"characterisation", "characterization"}, {"socialised", "socialized"},
}

var spellingOf = func() map[string]string {
	m := make(map[string]string, 2*len(spellings))
	for _, p := range spellings {
		m[p[0]] = p[1]
		m[p[1]] = p[0]
	}
	return m
}()

// glossaryForms indexes every form of every term by its phrase terms,
// built on first use (see cueIndex).
var glossaryForms = sync.OnceValue(func() map[string]*term {
	m := map[string]*term{}
	for i := range glossary {
		t := &glossary[i]
		for _, f := range t.forms() {
			m[formKey(phraseTerms(f))] = t
		}
	}
	return m
})

// forms lists the name, then the variants, then the acronyms.
func (t *term) forms() []string {
	out := append([]string{t.name}, t.variants...)
	return append(out, t.acronyms...)
}

// GameTheoryForms lists the names and variants of the glossary's
// game-theory terms (not acronyms, which clash with ordinary words in
// prose, nor the few terms from outside the field), for a lexicon that
// recognises game-theory text.
func GameTheoryForms() []string {
	var out []string
	for i := range glossary {
		if t := &glossary[i]; !t.outside {
			out = append(out, t.name)
			out = append(out, t.variants...)
		}
	}
	return out
}

// lookup returns the glossary term phrase names, compared as phrase terms
// ("Shapley values" finds "Shapley value"), or nil.
func lookup(phrase string) *term {
	if t := glossaryForms()[formKey(phraseTerms(phrase))]; t != nil {
		return t
	}
	// "generalised second-price auction" is the glossary's "generalized …":
	// the stemmer keeps British and American spellings apart.
	if r := Respell(phrase); r != phrase {
		return glossaryForms()[formKey(phraseTerms(r))]
	}
	return nil
}

// formKey is how glossaryForms files a form and lookup finds it: its
// phrase terms, with a last word that names a procedure ("algorithm",
// "procedure", "method", "mechanism", "rule", "protocol") filed as
// "algorithm". A named procedure goes by any of these nouns, and a
// student need not pick the one the glossary lists: "the Gale-Shapley
// procedure" is the glossary's "Gale-Shapley algorithm".
// TestGlossaryFormsAreUnambiguous holds that no two terms meet so.
func formKey(terms []string) string {
	if n := len(terms); n > 1 && procedureHeads()[terms[n-1]] {
		terms = append(terms[:n-1:n-1], "algorithm")
	}
	return strings.Join(terms, " ")
}

// procedureHeads are the phrase terms of the nouns a named procedure goes
// by, built on first use (see glossaryForms).
var procedureHeads = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"algorithm", "procedure", "method", "mechanism", "rule", "protocol"} {
		m[phraseTerms(w)[0]] = true
	}
	return m
})

// Expand returns phrase followed by the other ways of writing it, for a
// search that should find any of them: the glossary's name, variants and
// acronyms when the phrase is a glossary term or acronym ("IPD" →
// "iterated prisoner's dilemma", "repeated prisoner's dilemma"; "price of
// anarchy" → "PoA"), the spelled-out form of a hyphenated phrase
// ("tit-for-tat" → "tit for tat"), and the other spelling of British or
// American words ("behaviour" → "behavior"). Forms that differ only in case
// or inflection are listed once. The result always starts with phrase.
func Expand(phrase string) []string {
	phrase = strings.Join(strings.Fields(phrase), " ")
	out := []string{}
	// Forms are told apart by their phrase terms and hyphenation, so that
	// "mean field games" needs no "mean field game" beside it while
	// "tit-for-tat" keeps "tit for tat", which a search engine may not
	// equate.
	seen := map[string]bool{}
	add := func(s string) {
		k := strings.Join(phraseTerms(s), " ")
		if hyphenated(s) {
			k += "-"
		}
		if isAcronym(s) {
			k = s
		}
		if s != "" && !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	add(phrase)
	if len(out) == 0 {
		out = append(out, phrase)
	}
	if t := lookup(phrase); t != nil {
		for _, f := range t.forms() {
			add(f)
		}
	}
	for i := 0; i < len(out); i++ { // out grows: spelled-out forms of the forms added
		f := out[i]
		if hyphenated(f) && !isAcronym(f) {
			add(strings.Map(func(r rune) rune {
				if r == '-' || r == '\u2010' || r == '\u2011' {
					return ' '
				}
				return r
			}, f))
		}
		if s := Respell(f); s != f {
			add(s)
		}
	}
	return out
}

// OtherSpelling returns the British spelling of an American word or the
// American of a British one ("behavior" for "behaviour"), or "" when the
// word has no other spelling the table knows. The stemmer keeps the two
// apart, and a search engine too.
func OtherSpelling(word string) string {
	return spellingOf[strings.ToLower(word)]
}

// Respell swaps every word of s that has another spelling (OtherSpelling):
// "industrial organisation" for "industrial organization". It returns s
// itself when no word has one.
func Respell(s string) string {
	ws := strings.Fields(s)
	changed := false
	for i, w := range ws {
		if o, ok := spellingOf[strings.ToLower(w)]; ok {
			ws[i], changed = o, true
		}
	}
	if !changed {
		return s
	}
	return strings.Join(ws, " ")
}

// isAcronym reports whether w is one word of two to six letters with at
// least two capitals ("IPD", "PoA", "BoS").
func isAcronym(w string) bool {
	if len(w) < 2 || len(w) > 6 || strings.ContainsAny(w, " -") {
		return false
	}
	upper := 0
	for _, r := range w {
		switch {
		case r >= 'A' && r <= 'Z':
			upper++
		case r >= 'a' && r <= 'z':
		default:
			return false
		}
	}
	return upper >= 2
}

func hyphenated(s string) bool { return strings.ContainsAny(s, "-\u2010\u2011") }
