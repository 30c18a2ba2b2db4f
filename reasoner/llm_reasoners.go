package reasoner

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tmc/langchaingo/llms"

	"github.com/gtrag/gtrag/chunker"
	"github.com/gtrag/gtrag/text"
)

// LLMJudge asks a model whether the passages suffice to answer the question
// (prompt "check_relevance").
type LLMJudge struct{ c caller }

// NewLLMJudge returns a relevance judge backed by m.
func NewLLMJudge(m llms.Model, opts ...Option) *LLMJudge {
	return &LLMJudge{caller{model: m, s: newSettings(opts)}}
}

const judgeSystem = `You check whether retrieved passages are enough to answer a question about game theory.
` + dataRule + `
Reply with exactly one word: yes or no.`

// JudgeRelevance implements RelevanceJudge. With no passages it answers no
// without asking the model.
func (j *LLMJudge) JudgeRelevance(ctx context.Context, question string, passages []Passage) (Verdict, error) {
	if len(passages) == 0 {
		return Verdict{Reason: "no passages retrieved"}, nil
	}
	user := questionPrompt(question, passages) +
		"\n\nIs the context between <data> and </data> sufficient to answer the question? Reply with exactly one word: yes or no."
	reply, notices, err := j.c.call(ctx, PromptCheckRelevance, judgeSystem, user)
	if err != nil {
		return Verdict{}, fmt.Errorf("check relevance with the LLM: %w", err)
	}
	v, err := j.c.readYesNo(PromptCheckRelevance, reply, notices)
	if err != nil {
		return Verdict{}, fmt.Errorf("check relevance with the LLM: %w", err)
	}
	return v, nil
}

// LLMFilter asks a model whether a paper is about game theory (prompt
// "filter_game_theory_papers"), from its title and the first
// AbstractPrefix runes of its abstract (AbstractStart).
type LLMFilter struct{ c caller }

// NewLLMFilter returns a paper filter backed by m.
func NewLLMFilter(m llms.Model, opts ...Option) *LLMFilter {
	return &LLMFilter{caller{model: m, s: newSettings(opts)}}
}

const filterSystem = `You classify scientific papers. A paper is about GAME THEORY if it studies mathematical strategic decision-making: interaction between rational agents, equilibria, mechanism design, auctions, bargaining, cooperative games, social choice, or learning in games.
Papers about video games, game engines, gamification, game-based learning, sports results, chemical or physical equilibrium, or graph theory are not about game theory.
` + dataRule + `
Reply with exactly one word: yes or no.`

// IsGameTheory implements PaperFilter.
func (f *LLMFilter) IsGameTheory(ctx context.Context, title, abstract string) (Verdict, error) {
	paper := "Title: " + fold(title) + "\nAbstract: " + AbstractStart(strings.TrimSpace(abstract))
	user := "Paper:\n" + fence(paper) +
		"\n\nIs this paper related to GAME THEORY (mathematical strategic decision-making)? Reply with exactly one word: yes or no."
	reply, notices, err := f.c.call(ctx, PromptFilterPapers, filterSystem, user)
	if err != nil {
		return Verdict{}, fmt.Errorf("classify paper with the LLM: %w", err)
	}
	v, err := f.c.readYesNo(PromptFilterPapers, reply, notices)
	if err != nil {
		return Verdict{}, fmt.Errorf("classify paper with the LLM: %w", err)
	}
	v.Contrary = !v.Yes // a model's clear no: readYesNo took nothing else
	return v, nil
}

// LLMAnswerer asks a model for an answer grounded in numbered passages
// (prompt "generate_response") and keeps only citations of passages that
// exist.
type LLMAnswerer struct{ c caller }

// NewLLMAnswerer returns an answerer backed by m.
func NewLLMAnswerer(m llms.Model, opts ...Option) *LLMAnswerer {
	return &LLMAnswerer{caller{model: m, s: newSettings(opts)}}
}

// CannotAnswer is the phrase the answer prompt asks a model to use when the
// passages do not answer the question; an LLM answer containing it is an
// abstention (Answer.Abstained), which the graph reports as such rather
// than as an answer.
const CannotAnswer = "I cannot answer from these sources"

const answerSystem = `You answer questions about game theory using only the numbered passages you are given.
Every sentence that states something from a passage ends with its citation [n], where n is the passage number; cite only passages that say it.
If the passages do not answer the question, reply with exactly "` + CannotAnswer + `." and then, in one sentence, what the closest passages are about, with their citations.
` + dataRule

