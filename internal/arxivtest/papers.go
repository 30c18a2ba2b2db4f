package arxivtest

import (
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/gtrag/gtrag/arxiv"
)

var (
	topics = []string{
		"Nash equilibrium", "mechanism design", "second-price auctions", "repeated games",
		"evolutionary stability", "Bayesian games", "Stackelberg security games", "congestion games",
		"the price of anarchy", "cooperative games and the Shapley value", "bargaining", "stable matching",
		"correlated equilibrium", "zero-sum games", "fictitious play", "mean field games",
	}
	claims = []string{
		"We show that every finite game of this class admits a pure strategy equilibrium.",
		"Players choose mixed strategies and best respond to the payoff of their opponents.",
		"We design an incentive compatible mechanism whose revenue approximates the optimum.",
		"Our bound on the price of anarchy is tight for linear latency functions.",
		"Bidders with private values bid truthfully in the dominant strategy equilibrium.",
		"The folk theorem extends to repeated games with imperfect public monitoring.",
		"Replicator dynamics converge to an evolutionarily stable strategy from interior states.",
		"We compute a Stackelberg equilibrium in polynomial time for security games.",
		"No-regret learning dynamics reach a coarse correlated equilibrium of the stage game.",
		"The Shapley value is the unique allocation satisfying efficiency and symmetry.",
		"We characterise subgame perfect equilibria of the alternating offers bargaining game.",
		"Deferred acceptance yields a stable matching that is strategyproof for proposers.",
		"Experiments on synthetic and real markets confirm the theoretical predictions.",
		"Computing an approximate Nash equilibrium is hard even for two-player games.",
		"We study welfare and revenue under first-price and second-price auctions with reserve prices.",
		"Agents are strategic and may misreport their types to improve their payoff.",
	}
	surnames = []string{"Nash", "Shapley", "Myerson", "Aumann", "Roth", "Selten", "Harsanyi", "Vickrey", "Maskin", "Tirole"}
)

// ID is the i-th generated id: new style for most, old style with a slash
// for every seventh, so that both id forms run through every test.
//
// The old-style id is one arXiv could have given (cs/0101003: January
// 2001, paper 3), a thousand to a month from January 2001 on, so that ids
// sort as i does: arxiv.ParseID refuses a month 00, which cs/0100003,
// generated before, had. Both forms hold for i below 84000.
func ID(i, version int) string {
	if i%7 == 3 {
		return fmt.Sprintf("cs/%02d%02d%03dv%d", 1+i/12000, 1+i/1000%12, i%1000, version)
	}
	return fmt.Sprintf("2401.%05dv%d", i, version)
}

// Paper is the i-th generated game-theory paper, version 1. The same i gives
// the same paper. Its abstract is about 600–1400 characters, like a real one.
func Paper(i int) arxiv.Paper {
	return PaperVersion(i, 1)
}

// PaperVersion is Paper(i) as version v (its text says which version it is,
// so that a replaced paper is visible in the store).
func PaperVersion(i, v int) arxiv.Paper {
	r := rand.New(rand.NewPCG(uint64(i), 42))
	topic := topics[r.IntN(len(topics))]
	var sb strings.Builder
	fmt.Fprintf(&sb, "We study %s in games with %d strategic players (version %d).", topic, 2+r.IntN(8), v)
	for range 5 + r.IntN(8) {
		sb.WriteString(" ")
		sb.WriteString(claims[r.IntN(len(claims))])
	}
	id := ID(i, v)
	published := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour)
	return arxiv.Paper{
		ID:              id,
		Title:           fmt.Sprintf("On %s: result %d", topic, i),
		Summary:         sb.String(),
		Authors:         []string{surnames[r.IntN(len(surnames))] + " A.", surnames[r.IntN(len(surnames))] + " B."},
		Published:       published,
		Updated:         published.Add(time.Duration(v-1) * 24 * time.Hour),
		PrimaryCategory: "cs.GT",
		Categories:      []string{"cs.GT", "econ.TH"},
		AbsURL:          arxiv.AbsURLFor(id),
		PDFURL:          arxiv.PDFURLFor(id),
	}
}

// Papers is Paper(from) … Paper(from+n-1).
func Papers(from, n int) []arxiv.Paper {
	ps := make([]arxiv.Paper, n)
	for i := range ps {
		ps[i] = Paper(from + i)
	}
	return ps
}

// VideoGamePaper is a paper about making video games: it says "game"
// often, and a game-theory filter must reject it.
func VideoGamePaper(id string) arxiv.Paper {
	return arxiv.Paper{
		ID:    id,
		Title: "Real-time rendering of open-world video game levels in a game engine",
		Summary: "We present a rendering pipeline for open-world video games built on the Unity game engine. " +
			"Procedural content generation creates levels at run time while keeping a stable frame rate on the GPU. " +
			"A user study with gamers measures player experience and gameplay immersion.",
		Authors:         []string{"Pixel P."},
		Published:       time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC),
		Updated:         time.Date(2024, 2, 1, 0, 0, 0, 0, time.UTC),
		PrimaryCategory: "cs.GR",
		Categories:      []string{"cs.GR"},
		AbsURL:          arxiv.AbsURLFor(id),
		PDFURL:          arxiv.PDFURLFor(id),
	}
}

// WriteJSONL writes papers as JSON Lines, one paper per line with the arXiv
// field names (the `ingest --file` format).
func WriteJSONL(w io.Writer, papers []arxiv.Paper) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, p := range papers {
		if err := enc.Encode(p); err != nil {
			return err
		}
	}
	return nil
}
