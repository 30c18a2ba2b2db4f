// Package data holds gtrag's embedded game-theory primer: about sixty short,
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
package data
