package reasoner

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/tmc/langchaingo/llms"
)

// PromptChoosePapers is the prompt that asks which of a search's
// candidates answer the question; it is run by the search_arxiv node,
// after the pool is ranked and before the filter judges it.
const PromptChoosePapers = "choose_papers"

// MaxChoices is how many papers a PaperChooser's reply may name; more
// are ignored. It is the default number of papers a search adds.
const MaxChoices = 3

// chooseAbstractRunes is how much of each candidate's abstract the
// chooser sees: ten candidates of 600 runes keep the prompt near 2,000
// tokens, and an abstract's opening says what the paper does.
const chooseAbstractRunes = 600

// LLMPaperChooser asks a model which of a search's best candidates answer
// the question (prompt "choose_papers"): one call per search, whatever
// the number of candidates. The reply names candidates by number, best
// first ("4, 1"), or says none; anything else is unreadable, and the
// caller keeps its own order with a notice.
type LLMPaperChooser struct{ c caller }

// NewLLMPaperChooser returns a paper chooser backed by m.
func NewLLMPaperChooser(m llms.Model, opts ...Option) *LLMPaperChooser {
	return &LLMPaperChooser{caller{model: m, s: newSettings(opts)}}
}

const chooseSystem = `You choose papers for a student's question about game theory. You are given the question and numbered papers that an arXiv search found; all of them are on the question's topic.
Choose the papers that answer what the question asks most directly: the paper whose result, method or setting is the one asked about, not one that merely shares its words or its topic.
` + dataRule + `
Reply with the numbers of at most 3 papers, best first, separated by commas, for example: 4, 1
Reply none if no paper answers the question. Write nothing else.`

// ChoosePapers implements PaperChooser.
func (c *LLMPaperChooser) ChoosePapers(ctx context.Context, question string, candidates []Passage) (Selection, error) {
	if len(candidates) == 0 {
		return Selection{Reason: "no candidates to choose from"}, nil
	}
	shown := make([]Passage, len(candidates))
	for i, p := range candidates {
		p.N, p.Text = i+1, truncateRunes(fold(p.Text), chooseAbstractRunes)
		shown[i] = p
	}
	user := questionPrompt(question, shown) + fmt.Sprintf("\n\nWhich of the %d papers answer the question most directly? Reply with at most 3 numbers, best first, or none.", len(candidates))
	reply, notices, err := c.c.call(ctx, PromptChoosePapers, chooseSystem, user)
	if err != nil {
		return Selection{}, fmt.Errorf("choose papers with the LLM: %w", err)
	}
	order, none, ok := parseSelection(reply, len(candidates))
	if !ok {
		what := fmt.Sprintf("the LLM reply %s names no paper by number", quote(reply))
		if err := c.c.giveUp(PromptChoosePapers, what); err != nil {
			return Selection{}, fmt.Errorf("choose papers with the LLM: %w", err)
		}
		msg := what + "; kept the search's order"
		return Selection{Reason: msg, Notices: append(notices, PromptChoosePapers+": "+msg)}, nil
	}
	c.c.usable(PromptChoosePapers)
	if none {
		return Selection{Reason: "the LLM found no paper that answers the question; kept the search's order", Notices: notices}, nil
	}
	return Selection{Order: order, Reason: "the LLM chose " + Selection{Order: order}.Numbers(), Notices: notices}, nil
}

// parseSelection reads a chooser's reply: candidate numbers (1-based) in the
// order given, separated by commas, spaces, "and" or list marks, with
// optional brackets ("[4], [1]") or the word paper; or the word none. A
// number out of range, a repeat, and those after MaxChoices are dropped.
// The words a small model wraps its numbers in are allowed
// (selectionFiller).
// ok is false for anything else (an explanation, a refusal, a title), so
// that a sentence which happens to hold a number is not read as a choice.
func parseSelection(reply string, n int) (order []int, none, ok bool) {
	text := strings.ToLower(strings.TrimSpace(stripThinking(reply)))
	if order := listedChoices(text, n); len(order) > 0 {
		return order, false, true
	}
	if line, _, _ := strings.Cut(text, "\n"); strings.TrimSpace(line) != "" {
		text = line
	}
	words := strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	if len(words) == 0 {
		return nil, false, false
	}
	if len(words) <= 2 && words[0] == "none" {
		return nil, true, true
	}
	for _, w := range words {
		if selectionFiller[w] {
			continue
		}
		k, err := strconv.Atoi(w)
		if err != nil {
			return nil, false, false
		}
		if k >= 1 && k <= n && !slices.Contains(order, k-1) && len(order) < MaxChoices {
			order = append(order, k-1)
		}
	}
	return order, false, len(order) > 0
}

// listedItem is a line of a numbered list: "3. The Shadow Price of
// Congestion", "2) …". Not "[2] …": "[2] and [7]" is the bracketed
// numbers parseSelection reads otherwise.
var listedItem = regexp.MustCompile(`^\s*(\d{1,3})[.)]\s+\S`)

// listedChoices reads a reply that lists its choices as a numbered list of
// the papers' titles ("3. The Shadow Price …\n1. Congestion …"): the
// number opening each line, in order, up to the first line that is not
// such an item. It was "names no paper by number". A list's own ordinals
// (1., 2., 3. whatever the papers) cannot be told from choices, so a
// list numbered 1, 2, 3, … from its first line is not read as one.
func listedChoices(text string, n int) []int {
	var order, listed []int
	for _, line := range strings.Split(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		m := listedItem.FindStringSubmatch(line)
		if m == nil {
			break
		}
		k, _ := strconv.Atoi(m[1])
		listed = append(listed, k)
		if k >= 1 && k <= n && !slices.Contains(order, k-1) && len(order) < MaxChoices {
			order = append(order, k-1)
		}
	}
	if len(listed) > 1 {
		ordinal := true
		for i, k := range listed {
			ordinal = ordinal && k == i+1
		}
		if ordinal {
			return nil
		}
	}
	return order
}

// selectionFiller are the words a small model wraps its numbers in ("The
// best papers are 4 and 1.", "Answer: 2"); any other word makes the reply
// an explanation, not a choice.
var selectionFiller = map[string]bool{
	"and": true, "then": true, "the": true, "paper": true, "papers": true, "number": true, "numbers": true,
	"best": true, "most": true, "relevant": true, "directly": true, "is": true, "are": true,
	"answer": true, "answers": true, "choice": true, "choices": true, "followed": true, "by": true,
}

// FallbackPaperChooser is a PaperChooser that, when its LLM fails, chooses
// nothing (so the caller keeps its own order) and says so.
type FallbackPaperChooser struct {
	Primary PaperChooser
	b       *breaker
}

// PaperChooserWithFallback returns a paper chooser that asks primary and,
// when it fails, keeps the search's order with a notice.
func PaperChooserWithFallback(primary PaperChooser) *FallbackPaperChooser {
	return &FallbackPaperChooser{Primary: primary, b: &breaker{}}
}

// ChoosePapers implements PaperChooser.
func (f *FallbackPaperChooser) ChoosePapers(ctx context.Context, question string, candidates []Passage) (Selection, error) {
	return withFallback(ctx, f.b, "paper choice", "order of the search's papers",
		func() (Selection, error) { return f.Primary.ChoosePapers(ctx, question, candidates) },
		func() (Selection, error) {
			return Selection{Reason: "the LLM could not be asked; kept the search's order"}, nil
		},
		func(c *Selection, notice string, _ bool) { c.Notices = append(c.Notices, notice) })
}
