package text

// laterTerms are textbook terms the glossary still lacked when two
// engineers who had never read it wrote testdata/worldc (round 2, session
// 12), on thirty topics of the field the first worlds did not cover. They
// were listed from those topics' standard literature, not from the
// questions: a term is here because a paper or a course on the topic
// names it so. Terms whose name is also everyday news ("surge pricing",
// "bilateral trade", "tanking", "lobbying", "contagion") are left out, as
// glossary.go explains; so is a bare "duel". "double marginalization"
// came later (session 13), from a miss on the dev split of testdata/worldd,
// with the QV acronym, the Challet-Zhang model and "Schelling segregation"
// in glossary.go; "deadline effect" (session 14), the bargaining
// literature's name for agreements reached just before time runs out,
// from two misses on that split.
var laterTerms = []term{
	{name: "truel", variants: []string{"three-way duel"}},
	{name: "silent duel", variants: []string{"noisy duel", "duel of timing"}},
	{name: "guilt aversion", variants: []string{"guilt-averse", "psychological game", "psychological game theory"}},
	{name: "Diamond paradox", variants: []string{"Diamond search paradox"}},
	{name: "supply function equilibrium", acronyms: []string{"SFE"}, variants: []string{"supply function equilibria", "supply function competition"}},
	{name: "entry game", variants: []string{"Bresnahan-Reiss model", "entry threshold model"}},
	{name: "power control game", variants: []string{"non-cooperative power control"}},
	{name: "Friedkin-Johnsen model", variants: []string{"Friedkin-Johnsen", "opinion dynamics game", "stubborn agents opinion dynamics"}},
	{name: "menu auction", variants: []string{"common agency", "Bernheim-Whinston"}},
	{name: "bargaining model of war", variants: []string{"rationalist explanations for war", "crisis bargaining", "Fearon's puzzle"}},
	{name: "Kyle model", variants: []string{"Kyle lambda", "informed trader model"}},
	{name: "two-sided market", variants: []string{"two-sided platform", "multi-sided platform"}},
	{name: "airport game", variants: []string{"airport problem", "airport cost-sharing"}},
	{name: "double marginalization", variants: []string{"double marginalisation", "double markup", "double mark-up", "successive monopolies"}},
	{name: "deadline effect", variants: []string{"last-minute agreement"}},
	{name: "discriminatory auction", variants: []string{"discriminatory price auction"}}, // not "pay-as-bid auction": with one item, that is the first-price auction
}
