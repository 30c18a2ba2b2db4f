package trace

import (
	"github.com/gtrag/gtrag/nodes"
	"github.com/gtrag/gtrag/reasoner"
)

// LoopSettings are the settings of nodes.Deps that change what a run does
// and that the loop gained one by one: each is 0 (or unset) in a run
// recorded before it, which a replay or a fork must run as it was
// recorded. A recording takes them from the run's Deps (Loop), and a replay
// or fork puts them back (Apply): a setting added here reaches the
// recording, the replay and the fork at once.
type LoopSettings struct {
	// Candidates is how many store documents pull_from_chroma re-ranked
	// (reasoner.OfflineReranker) before keeping the top K; 0 in a run
	// recorded before re-ranking, which kept the store's top K.
	Candidates int `json:"candidates,omitempty"`
	// RunnersUp is how many papers after the K pull_from_chroma kept for
	// an answer the judge found no passage for (nodes.Puller); 0 in a run
	// recorded before runners-up, whose answers cited the K only.
	RunnersUp int `json:"runners_up,omitempty"`
	// LaterBest is set when a later search's best paper was the first
	// runner-up (nodes.Puller.LaterBest); unset in a run recorded before
	// round 2 session 24, whose runners-up were the store's next closest.
	LaterBest bool `json:"later_best,omitempty"`
	// UnrecognisedSearches caps the arXiv requests of a question the topic
	// judge did not recognise (nodes.ArxivSearcher.UnrecognisedSearches);
	// 0 in a run recorded before round 2 session 34, whose such questions
	// had MaxSearches.
	UnrecognisedSearches int `json:"unrecognised_searches,omitempty"`
	// Preview is set when check_relevance asked the offline answerer
	// whether the passages it judged relevant answer (nodes.Deps.Preview);
	// unset in a run recorded before round 2 session 52.
	Preview bool `json:"preview,omitempty"`
	// BeyondPrimer is set when check_relevance searched arXiv for a
	// question with a word no primer entry uses although the primer
	// answered it (nodes.Deps.BeyondPrimer); unset in a run recorded before
	// round 2 session 59.
	BeyondPrimer bool `json:"beyond_primer,omitempty"`
	// FoundK is set when pull_from_chroma raised K to the papers the run
	// added (nodes.Deps.FoundK); unset in a run recorded before round 2
	// session 64.
	FoundK bool `json:"found_k,omitempty"`
	// SeekBest is set when pull_from_chroma looked for the first search's
	// best paper beyond the store's candidates (nodes.Deps.SeekBest);
	// unset in a run recorded before round 2 session 65.
	SeekBest bool `json:"seek_best,omitempty"`
}

// Loop is the loop settings of d, for a recording.
func Loop(d nodes.Deps) LoopSettings {
	return LoopSettings{Candidates: d.Candidates, RunnersUp: d.RunnersUp, LaterBest: d.LaterBest, UnrecognisedSearches: d.UnrecognisedSearches, Preview: d.Preview, BeyondPrimer: d.BeyondPrimer, FoundK: d.FoundK, SeekBest: d.SeekBest}
}

// Apply sets d's loop settings to l. A run recorded with re-ranking
// re-ranks with d's reranker, or the offline one (it is deterministic and
// offline, so it is recomputed rather than recorded); one recorded before
// it has none.
func (l LoopSettings) Apply(d *nodes.Deps) {
	d.RunnersUp, d.LaterBest, d.UnrecognisedSearches, d.Preview, d.BeyondPrimer, d.FoundK, d.SeekBest = l.RunnersUp, l.LaterBest, l.UnrecognisedSearches, l.Preview, l.BeyondPrimer, l.FoundK, l.SeekBest
	if l.Candidates == 0 {
		d.Reranker, d.Candidates = nil, 0
		return
	}
	d.Candidates = l.Candidates
	if d.Reranker == nil {
		d.Reranker = reasoner.NewOfflineReranker()
	}
}