// Answer implements Answerer. With no passages it says so without asking
// the model: an answer without sources is what the graph must not produce.
func (a *LLMAnswerer) Answer(ctx context.Context, question string, passages []Passage) (Answer, error) {
	if len(passages) == 0 {
		return Answer{Text: NoSourcesText, Abstained: true}, nil
	}
	user := questionPrompt(question, passages) +
		"\n\nAnswer the question in at most 200 words from the passages between <data> and </data>, citing them as [n]." +
		toldPrompt(toldFrom(ctx))
	reply, notices, err := a.c.call(ctx, PromptGenerateResponse, answerSystem, user)
	if err != nil {
		return Answer{}, fmt.Errorf("generate the answer with the LLM: %w", err)
	}
	told := toldFrom(ctx)
	raw, repeated, retold := withoutRepeats(canonicalCitations(strings.TrimSpace(stripThinking(reply))), told)
	if retold > 0 && strings.TrimSpace(raw) == "" {
		// Asked for more, the model said again what the reader was told:
		// it has nothing more, whatever the prompt asked it to say then.
		a.c.usable(PromptGenerateResponse)
		return Answer{Text: CannotAnswer + ".", Abstained: true, Notices: notices}, nil
	}
	_, _, bad := checkCitations(raw, passages)
	answer, cited, _ := checkCitations(dropUnsourced(raw, passages), passages)
	abstained := abstains(answer, cited)
	if len(cited) == 0 && !abstained {
		// A refusal, junk, or an answer from the model's own knowledge:
		// nothing a student can check, so not an answer.
		what := fmt.Sprintf("the LLM's answer %s cites no source", quote(reply))
		if onlyThinking(reply) {
			what = fmt.Sprintf("the LLM's reply %s is thinking it never finished", quote(reply))
		}
		err := a.c.unusable(PromptGenerateResponse, what)
		return Answer{}, fmt.Errorf("generate the answer with the LLM: %w", err)
	}
	a.c.usable(PromptGenerateResponse)
	if repeated > 0 {
		notices = append(notices, fmt.Sprintf("%s: the LLM wrote %d %s again in its answer; each is kept once",
			PromptGenerateResponse, repeated, text.Plural(repeated, "sentence", "sentences")))
	}
	if retold > 0 {
		notices = append(notices, fmt.Sprintf("%s: the LLM repeated %d %s the reader was already told; left out",
			PromptGenerateResponse, retold, text.Plural(retold, "sentence", "sentences")))
	}
	if len(bad) > 0 {
		// Passages, not sources: several passages may come from one paper,
		// and the sources the user sees are papers.
		notices = append(notices, fmt.Sprintf("%s: the LLM cited %s, which %s not among the %d passages it was given; removed, with the sentences that cited nothing else",
			PromptGenerateResponse, citeList(bad), isAre(len(bad)), len(passages)))
	}
	return Answer{Text: answer, Cited: cited, Abstained: abstained, Concepts: conceptNames(text.Focal(question)), Notices: notices}, nil
}

// withoutRepeats drops from an answer the sentences it has said before:
// in the answer itself (repeated: a small model caught in a loop writes
// one sentence a thousand times, to the reply's size limit) and among
// told, what the reader was given before a request for more (retold:
// the prompt asks the model not to, and models do). Sentences are
// compared without their citations, case and spacing. The answer is
// rebuilt from the sentences kept, one space apart, only when one was
// dropped; otherwise it is returned as written.
func withoutRepeats(answer string, told []string) (kept string, repeated, retold int) {
	key := func(s string) string {
		s = citation.ReplaceAllString(s, "")
		return strings.ToLower(strings.Join(strings.Fields(strings.TrimRight(strings.TrimSpace(s), ".!?")), " "))
	}
	before := map[string]bool{}
	for _, t := range told {
		before[key(t)] = true
	}
	seen := map[string]bool{}
	sents := chunker.Sentences(answer)
	out := make([]string, 0, len(sents))
	for _, sent := range sents {
		k := key(sent)
		switch {
		case k == "":
			continue
		case before[k]:
			retold++
		case seen[k]:
			repeated++
		default:
			seen[k] = true
			out = append(out, strings.TrimSpace(sent))
		}
	}
	if repeated+retold == 0 {
		return answer, 0, 0
	}
	return strings.Join(out, " "), repeated, retold
}

// abstains reports whether an answer is an abstention: it says CannotAnswer
// (or a variant, see cannotAnswer) and either cites nothing or opens with
// it, as the prompt asks ("I cannot answer from these sources. The closest
// passages are about … [2]."). A cited answer that says it further on is an
// answer with a hedge ("… [1]. Whether it is optimal in every population, I
// cannot answer from these sources."): reporting it as "not found" would
// hide the part the passages do answer.
func abstains(answer string, cited []int) bool {
	loc := cannotAnswer.FindStringIndex(answer)
	if loc == nil {
		return false
	}
	if len(cited) == 0 {
		return true
	}
	before := answer[:loc[0]]
	return !strings.ContainsAny(before, ".!?") && !citation.MatchString(before)
}

// cannotAnswer finds CannotAnswer in a reply, allowing the small variations
// models make ("can't", "cannot answer this from these sources").
var cannotAnswer = regexp.MustCompile(`(?i)\b(cannot|can't|can not|am unable to)\s+answer\s+(this\s+|the question\s+|it\s+)?(from|using|with)\s+(these|the given|the provided)\s+(sources|passages)`)

