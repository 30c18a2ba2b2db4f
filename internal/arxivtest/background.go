package arxivtest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gtrag/gtrag/arxiv"
)

// Kind says what a generated background paper is, for tests and statistics
// (the paper itself does not say).
type Kind int

const (
	// Crowd is a paper from another field (physics, biology, systems,
	// statistics, medicine…) that shares no vocabulary with game theory
	// beyond what every paper shares.
	Crowd Kind = iota
	// Distractor uses game vocabulary — game, strategy, equilibrium,
	// player, auction, bargaining, Nash — without being game theory:
	// video games, business strategy, chemical equilibrium, sports
	// analytics, the Nash embedding theorem, ad-serving systems…
	Distractor
	// GameTheory is a genuine game-theory paper, written in the field's
	// own words; like most such abstracts on arXiv it rarely says "game
	// theory".
	GameTheory
)

func (k Kind) String() string {
	switch k {
	case Crowd:
		return "crowd"
	case Distractor:
		return "distractor"
	case GameTheory:
		return "game theory"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Generated is a background paper with what it is about.
type Generated struct {
	Paper  arxiv.Paper
	Kind   Kind
	Family string // the topic family, e.g. "chemical equilibrium"
}

// BackgroundMix is the share of each kind in Background: most of arXiv is
// other fields; the distractors are a minority that a search saying
// "game", "strategy" or "equilibrium" finds all the same; the genuine
// game-theory papers compete with the written corpus.
var BackgroundMix = map[Kind]float64{Crowd: 0.62, Distractor: 0.26, GameTheory: 0.12}

// MaxBackground is the most papers Background makes. New-style ids are
// numbered 60000–69999 and then 80000–99999, above any number a real month
// had reached until recently and clear of 70000–79999, the written
// corpus's range (testdata/world/README.md); past 30,000 papers, from
// 00000 up to 59999. 90,000 is still a small part of arXiv, but enough to
// see how a question's paper sinks as the archive around it grows.
const MaxBackground = 90000

// phraseRate is how often a generated game-theory abstract says "game
// theory" (2 of 110 in a labelled sample of real ones), and a distractor
// borrows the phrase (a marketing paper "drawing on game theory").
const (
	gtPhraseRate         = 0.03
	distractorPhraseRate = 0.01
)

// Background generates n papers (at most MaxBackground) from seed: the
// same n and seed give the same papers, and paper i does not depend on n.
// The text comes from templates and vocabulary written for this package
// (frames.go and background_*.go); abstracts run 600–1,100 characters,
// a little shorter than real ones.
func Background(n int, seed uint64) []Generated {
	n = min(max(n, 0), MaxBackground)
	out := make([]Generated, n)
	seen := map[string]bool{}
	for i := range out {
		g := generate(i, seed)
		for seen[arxiv.BaseID(g.Paper.ID)] { // old-style numbers are few; bump on collision
			g.Paper.ID = bumpOldStyle(g.Paper.ID)
		}
		g.Paper.AbsURL, g.Paper.PDFURL = arxiv.AbsURLFor(g.Paper.ID), arxiv.PDFURLFor(g.Paper.ID)
		seen[arxiv.BaseID(g.Paper.ID)] = true
		out[i] = g
	}
	return out
}

// BackgroundPapers is Background without the labels.
func BackgroundPapers(n int, seed uint64) []arxiv.Paper {
	gs := Background(n, seed)
	out := make([]arxiv.Paper, len(gs))
	for i, g := range gs {
		out[i] = g.Paper
	}
	return out
}

func generate(i int, seed uint64) Generated {
	r := rand.New(rand.NewPCG(seed, uint64(i)*0x9E3779B97F4A7C15+1))
	kind := pickKind(r)
	fams := familiesOf(kind)
	f := fams[r.IntN(len(fams))]
	w := &writer{r: r, f: f, used: map[string]bool{}, first: map[string]string{}}
	summary := w.abstract(kind)
	title := w.title() // after the abstract: it names the abstract's first topic and method

	published := time.Date(2003, 1, 1, 0, 0, 0, 0, time.UTC).
		Add(time.Duration(r.Int64N(int64(22*365*24*time.Hour)/int64(time.Minute))) * time.Minute)
	version := 1
	switch x := r.Float64(); {
	case x < 0.08:
		version = 3
	case x < 0.35:
		version = 2
	}
	updated := published
	if version > 1 {
		updated = published.Add(time.Duration(1+r.IntN(400)) * 24 * time.Hour)
	}

	cats := []string{f.cats[0]}
	for _, c := range f.cats[1:] {
		rate := 0.3
		if kind == Distractor && c == "cs.GT" {
			rate = 0.08 // the odd systems or game-AI paper cross-listed to cs.GT
		}
		if r.Float64() < rate {
			cats = append(cats, c)
		}
	}
	p := arxiv.Paper{
		ID:              newID(i, published, f.cats[0], version, r),
		Title:           title,
		Summary:         summary,
		Authors:         authors(r),
		Published:       published,
		Updated:         updated,
		PrimaryCategory: cats[0],
		Categories:      cats,
		Comment:         comment(r, f.cats[0]),
	}
	if r.Float64() < 0.2 {
		p.JournalRef = journalRef(r, f, published)
	}
	return Generated{Paper: p, Kind: kind, Family: f.name}
}

func pickKind(r *rand.Rand) Kind {
	x := r.Float64()
	for _, k := range []Kind{Crowd, Distractor} {
		if x < BackgroundMix[k] {
			return k
		}
		x -= BackgroundMix[k]
	}
	return GameTheory
}

func familiesOf(k Kind) []*family {
	switch k {
	case Distractor:
		return distractorFamilies
	case GameTheory:
		return gameTheoryFamilies
	}
	return crowdFamilies
}

// newID is a new-style id numbered from i in the month of published, or
// for papers before April 2007 (when arXiv changed schemes) an old-style id
// in the archive of the primary category.
func newID(i int, published time.Time, primary string, version int, r *rand.Rand) string {
	if published.Before(time.Date(2007, 4, 1, 0, 0, 0, 0, time.UTC)) {
		archive, _, _ := strings.Cut(primary, ".")
		return fmt.Sprintf("%s/%02d%02d%03dv%d", archive, published.Year()%100, int(published.Month()), 500+r.IntN(500), version)
	}
	num := 60000 + i
	switch {
	case i >= 30000:
		num = i - 30000
	case i >= 10000:
		num = 80000 + i - 10000
	}
	return fmt.Sprintf("%02d%02d.%05dv%d", published.Year()%100, int(published.Month()), num, version)
}

// bumpOldStyle moves an old-style id to the next number in its month.
func bumpOldStyle(id string) string {
	base, v := arxiv.SplitVersion(id)
	slash := strings.IndexByte(base, '/')
	var yymm, num int
	_, _ = fmt.Sscanf(base[slash+1:], "%4d%3d", &yymm, &num)
	return fmt.Sprintf("%s/%04d%03dv%d", base[:slash], yymm, 500+(num-500+1)%500, v)
}

// family is one topic: the fields it is filed under, and the vocabulary its
// titles and abstracts are written from. Slots are filled into the shared
// sentence frames (frames.go) and the family's own sentences; a frame whose
// slots a family lacks is skipped.
type family struct {
	name      string
	cats      []string // primary first, then likely cross-lists
	empirical bool     // experiments and data, rather than theorems
	titles    []string
	own       []string // sentences only this family says
	slots     map[string][]string
}

// writer fills one paper's sentences. A slot value is used at most once per
// paper, so an abstract does not repeat itself.
type writer struct {
	r       *rand.Rand
	f       *family
	used    map[string]bool
	first   map[string]string // the first value of each slot, which the title reuses
	titling bool
}

func (w *writer) title() string {
	w.titling = true
	defer func() { w.titling = false }()
	for range 20 {
		frames := w.f.titles
		if w.r.IntN(3) == 0 {
			frames = titleFrames
		}
		if t, ok := w.fill(frames[w.r.IntN(len(frames))]); ok {
			if w.r.Float64() < 0.45 {
				if sub, ok := w.fill(subtitleFrames[w.r.IntN(len(subtitleFrames))]); ok {
					t += ": " + sub
				}
			}
			return capitalize(t)
		}
	}
	return capitalize(w.f.name)
}

func (w *writer) abstract(kind Kind) string {
	var sents []string
	add := func(frames []string, n int) {
		for tries := 0; n > 0 && tries < 30; tries++ {
			frame := frames[w.r.IntN(len(frames))]
			if w.used["frame:"+frame] {
				continue
			}
			if s, ok := w.fill(frame); ok {
				w.used["frame:"+frame] = true
				sents = append(sents, capitalize(s))
				n--
			}
		}
	}
	add(openerFrames, 1)
	if len(w.f.own) > 0 && w.r.Float64() < 0.7 {
		add(w.f.own, 1)
	}
	add(methodFrames, 1+w.r.IntN(2))
	if w.f.empirical {
		add(empiricalFrames, 1+w.r.IntN(2))
	} else {
		add(theoryFrames, 1+w.r.IntN(2))
	}
	if len(w.f.own) > 0 && w.r.Float64() < 0.5 {
		add(w.f.own, 1)
	}
	// Real abstracts run 150–250 words: pad short ones with more
	// method and result sentences while there are unused ones.
	results := theoryFrames
	if w.f.empirical {
		results = empiricalFrames
	}
	pools := [][]string{results, w.f.own, methodFrames, openerFrames[1:]}
	for i := 0; i < 20 && len(strings.Join(sents, " ")) < 900; i++ {
		if pool := pools[i%len(pools)]; len(pool) > 0 {
			add(pool, 1)
		}
	}
	add(closerFrames, w.r.IntN(2))
	rate := map[Kind]float64{GameTheory: gtPhraseRate, Distractor: distractorPhraseRate}[kind]
	if w.r.Float64() < rate {
		s, _ := w.fill(phraseFrames[w.r.IntN(len(phraseFrames))])
		at := 1 + w.r.IntN(len(sents))
		sents = append(sents[:at], append([]string{capitalize(s)}, sents[at:]...)...)
	}
	return strings.Join(sents, " ")
}

// fill replaces each {slot} in frame with an unused value of the family's
// slot (or a shared one); ok is false when a slot has no value left.
func (w *writer) fill(frame string) (string, bool) {
	var b strings.Builder
	for {
		i := strings.IndexByte(frame, '{')
		if i < 0 {
			b.WriteString(frame)
			return b.String(), true
		}
		j := strings.IndexByte(frame[i:], '}')
		b.WriteString(frame[:i])
		name := frame[i+1 : i+j]
		frame = frame[i+j+1:]
		v, ok := w.value(name)
		if !ok {
			return "", false
		}
		b.WriteString(v)
	}
}

func (w *writer) value(name string) (string, bool) {
	switch name {
	case "n":
		return fmt.Sprint([]int{3, 4, 5, 6, 8, 10, 12, 16, 20, 50, 100}[w.r.IntN(11)]), true
	case "N":
		return fmt.Sprint(1000 * (1 + w.r.IntN(900))), true
	case "pct":
		return fmt.Sprint(3 + w.r.IntN(45)), true
	}
	if v, ok := w.first[name]; ok && w.titling && !w.used["title:"+name] {
		w.used["title:"+name] = true
		return v, true
	}
	vals := w.f.slots[name]
	if len(vals) == 0 {
		vals = sharedSlots[name]
	}
	start := w.r.IntN(max(len(vals), 1))
	for k := range vals {
		v := vals[(start+k)%len(vals)]
		if !w.used[name+":"+v] {
			w.used[name+":"+v] = true
			// A value may hold slots itself ("{n} firms").
			filled, ok := w.fill(v)
			if _, seen := w.first[name]; ok && !seen {
				w.first[name] = filled
			}
			return filled, ok
		}
	}
	return "", false
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// authors are 1–6 realistic names. About one paper in eight has an author
// whose surname is also a word game-theory queries use (Nash, Price, Fair,
// Cooper — "cooperation" stems to "cooper" — King, Best, Field…), so that a
// query on all: or a bare term finds papers by name.
func authors(r *rand.Rand) []string {
	n := 1 + r.IntN(4)
	if r.Float64() < 0.15 {
		n += 2
	}
	out := make([]string, n)
	for i := range out {
		first := firstNames[r.IntN(len(firstNames))]
		last := worldSurnames[r.IntN(len(worldSurnames))]
		if r.Float64() < 0.03 {
			last = wordSurnames[r.IntN(len(wordSurnames))]
		}
		if r.Float64() < 0.2 {
			first += " " + string(rune('A'+r.IntN(26))) + "."
		}
		out[i] = first + " " + last
	}
	return out
}

func comment(r *rand.Rand, primary string) string {
	switch x := r.Float64(); {
	case x < 0.45:
		return fmt.Sprintf("%d pages, %d figures", 6+r.IntN(40), r.IntN(12))
	case x < 0.55 && strings.HasPrefix(primary, "cs."):
		return fmt.Sprintf("%d pages; accepted at %s", 8+r.IntN(30), venues[r.IntN(len(venues))])
	case x < 0.6:
		return "Extended version with all proofs"
	}
	return ""
}

func journalRef(r *rand.Rand, f *family, published time.Time) string {
	j := journals[f.cats[0]]
	if j == "" {
		j = "Proceedings of the Royal Society A"
	}
	year := published.Year() + 1
	return fmt.Sprintf("%s %d, %d-%d (%d)", j, 10+r.IntN(200), 1+r.IntN(900), 1000+r.IntN(900), year)
}

// BackgroundStats describes a generated background, for its README and
// its tests.
type BackgroundStats struct {
	Papers int
	ByKind map[Kind]int
	// GameTheorySayingIt counts game-theory abstracts that contain the
	// phrase "game theory" (real ones: about 2%).
	GameTheorySayingIt int
	// DistractorsWithGameWords counts distractors whose title or abstract
	// has a word stemming like game, strategy, equilibrium or player;
	// DistractorsWithAnyGameWord also counts Nash, auction, bargaining,
	// bid, payoff and cooperation.
	DistractorsWithGameWords, DistractorsWithAnyGameWord int
	// ByWordSurname counts papers with an author whose surname is a
	// game-theory word (Nash, Price, Cooper…).
	ByWordSurname int
}

// Stats counts what gs holds.
func Stats(gs []Generated) BackgroundStats {
	st := BackgroundStats{Papers: len(gs), ByKind: map[Kind]int{}}
	gameWords := map[string]bool{"game": true, "strategi": true, "equilibrium": true, "player": true}
	otherGameWords := map[string]bool{"nash": true, "auction": true, "bargain": true, "bid": true, "payoff": true, "cooper": true}
	an := newAnalyzer()
	surnames := map[string]bool{}
	for _, s := range wordSurnames {
		surnames[s] = true
	}
	for _, g := range gs {
		st.ByKind[g.Kind]++
		switch g.Kind {
		case GameTheory:
			if strings.Contains(strings.ToLower(g.Paper.Summary), "game theory") {
				st.GameTheorySayingIt++
			}
		case Distractor:
			some, any := false, false
			for _, t := range an.terms(g.Paper.Title + " " + g.Paper.Summary) {
				some = some || gameWords[t.term]
				any = any || gameWords[t.term] || otherGameWords[t.term]
			}
			if some {
				st.DistractorsWithGameWords++
			}
			if any {
				st.DistractorsWithAnyGameWord++
			}
		}
		for _, a := range g.Paper.Authors {
			if f := strings.Fields(a); surnames[f[len(f)-1]] {
				st.ByWordSurname++
				break
			}
		}
	}
	return st
}
