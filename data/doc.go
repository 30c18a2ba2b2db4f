// Package data holds gtrag's embedded game-theory primer: sixty-six short,
// original teaching entries (Nash equilibrium, auctions, matching, voting,
// learning in games…) written for this project so that a brand-new store can
// answer common questions before any arXiv search.
//
// Primer returns the entries as arxiv.Paper values, so they go through the
// same chunker and store as real papers. Their ids are "primer:<slug>" (for
// example "primer:nash-equilibrium"), their only category is "primer", and
// they have no abstract page; answers cite them by id.
//
// The corpus is data/primer.jsonl, one JSON object per line with the arXiv
// field names (id, title, summary, published, categories). To edit an entry,
// change that line; the tests check ids, lengths (120–250 words) and that
// every topic students ask about is still covered.
//
// What it covers. The first fifty-nine entries follow a first course's
// syllabus. Six more (Pareto efficiency, moral hazard and the
// principal-agent problem, adverse selection and the market for lemons, the
// centipede game, the Keynesian beauty contest and level-k thinking,
// information cascades) and a seventh on collusion and cartels were added
// in round 2 session 45, when asking a new store the ideas such a course
// teaches beside equilibrium found them unanswered: "I found nothing in the
// knowledge base that says what … is", or for "Why are cartels unstable?"
// a refusal as off-topic.
// The primer is not meant to cover everything: the answer sets'
// not_found questions (testdata/answers) name ideas it leaves to arXiv,
// such as Colonel Blotto, the war of attrition and the volunteer's dilemma,
// and their test fails if an entry starts to mention one.
package data