// citation matches [3], [1, 2], [1;2] and [1-3].
var citation = regexp.MustCompile(`\s?\[(\s*\d{1,9}\s*(?:(?:,|;|-|–)\s*\d{1,9}\s*)*)\]`)

// checkCitations rewrites every citation to keep only numbers of existing
// passages, drops citations left empty, and returns the numbers used (in
// order of first use) and the ones dropped.
//
// Dropping a citation can join the text around it into a new one ("[[9]9]"
// becomes "[9]"), so the text is filtered again until nothing is dropped.
// The last of maxCitationPasses passes, for replies nested that deep,
// defuses a citation left empty into parentheses instead of dropping it, so
// that nothing joins any more.
func checkCitations(text string, passages []Passage) (string, []int, []int) {
	valid := map[int]bool{}
	for _, p := range passages {
		valid[p.N] = true
	}
	var cited, bad []int
	for pass := 1; ; pass++ {
		last := pass == maxCitationPasses
		dropped := false
		text = citation.ReplaceAllStringFunc(text, func(m string) string {
			lead := ""
			if strings.HasPrefix(m, " ") || strings.HasPrefix(m, "\n") || strings.HasPrefix(m, "\t") {
				lead = m[:1]
			}
			inner := m[strings.IndexByte(m, '[')+1 : len(m)-1]
			var keep []string
			for _, n := range expandCitation(inner) {
				if !valid[n] {
					if !slices.Contains(bad, n) {
						bad = append(bad, n)
					}
					continue
				}
				if !slices.Contains(cited, n) {
					cited = append(cited, n)
				}
				keep = append(keep, strconv.Itoa(n))
			}
			if len(keep) == 0 {
				dropped = true
				if last {
					return lead + "(" + inner + ")"
				}
				return ""
			}
			return lead + "[" + strings.Join(keep, ", ") + "]"
		})
		if !dropped || last {
			return text, cited, bad
		}
	}
}

// dropUnsourced removes from an answer the sentences whose every citation
// names a passage the model was not given ("… copies its opponent [7]."
// among three): what they state has no source, and once checkCitations
// dropped the citation the claim read as if it had one. A sentence that
// cites nothing, or cites one real passage, stays. Sentences are the
// chunker's (see sentenceSpans), so "e.g." or "et al." inside one does not
// end it: dropping half a sentence would glue its opening onto the next.
func dropUnsourced(text string, passages []Passage) string {
	valid := map[int]bool{}
	for _, p := range passages {
		valid[p.N] = true
	}
	var b strings.Builder
	for _, s := range sentenceSpans(text) {
		ms := citation.FindAllStringSubmatch(s, -1)
		keep := len(ms) == 0
		for _, m := range ms {
			for _, n := range expandCitation(m[1]) {
				keep = keep || valid[n]
			}
		}
		if keep {
			b.WriteString(s)
		}
	}
	return strings.TrimSpace(b.String())
}

// sentenceSpans cuts text into its sentences as chunker.Sentences finds
// them — the splitter that knows abbreviations ("e.g.", "cf.", "et al.",
// "Fig."), initials and decimals — each with the white space after it, so
// that the pieces joined are text and an answer keeps its layout when one
// is dropped. chunker.Sentences collapses white space, which changes no
// other character: each sentence is mapped back onto text by counting the
// bytes that are not white space.
func sentenceSpans(text string) []string {
	sents := chunker.Sentences(text)
	if len(sents) == 0 {
		if text == "" {
			return nil
		}
		return []string{text} // white space only
	}
	out := make([]string, 0, len(sents))
	start, i := 0, 0
	for _, sent := range sents[:len(sents)-1] {
		// The sentence's words are joined by single spaces.
		for n := len(sent) - strings.Count(sent, " "); n > 0 && i < len(text); {
			r, size := utf8.DecodeRuneInString(text[i:])
			if !unicode.IsSpace(r) {
				n -= size
			}
			i += size
		}
		for i < len(text) {
			r, size := utf8.DecodeRuneInString(text[i:])
			if !unicode.IsSpace(r) {
				break
			}
			i += size
		}
		out = append(out, text[start:i])
		start = i
	}
	return append(out, text[start:])
}

// maxCitationPasses bounds checkCitations' passes: each one costs a scan of
// the reply, and a real reply needs one, or two after a dropped citation.
const maxCitationPasses = 4

// expandCitation turns "1, 3-4" into 1, 3, 4. Ranges are capped so that a
// hostile "[1-9999]" cannot blow up.
func expandCitation(s string) []int {
	var out []int
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' }) {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(strings.ReplaceAll(part, "–", "-"), "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil {
			continue
		}
		if !isRange {
			out = append(out, a)
			continue
		}
		b, err := strconv.Atoi(strings.TrimSpace(hi))
		if err != nil || b < a || b-a > 20 {
			out = append(out, a)
			continue
		}
		for n := a; n <= b; n++ {
			out = append(out, n)
		}
	}
	return out
}

func citeList(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = "[" + strconv.Itoa(n) + "]"
	}
	return strings.Join(parts, ", ")
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}
